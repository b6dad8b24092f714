import { privacyRank, type LocationPrivacy } from '../../../common/location-privacy.js';

// The columns of what a record brought from its source (issue 32; common/logs/record-details.ts).
// A field the payload leaves out is left out here too: an update keeps the stored value, a
// create takes the column's default (none, not captive).

interface PlaceHierarchy {
  /** Issue 35: left out of a create, the database takes the account's default. */
  locationPrivacy?: LocationPrivacy;
  locationEmbargoUntil?: string | null;
  county?: string | null;
  stateProvince?: string | null;
  countryCode?: string | null;
  locationId?: string | null;
  sourceUrl?: string | null;
}

interface RecordDetails extends PlaceHierarchy {
  breedingCode?: string | null;
  captive?: boolean;
  mediaUrls?: string[];
}

const withoutAbsent = <T extends object>(values: T): Partial<T> =>
  Object.fromEntries(
    Object.entries(values).filter(([, value]) => value !== undefined),
  ) as Partial<T>;

/**
 * The place hierarchy, location privacy and source link of a log's or an outing's payload, as
 * columns.
 */
export const placeColumns = (payload: PlaceHierarchy) =>
  withoutAbsent({
    locationPrivacy: payload.locationPrivacy && privacyRank(payload.locationPrivacy),
    locationEmbargoUntil: payload.locationEmbargoUntil,
    county: payload.county,
    stateProvince: payload.stateProvince,
    countryCode: payload.countryCode,
    locationId: payload.locationId,
    sourceUrl: payload.sourceUrl,
  });

/** Every record detail of a log's payload, as columns; no media is stored as none (null). */
export const recordDetailColumns = (payload: RecordDetails) => ({
  ...placeColumns(payload),
  ...withoutAbsent({
    breedingCode: payload.breedingCode,
    captive: payload.captive,
    mediaUrls:
      payload.mediaUrls === undefined
        ? undefined
        : payload.mediaUrls.length
          ? payload.mediaUrls
          : null,
  }),
});
