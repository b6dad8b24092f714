import { parseIsoDateTime } from '../../../../common/dates';
import { toZonedInput } from '@/lib/form-dates';

/** A photo's capture time as the form takes it: a `datetime-local` value at a zone's clock. */
export interface PhotoTime {
  local: string;
  zone: string;
}

/**
 * When a photo was taken, at the clock of its place. The camera's wall-clock time (EXIF has no
 * zone) is read in the zone of the photo's GPS position when it has one, else in the form's.
 * A camera that recorded its offset (OffsetTimeOriginal) names the instant itself: it is shown
 * at that zone's clock.
 */
export function photoTime(
  { takenAt, takenOffset }: { takenAt: string; takenOffset?: string },
  placeZone: string | undefined,
  formZone: string,
): PhotoTime {
  const zone = placeZone ?? formZone;
  const instant = takenOffset ? parseIsoDateTime(`${takenAt}:00${takenOffset}`) : undefined;
  return { local: instant ? toZonedInput(instant, zone) : takenAt, zone };
}
