// Runs before first paint: reads the saved theme (grove-theme) and sets the class on <html>.
// Kept in sync with src/lib/theme.ts (same key, same values).
// Also sends a returning visitor on '/' to the dashboard at once, so the server-rendered landing page never
// flashes by (the route guard's rule, src/app/route-guards.ts: not for '/#pricing').
(function () {
  try {
    if (window.location.pathname === '/' && window.location.hash !== '#pricing'
      && window.localStorage.getItem('grove-onboarding-completed') === 'true') {
      window.location.replace('/dashboard');
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
