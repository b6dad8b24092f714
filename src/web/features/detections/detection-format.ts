import type { DetectionGroupReply, DetectionImportResult } from '../../../common/detections';
import { formatClock } from '@/features/recordings';

// What the import dialog and an outing's "To confirm" list say of detections (issue 37).

const number = (value: number) => value.toLocaleString('en');
export const detectionsText = (count: number) =>
  `${number(count)} ${count === 1 ? 'detection' : 'detections'}`;

/** A BirdNET score as the percent people read: 0.934 → "93%". */
export const percent = (confidence: number) => `${Math.round(confidence * 100)}%`;

/** Seconds into a recording as a player shows them: 12 → "0:12", 3725 → "1:02:05". */
export const offsetText = formatClock;

/** A recorder's path as its last part: "/data/input/20240501_053000.wav" → the file name. */
export const fileName = (path: string) => path.split(/[\\/]/).pop() ?? path;

type Clip = DetectionGroupReply['clips'][number];

/** "05:31:12 · 93% · 20240501_053000.wav at 0:12": the time of day is the outing's local one. */
export function clipLine(clip: Clip): string {
  const parts = [clip.detectedAt.slice(11, 19), percent(clip.confidence)];
  if (clip.file) {
    const at = clip.offsetSeconds === null ? '' : ` at ${offsetText(clip.offsetSeconds)}`;
    parts.push(`${fileName(clip.file)}${at}`);
  }
  return parts.join(' · ');
}

/** The local hour "2023-04-25T19" as "19:00–20:00", with its day when the list spans several. */
export function hourLabel(hour: string, withDay: boolean): string {
  const start = Number(hour.slice(11, 13));
  const range = `${String(start).padStart(2, '0')}:00–${String((start + 1) % 24).padStart(2, '0')}:00`;
  return withDay ? `${formatDate(hour.slice(0, 10), 'medium')}, ${range}` : range;
}

/** A local calendar date "2023-04-25" as "April 25, 2023" (or "Apr 25, 2023"). */
export const formatDate = (date: string, dateStyle: 'long' | 'medium' = 'long') =>
  new Intl.DateTimeFormat('en-US', { dateStyle, timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );

/** A species heard on the outing, with its hours to confirm in the order they come. */
export interface SpeciesToConfirm {
  speciesKey: string;
  commonName: string;
  scientificName: string | null;
  hours: DetectionGroupReply[];
  detections: number;
  bestConfidence: number;
}

/** The API's groups (by hour, then species) as species, first heard first. */
export function bySpecies(groups: DetectionGroupReply[]): SpeciesToConfirm[] {
  const species = new Map<string, SpeciesToConfirm>();
  for (const group of groups) {
    const entry = species.get(group.speciesKey) ?? {
      speciesKey: group.speciesKey,
      commonName: group.commonName,
      scientificName: group.scientificName,
      hours: [],
      detections: 0,
      bestConfidence: 0,
    };
    entry.hours.push(group);
    entry.detections += group.detections;
    entry.bestConfidence = Math.max(entry.bestConfidence, group.bestConfidence);
    species.set(group.speciesKey, entry);
  }
  return [...species.values()];
}

/** Whether the hours listed fall on more than one local day. */
export const spansDays = (groups: DetectionGroupReply[]) =>
  new Set(groups.map((group) => group.hour.slice(0, 10))).size > 1;

/** The dry run's or the import's figures, in the order the dialog lists them. */
export function importFigures(result: DetectionImportResult, dryRun: boolean) {
  return [
    { label: 'Read', value: result.read },
    { label: dryRun ? 'To import' : 'Imported', value: result.kept },
    { label: 'Below the minimum', value: result.belowMinimum },
    { label: 'Already imported', value: result.alreadyImported },
    { label: 'Repeated in the file', value: result.repeated },
    { label: 'Rows left out', value: result.rejectedCount },
  ].map(({ label, value }) => ({ label, value: number(value) }));
}

/** "5 groups to confirm" (a group: one species in one hour). */
export const groupsText = (count: number) =>
  `${number(count)} ${count === 1 ? 'group' : 'groups'} to confirm`;
