// Runs before the app's modules, as a file of its own: the server's Content-Security-Policy allows
// scripts from this origin only, never inline.

// zod compiles object schemas with `new Function` when it may, and probes for that permission when
// its schemas are built (while the modules load, before any app code runs); under our policy (no
// eval) the probe is a reported violation. Its interpreted path is as correct and fast enough for
// forms. zod reads this global config object at load.
globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };

// Set direction before the first paint so the page does not flip after load.
(() => {
  const l = localStorage.getItem('selected-locale') === 'en' ? 'en' : 'ar';
  document.documentElement.lang = l;
  document.documentElement.dir = l === 'ar' ? 'rtl' : 'ltr';
})();
