// What others use of the outings feature. The tally (issue 22): the logs list's "Start outing"
// button, composed into that page by the router.
export { StartOutingButton } from './tally/start-outing-button';
