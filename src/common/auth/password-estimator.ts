import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonWords } from '@zxcvbn-ts/language-common';
import { dictionary as englishWords, translations } from '@zxcvbn-ts/language-en';
import type { PasswordEstimator } from './password-strength.js';

// zxcvbn-ts with its common and English dictionaries: 1.7 MB of JavaScript (750 kB compressed)
// that take a few hundred milliseconds to rank. Imported only dynamically, by the server at start
// and by the web app's password forms (see password-strength.ts), never with a first page.

export function createPasswordEstimator(): PasswordEstimator {
  const zxcvbn = new ZxcvbnFactory({
    translations,
    graphs: adjacencyGraphs,
    dictionary: { ...commonWords, ...englishWords },
  });
  return (password) => {
    const { score, feedback } = zxcvbn.check(password);
    return { score, warning: feedback.warning };
  };
}
