// What other features may use of the logs feature.
export { LogDetailsCard } from './log-details-page';
export { formatDay } from './log-dates';
