import { isCommonPassword } from './common-passwords.js';

// How hard a new password is to guess (issue 31): zxcvbn-ts's estimate beside our list of common
// passwords. The estimator's dictionaries are large (password-estimator.ts), so this module holds
// only the rule: whoever checks passwords loads the estimator and hands it over, the server at
// start and the web app's password forms when they open. Until then the list alone decides; the
// server, which always has the estimator, has the last word.

/**
 * zxcvbn's score: 0 under 10^3 guesses, 1 under 10^6, 2 under 10^8, and so on. 2 is the usual
 * threshold against online guessing, which the sign-in limits slow down further.
 */
export const MIN_PASSWORD_SCORE = 2;

export interface PasswordEstimate {
  score: number;
  /** Why it is weak, as a sentence ('Repeated characters like "aaa" are easy to guess.'). */
  warning: string | null;
}
export type PasswordEstimator = (password: string) => PasswordEstimate;

let estimator: PasswordEstimator | undefined;

export function setPasswordEstimator(next: PasswordEstimator) {
  estimator = next;
}

const WHAT_TO_DO = 'add more words or characters.';

/** The reason a new password is refused, ending with what to do; undefined when it is fine. */
export function weakPasswordMessage(password: string): string | undefined {
  const estimate = estimator?.(password);
  if (estimate && estimate.score < MIN_PASSWORD_SCORE && estimate.warning) {
    return `${estimate.warning.replace(/\.$/, '')}: ${WHAT_TO_DO}`;
  }
  if ((estimate && estimate.score < MIN_PASSWORD_SCORE) || isCommonPassword(password)) {
    return `This password is too easy to guess: ${WHAT_TO_DO}`;
  }
  return undefined;
}
