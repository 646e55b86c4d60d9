// Runs before first paint: reads the saved theme (grove-theme) and sets the class on <html>.
// Kept in sync with src/lib/theme.ts (same key, same values).
(function () {
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
