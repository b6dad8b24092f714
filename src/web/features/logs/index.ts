export { LogsPage } from './logs-page';
