// What other features and app.ts may use of the auth feature: sign-in routes, sessions and limits.
export type { BridgeRedirect } from './oidc-sign-in.js';
export { authRoutes } from './routes.js';
export {
  authRouteLimit,
  deleteExpiredRateLimits,
  hitRateLimit,
  rateLimitPlugin,
  tooManyRequests,
} from './rate-limits.js';
export { deleteExpiredSessions } from './session-store.js';
export { hashToken, requireUserId, SESSION_COOKIE, sessionsPlugin } from './sessions.js';
