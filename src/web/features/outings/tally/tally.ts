import { nameKey } from '../../../../common/taxonomy';

// The tally of an outing in progress (issue 22): kept on the device while the person walks, and
// turned into the outing and one log per species when it ends (tally-writes.ts). Pure functions
// of the tally: the screen keeps every change on the device before showing it.

/** A position fix, as the Geolocation API reports it; accuracy in metres. */
export interface Fix {
  latitude: number;
  longitude: number;
  accuracy: number;
}

/** A sound recording made on the tally (issue 37), already on the server. */
export interface TallyRecording {
  /** What the log's uploadedRecordingUrls takes. */
  objectPath: string;
  durationSeconds: number;
  /** When the sound began (ISO 8601, UTC). */
  recordedAt: string;
  /** Where the device was then, when it knew. */
  at: Fix | null;
}

export interface TallyEntry {
  /** The id of the log's create when it is queued: its Idempotency-Key. */
  key: string;
  speciesCommon: string;
  speciesScientific: string | null;
  taxonId: string | null;
  count: number;
  note: string;
  /** Absent in tallies kept before recordings (issue 37). */
  recordings?: TallyRecording[];
  /** A species first tallied by a recording: the log's time and place are the recording's. */
  heard?: Pick<TallyRecording, 'recordedAt' | 'at'>;
}

export interface Tally {
  /** The id of the outing's create when it is queued: its Idempotency-Key. */
  key: string;
  /** The instant it started, from the device's clock (ISO 8601, UTC). */
  startedAt: string;
  /** The device's time zone then. */
  timeZone: string | null;
  /** Where it started: the first fix, when the device gives one. */
  start: Fix | null;
  /** Walked so far, from the fixes counted (`lastFix` the latest of them). */
  distanceKm: number;
  lastFix: Fix | null;
  /** The species tallied, the latest added first (next to where one types). */
  entries: TallyEntry[];
}

export type TallySpecies = Pick<TallyEntry, 'speciesCommon' | 'speciesScientific' | 'taxonId'>;

/** A fix less precise than this is not counted: one fix off by a kilometre adds two. */
export const WORST_COUNTED_ACCURACY_M = 100;

export function startTally(key: string, now: Date, timeZone: string | null): Tally {
  return {
    key,
    startedAt: now.toISOString(),
    timeZone,
    start: null,
    distanceKm: 0,
    lastFix: null,
    entries: [],
  };
}

/** The same species: the same taxon, or without one the same name ignoring case and accents. */
const sameSpecies = (entry: TallyEntry, species: TallySpecies) =>
  entry.taxonId && species.taxonId
    ? entry.taxonId === species.taxonId
    : nameKey(entry.speciesCommon) === nameKey(species.speciesCommon);

/** The entry of this species already tallied, if any. */
export const entryOf = (tally: Tally, species: TallySpecies) =>
  tally.entries.find((entry) => sameSpecies(entry, species));

/** Adds a species with a count of 1, first in the list; one already tallied counts one more. */
export function addSpecies(tally: Tally, species: TallySpecies, key: string): Tally {
  const known = entryOf(tally, species);
  if (known) return changeCount(tally, known.key, 1);
  const entry: TallyEntry = { key, ...species, count: 1, note: '' };
  return { ...tally, entries: [entry, ...tally.entries] };
}

/**
 * Puts a recording on its species' entry. A species not yet tallied is added with a count of 1
 * and the recording's time and place; one already tallied keeps its count (the same bird, heard).
 */
export function addRecording(
  tally: Tally,
  species: TallySpecies,
  recording: TallyRecording,
  key: string,
): Tally {
  const known = entryOf(tally, species);
  if (known) {
    return withEntry(tally, known.key, (entry) => ({
      ...entry,
      recordings: [...(entry.recordings ?? []), recording],
    }));
  }
  const { recordedAt, at } = recording;
  const entry: TallyEntry = {
    key,
    ...species,
    count: 1,
    note: '',
    recordings: [recording],
    heard: { recordedAt, at },
  };
  return { ...tally, entries: [entry, ...tally.entries] };
}

/** Changes a count by `delta`; it never goes below 1 (removing a species is asked for). */
export function changeCount(tally: Tally, key: string, delta: number): Tally {
  return withEntry(tally, key, (entry) => ({ ...entry, count: Math.max(1, entry.count + delta) }));
}

export function setNote(tally: Tally, key: string, note: string): Tally {
  return withEntry(tally, key, (entry) => ({ ...entry, note }));
}

export function removeEntry(tally: Tally, key: string): Tally {
  return { ...tally, entries: tally.entries.filter((entry) => entry.key !== key) };
}

const withEntry = (tally: Tally, key: string, change: (entry: TallyEntry) => TallyEntry) => ({
  ...tally,
  entries: tally.entries.map((entry) => (entry.key === key ? change(entry) : entry)),
});

/** How many individuals are tallied. */
export const individuals = (tally: Tally) =>
  tally.entries.reduce((sum, entry) => sum + entry.count, 0);

const EARTH_RADIUS_M = 6_371_008.8; // the mean radius (IUGG)
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The great-circle distance in metres between two points (haversine). */
export function metresBetween(a: Omit<Fix, 'accuracy'>, b: Omit<Fix, 'accuracy'>): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Counts a fix. The start is the first fix, or a more precise one before any way is counted. A
 * later fix adds the way from the last fix counted when it is farther than either fix's accuracy
 * (standing still, fixes wander within it); among fixes too close to count, the more precise
 * one is kept to measure from. Fixes worse than WORST_COUNTED_ACCURACY_M add no way.
 */
export function addFix(tally: Tally, fix: Fix): Tally {
  const betterStart =
    !tally.start || (tally.distanceKm === 0 && fix.accuracy < tally.start.accuracy);
  const start = betterStart ? fix : tally.start;
  const last = tally.lastFix;
  if (!(fix.accuracy <= WORST_COUNTED_ACCURACY_M)) return { ...tally, start };
  if (!last) return { ...tally, start, lastFix: fix };
  const metres = metresBetween(last, fix);
  if (metres <= Math.max(last.accuracy, fix.accuracy)) {
    return { ...tally, start, lastFix: fix.accuracy < last.accuracy ? fix : last };
  }
  return { ...tally, start, distanceKm: tally.distanceKm + metres / 1000, lastFix: fix };
}

/** Whole minutes from the start to `now`, never negative (a clock set back). */
export const minutesSince = (startedAt: string, now: Date) =>
  Math.max(0, Math.floor((now.getTime() - Date.parse(startedAt)) / 60_000));
