// What others use of data-exchange: the import dialog (the logs list) and the export links
// (the list's CSV, the map's GeoJSON).
export { exportUrl } from './export-url';
export { ImportDialog } from './import-dialog';
