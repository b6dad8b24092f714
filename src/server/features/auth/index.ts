// What other features and app.ts may use of the auth feature: sign-in routes, sessions and limits.
export type { BridgeRedirect } from './oidc-sign-in.js';
export { authRoutes } from './routes.js';
export {
  authRouteLimit,
  clearRateLimit,
  deleteExpiredRateLimits,
  hitRateLimit,
  peekRateLimit,
  rateLimitPlugin,
  tooManyRequests,
} from './rate-limits.js';
export { hashPassword, verifyPassword } from './passwords.js';
export { loadPasswordEstimator } from './password-strength.js';
export {
  ADMIN_RESET_TTL_MS,
  createResetLink,
  deleteExpiredLinks,
  endResetLinks,
  storePassword,
} from './password-reset.js';
export {
  deleteExpiredSessions,
  deleteSession,
  deleteUserSessions,
  deleteUserSessionsExcept,
  findUserSessions,
} from './session-store.js';
export {
  hashToken,
  isSecureOrigin,
  publicSessionId,
  requireUserId,
  SESSION_COOKIE,
  sessionsPlugin,
} from './sessions.js';
