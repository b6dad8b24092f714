import type { FieldValues, Resolver } from 'react-hook-form';
import { setPasswordEstimator } from '../../../common/auth/password-strength';

// The strength estimator's dictionaries come with the forms that set a password, never with a
// first page (issue 31): one dynamic import, begun when such a form opens. With it the shared
// schema gives the words the server would answer, before anything is sent.
let loaded: Promise<void> | undefined;

export function loadPasswordEstimator(): Promise<void> {
  loaded ??= import('../../../common/auth/password-estimator')
    .then(({ createPasswordEstimator }) => setPasswordEstimator(createPasswordEstimator()))
    .catch(() => {
      loaded = undefined; // offline: the common-password list alone, the server checks the rest
    });
  return loaded;
}

/** A form's resolver that waits for the estimator first, so that a weak password never leaves. */
export function withPasswordEstimator<T extends FieldValues, C, R>(
  resolver: Resolver<T, C, R>,
): Resolver<T, C, R> {
  return async (...args) => {
    await loadPasswordEstimator();
    return resolver(...args);
  };
}
