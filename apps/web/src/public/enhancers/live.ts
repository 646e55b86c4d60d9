// Everything live on a server-rendered public page (decision 075), on one realtime connection
// (public/realtime.ts): the visitor's presence join (docs/product.md, Visitor presence) on every page, and the live
// updates the app's screens show (features/blog, features/site-pages): a post's or a page's UPDATE replaces it with
// the server's current rendering and says so with the app's toast, a post deleted while open shows the notice its
// page carries, the blog's cards follow every change, and a reconnect or a server resync refreshes what is shown.
import { BLOG_POSTS_TOPIC, postTopic, siteContentTopic } from '@grove/domain/realtime/topic-names';
import { sessionVisit } from '@/lib/visitor-presence.ts';
import { fetchPage, replaceChildren, replaceHead } from '../page-fetch.ts';
import { PublicRealtime } from '../realtime.ts';
import { text } from '../strings.ts';
import type { ToastOptions } from '../toast.ts';
import { enhanceBlog } from './blog.ts';
import { enhanceLocalDates } from './local-dates.ts';

/** The toast's code and its stylesheet load with the first toast: nothing of them is in the way of the first paint. */
function showToast(options: ToastOptions): void {
  import('../toast.ts').then(({ showToast: show }) => show(options), (error: unknown) => {
    // The change itself is on the page already; only its announcement is lost.
    console.warn('The toast could not be shown.', error);
  });
}

/** Where the app keeps its admin (app/router.tsx): no presence there. */
const ADMIN_PREFIX = '/admin';
/** One refresh at a time per part; a request during one runs once more after it. */
function serial(task: () => Promise<void>): () => void {
  let running = false;
  let again = false;
  const run = () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    again = false;
    task().catch((error: unknown) => {
      // What is shown stays; the next change or reconnect tries again.
      console.warn('This page could not be refreshed.', error);
    }).finally(() => {
      running = false;
      if (again) run();
    });
  };
  return run;
}

/**
 * The part of the page at `selector` replaced by the server's current rendering of this page; the page's status. A
 * 404 (the post went) changes nothing here but the head: its tab title is the server's 'not found' page's, as in the
 * app (blog-post-screen.tsx), not the title of a post that is no longer there.
 */
async function refreshPart(document: Document, selector: string): Promise<number> {
  const { status, page } = await fetchPage(document.location.pathname);
  const current = document.querySelector(selector);
  const fresh = page.querySelector(selector);
  if (status === 200 && current && fresh) {
    replaceChildren(current, fresh);
    replaceHead(document, page);
    enhanceLocalDates(document);
  }
  if (status === 404) replaceHead(document, page);
  return status;
}

function livePost(document: Document, realtime: PublicRealtime, root: HTMLElement): void {
  const id = root.dataset.livePost ?? '';
  const selector = `[data-live-post="${CSS.escape(id)}"]`;
  // The notice comes from React on the server, inert in a template until now (blog-post-screen.tsx, Gone live).
  const notice = root.querySelector('template[data-live-deleted]');
  const noticeHtml = notice instanceof HTMLTemplateElement ? notice.innerHTML : '';
  let deleted = false;
  const showDeleted = () => {
    if (deleted) return;
    deleted = true;
    const article = root.querySelector(':scope > article');
    const replacement = document.createElement('template');
    replacement.innerHTML = noticeHtml;
    if (article) article.replaceWith(replacement.content);
    else root.append(replacement.content);
  };
  const refresh = (announce: boolean) => serial(async () => {
    if (deleted) return;
    const status = await refreshPart(document, selector);
    // The post went while the connection was down: the refetch's 404, as in the app.
    if (status === 404) showDeleted();
    else if (status === 200 && announce) showToast({ id: `post-updated:${id}`, type: 'info', title: text('site.post.updated') });
  });
  const updated = refresh(true);
  const refetch = refresh(false);
  // Deleted while open: the notice at once, then the head of the page the server now gives (its 404).
  const headOfGone = serial(async () => {
    const { status, page } = await fetchPage(document.location.pathname);
    if (status === 404) replaceHead(document, page);
  });
  realtime.subscribe(postTopic(id), (change) => {
    if (change.event === 'UPDATE' && change.key === id) updated();
  });
  realtime.subscribe(BLOG_POSTS_TOPIC, (change) => {
    if (change.event !== 'DELETE' || change.key !== id || deleted) return;
    showDeleted();
    headOfGone();
  });
  realtime.onRefetch(refetch);
}

function livePage(document: Document, realtime: PublicRealtime, root: HTMLElement): void {
  const slug = root.dataset.livePage ?? '';
  const selector = `[data-live-page="${CSS.escape(slug)}"]`;
  const refresh = (announce: boolean) => serial(async () => {
    const status = await refreshPart(document, selector);
    if (status !== 200 || !announce) return;
    // The title as the page shows it: the record's, or the page's own fallback (site-page-screen.tsx).
    const title = document.querySelector(`${selector} h1`)?.textContent?.trim() ?? '';
    showToast({ id: `page-updated:${slug}`, type: 'info', title: text('site.page.updated', { title }) });
  });
  const updated = refresh(true);
  realtime.subscribe(siteContentTopic(slug), (change) => {
    if (change.event === 'UPDATE' && change.key === slug) updated();
  });
  realtime.onRefetch(refresh(false));
}

/** Runs `start` once the page has loaded and the browser is idle: the page's own loading comes first. */
function afterLoad(window: Window, start: () => void): void {
  const idle = () => (window.requestIdleCallback ? window.requestIdleCallback(start, { timeout: 2000 }) : window.setTimeout(start, 0));
  if (window.document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

export function startLive(document: Document, createRealtime: () => PublicRealtime = () => new PublicRealtime()): void {
  const window = document.defaultView;
  // Load more works without the connection.
  const blog = enhanceBlog(document);
  if (!window || typeof WebSocket === 'undefined') return;
  const realtime = createRealtime();
  let inAdmin = false;

  const post = document.querySelector<HTMLElement>('[data-live-post]');
  if (post) livePost(document, realtime, post);
  const page = document.querySelector<HTMLElement>('[data-live-page]');
  if (page) livePage(document, realtime, page);
  if (blog) {
    const refresh = () => void blog.refresh();
    realtime.subscribe(BLOG_POSTS_TOPIC, refresh);
    realtime.onRefetch(refresh);
  }

  // The address moved into admin without a page load (a script's pushState, as the app's router does): a visitor
  // there is not counted, as in the app (lib/use-visitor-presence.ts).
  window.addEventListener('popstate', () => {
    if (!window.location.pathname.startsWith(ADMIN_PREFIX)) return;
    inAdmin = true;
    realtime.leavePresence();
  });
  // Every page of the visit joins as the same visitor (sessionVisit): the server counts visitors, not pages.
  afterLoad(window, () => {
    if (inAdmin) return;
    const visit = sessionVisit();
    realtime.joinPresence(visit.visitorId, visit.onlineAt);
    realtime.connect();
  });
}
