import { describe, expect, it } from 'vitest';
import { countryAt, countryNamed } from './country.js';

describe('countryAt', () => {
  it('finds the country of coordinates offline', () => {
    expect(countryAt(39.74, -104.99)).toBe('US');
    expect(countryAt(48.86, 2.35)).toBe('FR');
    expect(countryAt(-40, -30)).toBeUndefined(); // the open South Atlantic
  });
});

describe('countryNamed', () => {
  it.each([
    ['United States', 'US'], // iNaturalist's place_country_name
    ['United Kingdom', 'GB'],
    ['Germany', 'DE'],
    ['Argentina', 'AR'],
    ["Côte d'Ivoire", 'CI'],
    ['Cote d’Ivoire', 'CI'],
    ['Czech Republic', 'CZ'],
    ['Czechia', 'CZ'],
    ['The Bahamas', 'BS'],
    ['Bahamas', 'BS'],
    ['St. Lucia', 'LC'],
    ['Saint Lucia', 'LC'],
    ['Bosnia & Herzegovina', 'BA'],
    ['Puerto Rico', 'PR'],
    ['  south korea ', 'KR'],
    ['Atlantis', undefined],
    ['', undefined],
  ])('reads %j as %j', (name, code) => {
    expect(countryNamed(name)).toBe(code);
  });
});
