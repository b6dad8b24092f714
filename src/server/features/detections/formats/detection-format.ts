import type { DetectionFormatName, WallClock } from '../../../../common/detections.js';

// One source format of sound detections behind one interface (the project's rule: a new
// format is a new file). index.ts parses the text, finds the format from the header and the
// first record, then hands each record to the format's read().

/** A record's cell by its header name: '' when the file has no such column. */
export type Cells = (column: string) => string;

export interface ReadContext {
  /** The uploaded file's name: a recording's start may be in it (BirdNET_20240501_053000.csv). */
  fileName?: string;
  /** When the recording started, given by the person importing (overrides fileName). */
  recordingStart?: WallClock;
}

export interface DetectionRow {
  /** Absent where the file names the species by common name and eBird code only. */
  scientificName?: string;
  commonName: string;
  /** eBird's species code (BirdNET-Analyzer selection tables), when given. */
  speciesCode?: string;
  /** 0–1. */
  confidence: number;
  /**
   * The local wall clock as the station wrote it (or its UTC clock when utc is true); of a
   * recording's detection, its start's wall clock moved on by the seconds.
   */
  startedAt: WallClock;
  /** True when the recording's name marked its time as UTC (…T053000Z): not local time. */
  utc?: true;
  /**
   * When the recording started, for outputs that count from it (offsetSeconds): the detection's
   * instant is the start's plus the seconds, whatever the clock did meanwhile.
   */
  recordingStartedAt?: WallClock;
  /** Seconds into the recording, for outputs that count from the recording's start. */
  offsetSeconds?: number;
  endSeconds?: number;
  file?: string;
  latitude?: number;
  longitude?: number;
  /**
   * Stable across re-imports of the same file and across overlapping exports of the same
   * station: the import skips a row whose key it already holds.
   */
  sourceKey: string;
}

export type ReadResult = DetectionRow | { rejection: string };

export interface DetectionFormat {
  name: DetectionFormatName;
  /** True when the header (and the first record, where headers are alike) are this format's. */
  detect(header: readonly string[], first: readonly string[] | undefined): boolean;
  read(cells: Cells, context: ReadContext): ReadResult;
}
