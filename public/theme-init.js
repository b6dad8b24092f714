// Runs before the first paint (a blocking classic script in index.html's <head>; the CSP forbids
// inline scripts). The one home of the initial-theme rule, SPEC §4: a stored valid value wins,
// otherwise the system dark preference, otherwise light. The app reads the result from <html>.
(function () {
  var stored = null;
  try {
    stored = window.localStorage.getItem('sightbook-theme');
  } catch {
    // storage blocked (private mode, sandboxed frame): fall through to the system preference
  }
  var dark =
    stored === 'dark' ||
    (stored !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.classList.toggle('dark', dark);
})();
