// zod compiles a faster parser with new Function() when it may; the app's Content Security
// Policy forbids eval, and zod's probe for it was reported as a CSP violation on every signed-in
// page. zod reads this global once, when it loads (zod/v4/core/core.js): main.tsx imports this
// module first, before anything that imports zod.
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };

export {};
