import {
  CLIPS_PER_GROUP,
  DEFAULT_MIN_CONFIDENCE,
  type WallClock,
} from '../../../../common/detections.js';
import { speciesKeyOf } from './cells.js';
import type { DetectionRow } from './detection-format.js';

// An outing's list to confirm: one entry per species and local hour, with its best clips to
// listen to. A person confirms or rejects the species, not each of its detections.

export interface DetectionClip {
  startedAt: WallClock;
  confidence: number;
  file?: string;
  offsetSeconds?: number;
}

export interface DetectionGroup {
  /** What the group goes by: the scientific name, else code:<eBird code>, else name:<common>. */
  speciesKey: string;
  scientificName?: string;
  commonName: string;
  speciesCode?: string;
  /** The station's local hour, YYYY-MM-DDTHH. */
  hour: string;
  detections: number;
  bestConfidence: number;
  /** The best-scoring clips, best first, CLIPS_PER_GROUP at most. */
  clips: DetectionClip[];
}

export interface GroupedDetections {
  groups: DetectionGroup[];
  /** Detections under the minimum confidence, left out. */
  belowMinimum: number;
}

const clipOf = (row: DetectionRow): DetectionClip => ({
  startedAt: row.startedAt,
  confidence: row.confidence,
  ...(row.file === undefined ? {} : { file: row.file }),
  ...(row.offsetSeconds === undefined ? {} : { offsetSeconds: row.offsetSeconds }),
});

const byConfidence = (a: DetectionClip, b: DetectionClip) =>
  b.confidence - a.confidence ||
  `${a.startedAt.date}T${a.startedAt.time}`.localeCompare(
    `${b.startedAt.date}T${b.startedAt.time}`,
  );

/** Groups by species and hour, time first, then species by name. */
export function groupDetections(
  rows: readonly DetectionRow[],
  minConfidence = DEFAULT_MIN_CONFIDENCE,
): GroupedDetections {
  const groups = new Map<string, DetectionGroup>();
  let belowMinimum = 0;
  for (const row of rows) {
    if (row.confidence < minConfidence) {
      belowMinimum += 1;
      continue;
    }
    const speciesKey = speciesKeyOf(row);
    const hour = `${row.startedAt.date}T${row.startedAt.time.slice(0, 2)}`;
    const key = `${hour}|${speciesKey}`;
    let group = groups.get(key);
    if (!group) {
      group = {
        speciesKey,
        ...(row.scientificName ? { scientificName: row.scientificName } : {}),
        commonName: row.commonName,
        ...(row.speciesCode ? { speciesCode: row.speciesCode } : {}),
        hour,
        detections: 0,
        bestConfidence: 0,
        clips: [],
      };
      groups.set(key, group);
    }
    group.detections += 1;
    group.bestConfidence = Math.max(group.bestConfidence, row.confidence);
    group.clips = [...group.clips, clipOf(row)].sort(byConfidence).slice(0, CLIPS_PER_GROUP);
  }
  const name = (group: DetectionGroup) => group.scientificName ?? group.commonName;
  return {
    groups: [...groups.values()].sort(
      (a, b) => a.hour.localeCompare(b.hour) || name(a).localeCompare(name(b)),
    ),
    belowMinimum,
  };
}
