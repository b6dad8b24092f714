// What others use of the review (issue 36): the user menu's item, which app/ puts in the header.
// The router loads the page itself (review-page.tsx) lazily.
export { ReviewMenuItem } from './review-menu-item';
