// What others use of the account feature: the account query (the export dialog's licence).
// The page itself is loaded by app/ from account-page.tsx.
export { accountQuery } from './use-account';
