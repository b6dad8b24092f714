// What others use of auth: who is signed in (the router, the installed-app start and main.tsx's
// early request), the header's user menu, and how forms show a server's refusal and take a new
// password (the account page). The router loads the sign-in page lazily.
export { showServerError } from './form-error';
export { NewPasswordField } from './new-password-field';
export { withPasswordEstimator } from './password-strength';
export { ServerErrorAlert } from './server-error-alert';
export { UserMenu } from './user-menu';
export { mayBeSignedIn, preloadUser, userQuery, useUser } from './use-user';
