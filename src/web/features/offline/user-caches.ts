// No imports: the service worker reads this too (src/web/sw.ts).

/**
 * The Cache Storage caches holding one user's data: API replies, photos (private originals
 * with their GPS), shared pages seen, and a bridge token left for the installed app. The app
 * shell's precache and the species pack belong to no one and stay (issue 21).
 */
export const USER_CACHES = ['api', 'photos', 'shared-pages', 'pwa-auth-bridge'] as const;
export type UserCache = (typeof USER_CACHES)[number];
