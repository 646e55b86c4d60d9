// Page scripts the browser benchmarks share (bench:tabs, bench:sync): plain JavaScript strings, since tsx compiles
// functions with helpers (__name) a page lacks.

/** In every page: the shared clock, a frame clock, A's key stamps and B's watcher. */
export const TWO_PAGE_CLOCK = `
  window.benchNow = () => performance.timeOrigin + performance.now();
  window.benchAfterPaint = (done) => requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = done;
    channel.port2.postMessage(null);
  });
  window.benchKeys = [];
  document.addEventListener('keydown', (event) => { window.benchKeys.push(performance.timeOrigin + event.timeStamp); }, { capture: true });
  window.benchSeen = [];
  /** Watches the DOM until test() is true; then stamps the time, and the time of the frame painted after it. */
  window.benchWatch = (test) => {
    const seen = { dom: null, paint: null };
    window.benchSeen.push(seen);
    const check = () => {
      if (!test()) return false;
      seen.dom = window.benchNow();
      window.benchAfterPaint(() => { seen.paint = window.benchNow(); });
      return true;
    };
    if (check()) return;
    const observer = new MutationObserver(() => {
      if (check()) observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  };
`;

/**
 * Seeds the workspace and the onboarding flag in the first page that opens, before the app runs (in the page
 * itself: a write made by a page closed at once could reach the next page's storage late, or not at all).
 */
export const seedScript = (text: string) => `
  if (localStorage.getItem('grove-data') === null) {
    localStorage.setItem('grove-onboarding-completed', 'true');
    localStorage.setItem('grove-data', ${JSON.stringify(text)});
  }
`;
