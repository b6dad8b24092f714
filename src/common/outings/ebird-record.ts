import type { OutingProtocol } from './schemas.js';

// eBird's "Record Format" for its import tool (issue 22): one row per species per checklist,
// 19 columns in this order, and no header row (a header would be read as a record). Dates are
// MM/DD/YYYY and start times HH:MM on the 24-hour clock, both as they were at the place;
// distance in miles; the count a number or X; State/Province the two letters in the US and
// Canada (HI), the ISO 3166-2 code elsewhere (GB-SCT); Country Code ISO 3166-1 alpha-2.

export const EBIRD_RECORD_COLUMNS = [
  'Common Name',
  'Genus',
  'Species',
  'Number',
  'Species Comments',
  'Location Name',
  'Latitude',
  'Longitude',
  'Date',
  'Start Time',
  'State/Province',
  'Country Code',
  'Protocol',
  'Number of Observers',
  'Duration',
  'All observations reported?',
  'Effort Distance Miles',
  'Effort area acres',
  'Submission Comments',
] as const;

/** The protocol names eBird's import reads. */
export const EBIRD_PROTOCOL_NAMES: Record<OutingProtocol, string> = {
  incidental: 'Incidental',
  stationary: 'Stationary',
  traveling: 'Traveling',
  area: 'Area',
};

/**
 * The note eBird imports left on a log whose count was X (present, not counted), with a count of
 * 1, before the count could be X itself (issue 32); no longer written.
 */
export const UNCOUNTED_NOTE = 'Count not recorded (X)';

export const KM_PER_MILE = 1.609344;

/**
 * eBird's import takes a file of at most 1 MB: the account's records beyond it come as several
 * files, a checklist never split between two. 1,000,000 bytes, the smaller reading of "1 MB".
 */
export const EBIRD_FILE_MAX_BYTES = 1_000_000;
