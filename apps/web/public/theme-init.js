// Runs before first paint: reads the saved theme (grove-theme) and sets the class on <html>.
// Kept in sync with src/lib/theme.ts (same key, same values).
// Also sends a returning visitor on '/' to the dashboard at once, so the server-rendered landing page never
// flashes by (the route guard's rule, src/app/route-guards.ts: not for '/#pricing').
(function () {
  // 'Get Started' (data-get-started links) completes onboarding; a click before the app has taken the server-rendered
  // page over is followed by the browser, so the flag is set here too (src/components/get-started-link.tsx).
  document.addEventListener('click', function (event) {
    var start = event.target instanceof Element ? event.target.closest('[data-get-started]') : null;
    if (!start) return;
    try {
      window.localStorage.setItem('grove-onboarding-completed', 'true');
    } catch (error) {
      // Storage unavailable: the dashboard then sends the visitor back; nothing is lost.
    }
  }, true);
  try {
    if (window.location.pathname === '/' && window.location.hash !== '#pricing'
      && window.localStorage.getItem('grove-onboarding-completed') === 'true') {
      // A pairing link's fragment goes along: the app reads it and removes it at once (src/lib/sync/pending-pairing.ts).
      window.location.replace('/dashboard' + (window.location.hash.indexOf('#grove-sync=') === 0 ? window.location.hash : ''));
      return;
    }
  } catch (error) {
    // Storage unavailable: the app's own guard decides once it runs.
  }

  var preference = 'system';
  try {
    var raw = window.localStorage.getItem('grove-theme');
    if (raw) {
      var value = raw.charAt(0) === '"' ? JSON.parse(raw) : raw;
      if (value === 'light' || value === 'dark' || value === 'system') preference = value;
    }
  } catch (error) {
    // Storage can be unavailable (privacy mode); the system theme is then the right default.
  }
  var dark = preference === 'dark'
    || (preference === 'system' && window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches);
  var root = document.documentElement;
  root.classList.toggle('dark', dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
})();
