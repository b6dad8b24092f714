import {
  DETECTION_TEXTS,
  type DetectionFormatName,
  type WallClock,
} from '../../../../common/detections.js';
import type { DetectionRow, ReadContext } from './detection-format.js';
import { addSeconds, baseName, secondsCell, speciesKeyOf, wallClockCells } from './cells.js';

// BirdNET-Analyzer (and BirdNET-Go's file analysis) count a detection's time in seconds from
// the recording's start, which only the recording's name tells, as recorders write it:
//   AudioMoth            20240501_053000.WAV (UTC unless set otherwise: the name does not say)
//   Song Meter, ARUs     SMA00380_20200501_071720.wav, ARU02_20230728_210700.wav
//   UTC-marked           20250618T230000Z_NR2_5133298.wav, G024_V1_C2065_U1_20210510_180000Z.flac
//   BirdNET-Pi and -Go   2024-05-01-birdnet-05:30:00.wav, 2024-05-01-birdnet-RTSP_1-05:30:00.wav
//   BirdNET-Pi streams   birdnet_2025-08-02_22-12-19.flac

const STAMP =
  /(?<!\d)(\d{4})(-?)(\d{2})\2(\d{2})(?:[_T ]|-birdnet-(?:RTSP_\d+-)?)(\d{2})([-:]?)(\d{2})\6(\d{2})(?!\d)(Z)?/i;

export interface RecordingStart {
  startedAt: WallClock;
  utc?: true;
}

/** The start a recording's name gives, if it gives one. */
export function startInName(name: string): RecordingStart | undefined {
  const match = STAMP.exec(baseName(name));
  if (!match) return undefined;
  const [, y, , mo, d, h, , mi, s, zulu] = match;
  const startedAt = wallClockCells(`${y}-${mo}-${d}`, `${h}:${mi}:${s}`);
  if (!startedAt) return undefined;
  return zulu ? { startedAt, utc: true } : { startedAt };
}

/**
 * Where a recording's seconds count from: its own name, else the start the person gave,
 * else the name of the uploaded results file (BirdNET_Rivendell_20210623_113602.csv).
 */
export function recordingStart(file: string, context: ReadContext): RecordingStart | undefined {
  return (
    startInName(file) ??
    (context.recordingStart ? { startedAt: context.recordingStart } : undefined) ??
    (context.fileName ? startInName(context.fileName) : undefined)
  );
}

/** A results file's own name less BirdNET's suffixes: the recording it was made from. */
export const recordingOfResults = (fileName: string) =>
  baseName(fileName).replace(
    /\.(BirdNET\.selection\.table\.txt|BirdNET\.results\.(csv|txt)|csv|txt)$/i,
    '',
  );

export interface OffsetDetection {
  format: DetectionFormatName;
  file: string;
  begin: string;
  end: string;
  species: Pick<DetectionRow, 'scientificName' | 'commonName' | 'speciesCode'>;
  confidence: number;
}

/**
 * A detection counted in seconds from its recording's start, as a row: its wall clock, its
 * clip, and a key made of the recording's name, the seconds and the species (so that a new
 * start given for the same file does not import it twice).
 */
export function offsetRow(
  detection: OffsetDetection,
  context: ReadContext,
): DetectionRow | { rejection: string } {
  const offset = secondsCell(detection.begin);
  if (offset === undefined || offset < 0)
    return { rejection: DETECTION_TEXTS.badOffset(detection.begin.trim()) };
  const end = secondsCell(detection.end);
  const file = detection.file.trim()
    ? baseName(detection.file)
    : context.fileName
      ? recordingOfResults(context.fileName)
      : '';
  const start = recordingStart(file, context);
  if (!start) return { rejection: DETECTION_TEXTS.unknownStart };
  const recording = file || `${start.startedAt.date}T${start.startedAt.time}`;
  return {
    ...detection.species,
    confidence: detection.confidence,
    startedAt: addSeconds(start.startedAt, offset),
    recordingStartedAt: start.startedAt,
    ...(start.utc ? { utc: true as const } : {}),
    offsetSeconds: offset,
    ...(end === undefined ? {} : { endSeconds: end }),
    ...(file ? { file } : {}),
    sourceKey: [detection.format, recording, offset, speciesKeyOf(detection.species)].join('|'),
  };
}
