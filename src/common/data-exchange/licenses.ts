import { z } from 'zod';

// The licences a user can publish their data under (the Darwin Core Archive's `license`, the
// account's data licence): GBIF takes these three.

export const dataLicenses = ['CC0-1.0', 'CC-BY-4.0', 'CC-BY-NC-4.0'] as const;
export type DataLicense = (typeof dataLicenses)[number];
export const DEFAULT_DATA_LICENSE: DataLicense = 'CC-BY-4.0';

/**
 * What each licence is called, what it allows in a sentence (the export dialog and the account
 * page offer them so), and the IRI Darwin Core's `license` term takes.
 */
export const DATA_LICENSE_INFO: Record<DataLicense, { title: string; text: string; url: string }> =
  {
    'CC0-1.0': {
      title: 'CC0 1.0 (public domain)',
      text: 'Anyone may reuse the data, without conditions.',
      url: 'http://creativecommons.org/publicdomain/zero/1.0/legalcode',
    },
    'CC-BY-4.0': {
      title: 'CC BY 4.0 (attribution)',
      text: 'Anyone may reuse the data if they credit you.',
      url: 'http://creativecommons.org/licenses/by/4.0/legalcode',
    },
    'CC-BY-NC-4.0': {
      title: 'CC BY-NC 4.0 (attribution, non-commercial)',
      text: 'Anyone may reuse the data if they credit you, but not commercially.',
      url: 'http://creativecommons.org/licenses/by-nc/4.0/legalcode',
    },
  };

/** The licences in the order they are offered: the default first. */
export const OFFERED_DATA_LICENSES: DataLicense[] = ['CC-BY-4.0', 'CC0-1.0', 'CC-BY-NC-4.0'];

export const dataLicenseSchema = z.enum(dataLicenses, {
  error: 'Licence must be CC0-1.0, CC-BY-4.0 or CC-BY-NC-4.0',
});
