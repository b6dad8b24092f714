// zod compiles a faster parser with new Function() when it may; the app's Content Security
// Policy forbids eval, and zod's probe for it was reported as a CSP violation on every signed-in
// page. zod keeps the object of this global when it loads (zod/v4/core/core.js): main.tsx
// imports this module first, and it sets the flag on that very object should zod come first.
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(holder.__zod_globalConfig ??= {}).jitless = true;

export {};
