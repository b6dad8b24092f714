import { z } from 'zod';

// Issue 31: before its fix, the log form filled a photo's GPS position without its hemisphere
// (73.9665 W became 73.9665, in Kyrgyzstan) and took the zone there. The account page lists the
// logs whose point is their photo's with a sign lost, and fixes the ones the owner confirms.

/** A log's place and time, as stored or as the fix would make them. */
const placeTimeSchema = z.object({
  latitude: z.number(),
  longitude: z.number(),
  timeZone: z.string().nullable(),
  observedAt: z.iso.datetime({ offset: true }),
});

/** One log whose point is its photo's position without the signs. */
export const photoPositionSchema = z.object({
  logId: z.uuid(),
  speciesCommon: z.string(),
  /** False for a date-only log: its date stays, at noon in the corrected zone. */
  timeKnown: z.boolean(),
  stored: placeTimeSchema,
  /**
   * The photo's signed position and the zone there; the time keeps its clock reading when the
   * stored zone was the one at the wrong point, else its instant.
   */
  corrected: placeTimeSchema.extend({ timeZone: z.string() }),
});
export type PhotoPosition = z.infer<typeof photoPositionSchema>;

/** `GET /api/account/photo-positions`: newest sighting first. */
export const photoPositionsSchema = z.array(photoPositionSchema);

/** Logs fixed by one request at most; the page sends more in turns. */
export const PHOTO_POSITION_FIX_MAX = 1000;

/** `POST /api/account/photo-positions/fix`: the logs the owner confirmed. */
export const photoPositionFixSchema = z.object({
  logIds: z
    .array(z.uuid({ error: 'Each log id must be a log id' }), { error: 'logIds must be a list' })
    .min(1, 'Name at least one log to fix')
    .max(PHOTO_POSITION_FIX_MAX, `Fix at most ${PHOTO_POSITION_FIX_MAX} logs at once`),
});
export type PhotoPositionFix = z.infer<typeof photoPositionFixSchema>;

/** The logs fixed: those named that still had a photo's position without its signs. */
export const photoPositionFixResultSchema = z.object({ fixed: z.array(z.uuid()) });
export type PhotoPositionFixResult = z.infer<typeof photoPositionFixResultSchema>;
