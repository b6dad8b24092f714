// What others use of auth: who is signed in (the router, the installed-app start and main.tsx's
// early request) and the header's user menu. The router loads the sign-in page lazily.
export { UserMenu } from './user-menu';
export { preloadUser, userQuery, useUser } from './use-user';
