import { setPasswordEstimator } from '../../../common/auth/password-strength.js';

// The shared password rule checks with the estimator it is handed (common/auth/password-strength.ts).
// Its dictionaries take about 0.3 s to load and rank: once per process, before any write's body is
// checked (app.ts). A failed load is tried again by the next write.
let loaded: Promise<void> | undefined;

export function loadPasswordEstimator(): Promise<void> {
  loaded ??= import('../../../common/auth/password-estimator.js').then(
    ({ createPasswordEstimator }) => setPasswordEstimator(createPasswordEstimator()),
    (error: unknown) => {
      loaded = undefined;
      throw error;
    },
  );
  return loaded;
}
