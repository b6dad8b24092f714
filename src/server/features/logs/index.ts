// What app.ts and other features may use of the logs feature.
export { isoDay, logRow, logRowJson, privacyName } from './log-json.js';
export { logsResultsPlugin, type LogsReadContext } from './logs-version.js';
export { filterWhere as logFilterWhere } from './queries/list.js';
export { logsRoutes } from './routes.js';
export { placeColumns } from './record-details.js';
export {
  createImportedLogs,
  deleteImportedLogs,
  findImportedSources,
  findUnusualOf,
  getOwnLogJson,
  isLogId,
  unusualOfImported,
  type ImportedLog,
} from './service.js';
export { listKey, speciesUnit } from './species.js';
export { linkLogsToBackbone } from './taxon-links.js';
export { suggestionsRoutes } from './suggestions-routes.js';
