import { z } from 'zod';
import { breedingCode, breedingCodeValues } from './breeding-codes.js';
import { atMost, hasNoNul, NO_NUL_MESSAGE } from './text.js';

// What a record brings from its source besides the sighting itself (issue 32): the place
// hierarchy (county, state or province, country, the source's place id), eBird's breeding code,
// whether it was captive or cultivated, media kept elsewhere and the source record's page. The
// write fields are optional: absent on an update keeps what the log has (a form that knows
// nothing of them must not wipe what an import brought), null or '' clears it.

export const RECORD_LIMITS = {
  county: 200,
  stateProvince: 200,
  locationId: 80,
  sourceUrl: 500,
  mediaUrl: 2048,
  mediaUrls: 50,
} as const;

/** Optional text that an absent value leaves as it is: trimmed, '' and null clear it. */
const keptText = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, atMost(max, label))
    .refine(hasNoNul, `${label}: ${NO_NUL_MESSAGE}`)
    .nullable()
    .optional()
    .transform((value) => (value === undefined ? undefined : value || null));

/**
 * Optional text a check reads (`valid`, given the trimmed text), kept as `stored` makes it: ''
 * and null clear it, absent leaves it as it is.
 */
const keptChecked = (
  label: string,
  max: number,
  valid: (text: string) => boolean,
  message: string,
  stored: (text: string) => string = (text) => text,
) =>
  z
    .string({ error: message })
    .trim()
    .max(max, atMost(max, label))
    .refine((text) => text === '' || valid(text), message)
    .nullable()
    .optional()
    .transform((text) => (text === undefined ? undefined : text ? stored(text) : null));

/** An absolute http or https link. */
const isWebLink = (text: string, protocols = ['http:', 'https:']) => {
  if (!URL.canParse(text)) return false;
  const url = new URL(text);
  return protocols.includes(url.protocol) && url.hostname !== '';
};

export const placeHierarchyWriteShape = {
  county: keptText(RECORD_LIMITS.county, 'County'),
  stateProvince: keptText(RECORD_LIMITS.stateProvince, 'State/Province'),
  countryCode: keptChecked(
    'Country code',
    20, // a longer one is told it is not two letters
    (code) => /^[A-Za-z]{2}$/.test(code),
    'Country code must be two letters (ISO 3166-1 alpha-2)',
    (code) => code.toUpperCase(),
  ).describe('ISO 3166-1 alpha-2; upper-cased'),
  locationId: keptText(RECORD_LIMITS.locationId, 'Location ID'),
};

export const sourceUrlWriteField = keptChecked(
  'Source link',
  RECORD_LIMITS.sourceUrl,
  (text) => isWebLink(text),
  'Source link must be an http or https link',
).describe('The source record’s page, an http or https link');

export const logDetailsWriteShape = {
  ...placeHierarchyWriteShape,
  breedingCode: keptChecked(
    'Breeding code',
    20, // a longer one is told it is unknown
    (code) => breedingCode(code) !== undefined,
    'Unknown breeding code',
    (code) => code.toUpperCase(),
  ).describe(`One of eBird's breeding and behavior codes: ${breedingCodeValues.join(', ')}`),
  captive: z.boolean({ error: 'captive must be true or false' }).optional(),
  mediaUrls: z
    .array(
      z
        .string({ error: 'A media link must be an https link' })
        .trim()
        .max(RECORD_LIMITS.mediaUrl, atMost(RECORD_LIMITS.mediaUrl, 'A media link'))
        .refine((text) => isWebLink(text, ['https:']), 'A media link must be an https link'),
      { error: 'Media links must be a list of links' },
    )
    .max(RECORD_LIMITS.mediaUrls, `At most ${RECORD_LIMITS.mediaUrls} media links`)
    .nullable()
    .optional()
    .transform((urls) => (urls === null ? [] : urls))
    .describe('https links to media of the record kept elsewhere; null or [] clears them'),
  sourceUrl: sourceUrlWriteField,
};

export const placeHierarchyShape = {
  county: z.string().nullable(),
  stateProvince: z
    .string()
    .nullable()
    .describe("The source's state or province, as it writes it (eBird: `US-NY`)"),
  countryCode: z.string().nullable().describe('ISO 3166-1 alpha-2, upper case'),
  locationId: z.string().nullable().describe("The source's id of the place (eBird: `L123456`)"),
};

export const sourceUrlField = z
  .string()
  .nullable()
  .describe('The source record’s page: an eBird checklist, an iNaturalist observation');

export const logDetailsShape = {
  ...placeHierarchyShape,
  breedingCode: z
    .string()
    .nullable()
    .describe("eBird's breeding and behavior code (`FY`, `S7`…); null: none"),
  captive: z
    .boolean()
    .describe('Captive or cultivated: left off the life lists and lifers unless asked for'),
  mediaUrls: z.array(z.string()).describe('Media of the record kept elsewhere (Macaulay Library)'),
  sourceUrl: sourceUrlField,
};
