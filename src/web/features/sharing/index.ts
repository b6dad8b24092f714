// What others use of sharing: the share action (the logs list and details), and the public
// shared page, which app/ composes with the logs feature's read-only card.
export { SharedLogPage } from './shared-log-page';
export { useLinkPreview } from './use-link-preview';
export { shareLink, shareLog, type ShareOutcome } from './share-log';
