// What app.ts and other features may use of the logs feature.
export { logsResultsPlugin, type LogsReadContext } from './logs-version.js';
export { filterWhere as logFilterWhere } from './queries/list.js';
export { logsRoutes, sharedLogRoutes } from './routes.js';
export { createLogs, getSharedLog } from './service.js';
export { suggestionsRoutes } from './suggestions-routes.js';
