// What other features may use of the logs feature.
export { filterWhere as logFilterWhere } from './queries.js';
export { createLogs, getSharedLog } from './service.js';
