// The installed-app sign-in bridge (SPEC §4 "Installed-app start", §7). No zod here: the web
// app's first bundle imports these (bench/web-bundle.mjs budgets); the schema is in pwa-schemas.ts.

/** A bridge token is good for one exchange within this time. */
export const BRIDGE_TOKEN_TTL_MS = 5 * 60 * 1000;

/** Where a `pwa=true` sign-in ends, with the token in the query. */
export const pwaAuthCompletePath = (token: string) =>
  `/pwa-auth-complete?token=${encodeURIComponent(token)}`;

/** The completion page's error when the token was issued to another browser (issue 21). */
export const BRIDGE_OTHER_BROWSER =
  'This sign-in was not started in this browser. Sign in again from the app.';
