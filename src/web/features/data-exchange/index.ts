// What others use of data-exchange: the import and export dialogs (the logs list) and the
// export links (the map's GeoJSON).
export { ExportDialog } from './export-dialog';
export { exportUrl } from './export-url';
export { ImportDialog } from './import-dialog';
