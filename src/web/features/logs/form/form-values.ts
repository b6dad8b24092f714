import type { Log, LogWriteInput, LogWritePayload } from '../../../../common/logs/schemas';
import { localNowToTheMinute, toZonedInput, withZoneOffset } from '@/lib/form-dates';
import { browserTimeZone } from '@/lib/log-dates';
import { toWritePayload } from './log-payload';

// The form's values and what it sends: its Date & Time is a wall-clock time in the log's zone
// (lib/form-dates.ts); the sharing switch needs none of this (log-payload.ts).

type FormTime = Pick<LogWriteInput, 'timeZone' | 'timeKnown'>;

/**
 * The zone the form's Date & Time is read in: the log's; without one (a log from before zones
 * were kept), the browser's, and UTC for a date-only log (its noon was stored there).
 */
export const readingZone = ({ timeZone, timeKnown }: FormTime, browser = browserTimeZone()) =>
  timeZone || (timeKnown === false ? 'UTC' : browser) || 'UTC';

/** A new log's form: now, in the browser's zone, which the log records (SPEC §9). */
export const newLogValues = (): LogWriteInput => ({
  speciesCommon: '',
  speciesScientific: '',
  taxonId: null,
  count: 1,
  countKind: 'counted',
  observedAt: localNowToTheMinute(),
  timeZone: browserTimeZone() ?? null,
  timeKnown: true,
  placeName: '',
  latitude: null,
  longitude: null,
  coordinateUncertainty: null,
  description: '',
  notes: '',
  isPublic: true,
  showExactLocation: false,
  photoLinks: [],
  uploadedPhotoUrls: [],
  uploadedRecordingUrls: [],
  breedingCode: null,
  captive: false,
});

/** An existing log's form: its full payload, the observed time at its own zone's clock. */
export function formValues(log: Log, browser = browserTimeZone()): LogWriteInput {
  const zone = readingZone(log, browser);
  return { ...toWritePayload(log), observedAt: toZonedInput(new Date(log.observedAt), zone) };
}

/** The form's values as the API takes them: the time with its zone's offset. */
export function toRequest(values: LogWritePayload, browser = browserTimeZone()): LogWriteInput {
  const zone = readingZone(values, browser);
  return {
    ...values,
    observedAt: withZoneOffset(values.observedAt, zone, values.timeKnown),
    coordinateUncertainty: values.latitude === null ? null : values.coordinateUncertainty,
  };
}
