import type { Outing, OutingWriteInput } from '../../../common/outings/schemas';

/** The whole outing as a write: PUT replaces it, so every field goes back as it is. */
export const toOutingPayload = (outing: Outing): OutingWriteInput => ({
  startedAt: outing.startedAt,
  timeZone: outing.timeZone,
  durationMinutes: outing.durationMinutes,
  distanceKm: outing.distanceKm,
  protocol: outing.protocol,
  partySize: outing.partySize,
  complete: outing.complete,
  placeName: outing.placeName,
  latitude: outing.latitude,
  longitude: outing.longitude,
  coordinateUncertainty: outing.coordinateUncertainty,
  notes: outing.notes,
  isPublic: outing.isPublic,
  locationPrivacy: outing.locationPrivacy,
  locationEmbargoUntil: outing.locationEmbargoUntil,
});
