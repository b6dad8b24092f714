import { listChunks, riffChunks } from './riff.js';

/**
 * When and where a recorder says a WAV was made: from a GUANO `guan` chunk (bat detectors, Song
 * Meters, AudioMoth with GPS) or, failing that, from the comment AudioMoth firmware writes into
 * its LIST/INFO `ICMT` chunk.
 */
export interface RecorderFacts {
  /** The start of the recording, when the file says its UTC offset (or says it is UTC). */
  recordedAt?: Date;
  /** The recorder's wall clock, 'YYYY-MM-DDTHH:MM:SS', with or without a known offset. */
  recordedAtLocal?: string;
  /** Minutes east of UTC, when the file says. */
  utcOffsetMinutes?: number;
  latitude?: number;
  longitude?: number;
  /** 'Wildlife Acoustics, Inc. Song Meter Mini', 'AudioMoth 24E144085F256E1C'. */
  recorder?: string;
}

export function readRecorderFacts(wav: Uint8Array): RecorderFacts {
  const chunks = riffChunks(wav);
  const text = (start: number, size: number) =>
    new TextDecoder().decode(wav.subarray(start, start + size));
  const guan = chunks.find((chunk) => chunk.id === 'guan');
  if (guan) return guanoFacts(parseGuano(text(guan.start, guan.size)));
  const info = chunks.flatMap((chunk) => listChunks(wav, chunk, 'INFO'));
  const comment = info.find((chunk) => chunk.id === 'ICMT');
  return comment ? audioMothFacts(text(comment.start, comment.size)) : {};
}

/**
 * GUANO's 'key: value' lines (namespaced keys keep their 'NS|' prefix). Per the specification:
 * split at the first ':', trim whitespace and NULs (writers pad the chunk), skip empty lines.
 */
export function parseGuano(text: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (const line of text.split('\n')) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const key = trimmed(line.slice(0, colon));
    if (key) fields.set(key, trimmed(line.slice(colon + 1)));
  }
  return fields;
}
const trimmed = (value: string) => value.replace(/^[\s\0]+|[\s\0]+$/g, '');

function guanoFacts(fields: Map<string, string>): RecorderFacts {
  const facts: RecorderFacts = { ...parseGuanoTimestamp(fields.get('Timestamp') ?? '') };
  const [latitude, longitude] = (fields.get('Loc Position') ?? '').split(/[\s,]+/).map(Number);
  if (isLatitude(latitude) && isLongitude(longitude)) Object.assign(facts, { latitude, longitude });
  const recorder = [fields.get('Make'), fields.get('Model')].filter(Boolean).join(' ');
  if (recorder) facts.recorder = recorder;
  return facts;
}

const isLatitude = (value: number | undefined): value is number =>
  value !== undefined && Number.isFinite(value) && Math.abs(value) <= 90;
const isLongitude = (value: number | undefined): value is number =>
  value !== undefined && Number.isFinite(value) && Math.abs(value) <= 180;

/**
 * The GUANO subset of ISO 8601 as recorders write it: 'T' or a space between date and time,
 * optional fractions, 'Z', an offset, or none (local time). Song Meters write a one-digit hour in
 * their offset ('2020-10-17 13:05:00+1:00'), which guano-py accepts too.
 */
const GUANO_TIMESTAMP =
  /^(\d{4}-\d\d-\d\d)[T ](\d\d:\d\d:\d\d)(?:\.\d+)?(Z|[+-]\d{1,2}(?::?\d\d)?)?$/;

export function parseGuanoTimestamp(value: string): RecorderFacts {
  const match = GUANO_TIMESTAMP.exec(value.trim());
  if (!match) return {};
  const [, date, time, zone] = match as unknown as [string, string, string, string | undefined];
  if (zone === undefined) return { recordedAtLocal: `${date}T${time}` };
  const offset = zone === 'Z' ? 0 : offsetMinutes(zone);
  return zoned(`${date}T${time}`, offset);
}

/** '+1:00' → 60, '-0230' → -150, '+05' → 300. */
function offsetMinutes(zone: string): number {
  const [, sign, hours, minutes] = /^([+-])(\d{1,2}):?(\d\d)?$/.exec(zone)!;
  return (sign === '-' ? -1 : 1) * (Number(hours) * 60 + Number(minutes ?? 0));
}

function zoned(local: string, utcOffsetMinutes: number): RecorderFacts {
  const recordedAt = new Date(Date.parse(`${local}Z`) - utcOffsetMinutes * 60_000);
  if (Number.isNaN(recordedAt.getTime())) return {};
  return { recordedAt, recordedAtLocal: local, utcOffsetMinutes };
}

/**
 * AudioMoth firmware's comment, e.g. 'Recorded at 05:30:00 01/05/2024 (UTC+1) by AudioMoth
 * 24E144085F256E1C at medium gain while battery was 4.1V and temperature was 12.3C.' The time is
 * the wall clock of the offset in brackets: '(UTC)', '(UTC-5)', '(UTC+5:30)', and '(UTC-0:30)'
 * for a negative offset under an hour (AudioMoth-Firmware-Basic, setHeaderComment).
 */
const AUDIOMOTH_COMMENT =
  /Recorded at (\d\d):(\d\d):(\d\d) (\d\d)\/(\d\d)\/(\d{4}) \(UTC([+-]\d{1,2}(?::\d\d)?)?\)(?: by (AudioMoth [0-9A-F]{16}))?/;

export function audioMothFacts(comment: string): RecorderFacts {
  const match = AUDIOMOTH_COMMENT.exec(comment);
  if (!match) return {};
  const [, hh, mm, ss, day, month, year, zone, recorder] = match as unknown as string[];
  const local = `${year}-${month}-${day}T${hh}:${mm}:${ss}`;
  const facts = zoned(local, zone ? offsetMinutes(zone) : 0);
  return recorder ? { ...facts, recorder } : facts;
}
