import { describe, expect, it } from 'vitest';
import { countryAt } from './country.js';

describe('countryAt', () => {
  it('finds the country of coordinates offline', () => {
    expect(countryAt(39.74, -104.99)).toBe('US');
    expect(countryAt(48.86, 2.35)).toBe('FR');
    expect(countryAt(-40, -30)).toBeUndefined(); // the open South Atlantic
  });
});
