import type { Log, LogWriteInput } from '../../../../common/logs/schemas';

/** The full write payload that keeps a log as it is (SPEC §3); a PUT replaces everything. */
export function toWritePayload(log: Log): LogWriteInput {
  return {
    speciesCommon: log.speciesCommon,
    speciesScientific: log.speciesScientific,
    taxonId: log.taxon?.id ?? null,
    count: log.count,
    countKind: log.countKind,
    observedAt: log.observedAt,
    timeZone: log.timeZone,
    timeKnown: log.timeKnown,
    placeName: log.placeName,
    latitude: log.latitude,
    longitude: log.longitude,
    coordinateUncertainty: log.coordinateUncertainty,
    description: log.description,
    notes: log.notes,
    isPublic: log.isPublic,
    showExactLocation: log.showExactLocation,
    locationPrivacy: log.locationPrivacy,
    locationEmbargoUntil: log.locationEmbargoUntil,
    outingId: log.outingId,
    photoLinks: log.photos.filter((p) => p.sourceType === 'external').map((p) => p.url),
    uploadedPhotoUrls: log.photos.filter((p) => p.sourceType === 'uploaded').map((p) => p.url),
    uploadedRecordingUrls: log.recordings.map((recording) => recording.url), // the owner's paths
    county: log.county,
    stateProvince: log.stateProvince,
    countryCode: log.countryCode,
    locationId: log.locationId,
    breedingCode: log.breedingCode,
    captive: log.captive,
    mediaUrls: log.mediaUrls,
    sourceUrl: log.sourceUrl,
  };
}
