// What others use of the outings feature: the logs list's "Start outing" button (the tally,
// issue 22), composed into that page by the router; the pages load lazily.
export { StartOutingButton } from './tally/start-outing-button';
