import { parseIsoDateTime } from '../../../common/dates';
import { storedCount } from '../../../common/logs/count';
import {
  locationPrivacyLevels,
  privacyRank,
  type LocationPrivacy,
  type LocationShown,
} from '../../../common/location-privacy';
import {
  logSchema,
  logWriteSchema,
  storedUncertainty,
  type Log,
  type LogPhoto,
  type LogWriteInput,
  type LogWritePayload,
} from '../../../common/logs/schemas';
import type { QueuedWrite } from './offline-queue';

/**
 * The log as an edit queued offline will leave it, for the details page until it is sent: the
 * API's own shape (logSchema), made from the payload as the server makes it. The payload is
 * parsed here: a queued write's body may be another kind's (an outing's).
 */
export function withPendingEdit(log: Log, input: LogWriteInput | QueuedWrite['body']): Log {
  const edit = logWriteSchema.safeParse(input);
  if (!edit.success) return log;
  const preview = logSchema.safeParse(editedLog(log, edit.data));
  return preview.success ? preview.data : log;
}

/** Every field of a log is named here, so a field the API gains cannot be left out. */
function editedLog(log: Log, values: LogWritePayload): Log {
  return {
    id: log.id,
    userId: log.userId,
    speciesCommon: values.speciesCommon,
    speciesScientific: values.speciesScientific,
    taxon: pendingTaxon(log, values),
    count: storedCount(values),
    countKind: values.countKind,
    observedAt: parseIsoDateTime(values.observedAt)?.toISOString() ?? log.observedAt,
    timeZone: values.timeZone,
    timeKnown: values.timeKnown,
    placeName: values.placeName,
    latitude: values.latitude,
    longitude: values.longitude,
    coordinateUncertainty: storedUncertainty(values),
    description: values.description,
    notes: values.notes,
    isPublic: values.isPublic ?? log.isPublic, // absent keeps the visibility, as on the server
    showExactLocation: values.showExactLocation,
    createdAt: log.createdAt,
    updatedAt: log.updatedAt,
    // known again once sent: an edit may change the species or the time
    firstOfSpecies: log.firstOfSpecies,
    outingId: values.outingId === undefined ? log.outingId : values.outingId,
    photos: pendingPhotos(log.photos, values),
    recordings: log.recordings, // the web app sends none yet: absent keeps them (issue 37)
    // absent keeps what the log has, as on the server (issue 32)
    county: kept(values.county, log.county),
    stateProvince: kept(values.stateProvince, log.stateProvince),
    countryCode: kept(values.countryCode, log.countryCode),
    locationId: kept(values.locationId, log.locationId),
    breedingCode: kept(values.breedingCode, log.breedingCode),
    captive: kept(values.captive, log.captive),
    mediaUrls: kept(values.mediaUrls, log.mediaUrls),
    sourceUrl: kept(values.sourceUrl, log.sourceUrl),
    ...pendingPrivacy(log, values),
    // the server flags the record again when it is sent; a decision stays with the record
    unusual: log.unusual,
    review: log.review,
  };
}

const kept = <T>(value: T | undefined, current: T): T => (value === undefined ? current : value);

/**
 * The owner's location privacy as the edit leaves it (absent keeps it, as on the server), and how
 * others will see it: the strictest of the owner's level, a running embargo, and what a rule or
 * the outing made of it before (the server knows better once the edit is sent).
 */
function pendingPrivacy(
  log: Log,
  values: LogWritePayload,
): Pick<Log, 'locationPrivacy' | 'locationEmbargoUntil' | 'locationShown'> {
  const locationPrivacy = kept(values.locationPrivacy, log.locationPrivacy);
  const locationEmbargoUntil = kept(values.locationEmbargoUntil, log.locationEmbargoUntil);
  const unchanged =
    locationPrivacy === log.locationPrivacy && locationEmbargoUntil === log.locationEmbargoUntil;
  if (unchanged) return { locationPrivacy, locationEmbargoUntil, locationShown: log.locationShown };
  const { level, reason } = log.locationShown;
  const ruled = reason === 'sensitive' || reason === 'outing' ? level : 'open';
  const today = new Date().toISOString().slice(0, 10); // an embargo ends at a UTC day
  const embargo = locationEmbargoUntil !== null && locationEmbargoUntil > today;
  const strictest = Math.max(privacyRank(locationPrivacy), privacyRank(ruled), embargo ? 2 : 0);
  const shownLevel: LocationPrivacy = locationPrivacyLevels[strictest] ?? 'private';
  // the server's order: the owner's choice first, then a rule, then the embargo
  const shownReason: LocationShown['reason'] =
    shownLevel === 'open'
      ? null
      : shownLevel === locationPrivacy
        ? 'owner'
        : shownLevel === ruled
          ? reason
          : 'embargo';
  return {
    locationPrivacy,
    locationEmbargoUntil,
    locationShown: { level: shownLevel, reason: shownReason },
  };
}

/**
 * The taxon the server will link: the log's own while the edit names it, or names none and keeps
 * the names (the server matches them again, to the same taxon); else unknown until it is sent.
 */
function pendingTaxon(log: Log, values: LogWritePayload): Log['taxon'] {
  if (!log.taxon) return null;
  if (values.taxonId !== null) return values.taxonId === log.taxon.id ? log.taxon : null;
  const sameNames =
    values.speciesCommon === log.speciesCommon &&
    values.speciesScientific === log.speciesScientific;
  return sameNames ? log.taxon : null;
}

/**
 * The photos as the server will list them: the links, then the uploads, each once (its
 * logs service). A photo the log already has keeps its id and label (the payload has none).
 */
function pendingPhotos(
  photos: LogPhoto[],
  { photoLinks, uploadedPhotoUrls }: LogWritePayload,
): LogPhoto[] {
  const wanted = [
    ...[...new Set(photoLinks)].map((url) => ({ url, sourceType: 'external' as const })),
    ...[...new Set(uploadedPhotoUrls)].map((url) => ({ url, sourceType: 'uploaded' as const })),
  ];
  return wanted.map(({ url, sourceType }, position) => {
    const known = photos.find((photo) => photo.url === url);
    return {
      id: known?.id ?? pendingPhotoId(position),
      url,
      sourceType,
      label: known?.label ?? null,
    };
  });
}

/** A photo the server has not seen yet: an id of its place, the same on every render. */
const pendingPhotoId = (position: number) =>
  `00000000-0000-4000-8000-${position.toString(16).padStart(12, '0')}`;
