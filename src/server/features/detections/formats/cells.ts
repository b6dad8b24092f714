import { DETECTION_TEXTS, type WallClock } from '../../../../common/detections.js';
import { dayAfter, isIsoDate } from '../../../../common/dates.js';
import type { Cells, DetectionRow } from './detection-format.js';

// Cell readers the formats share: numbers (a decimal comma where a spreadsheet in Europe
// saved the file), confidence as 0–1 or a percent, species labels, wall clocks.

/** A number written with a decimal point or comma; undefined when the cell is not one. */
export function numberCell(text: string): number | undefined {
  const trimmed = text.trim().replace(/^(-?\d+),(\d+)$/, '$1.$2');
  if (!/^-?(\d+\.?\d*|\.\d+)(e-?\d+)?$/i.test(trimmed)) return undefined;
  return Number(trimmed);
}

/** Seconds as a number (3.0, 3,0) or a clock from zero (00:00:03, BirdNET-Go's tables). */
export function secondsCell(text: string): number | undefined {
  const clock = /^(\d{1,2}):(\d{2}):(\d{2}(?:\.\d+)?)$/.exec(text.trim());
  if (!clock) return numberCell(text);
  const [h, m, s] = clock.slice(1).map(Number) as [number, number, number];
  return h * 3600 + m * 60 + s;
}

/**
 * 0–1 as BirdNET writes it, or a percent (85, 85.2 or 85 %) as a spreadsheet or a station's
 * pages show it. 1 is certainty, not 1 %.
 */
export function confidenceCell(text: string): number | { rejection: string } {
  const percent = /%\s*$/.test(text);
  const value = numberCell(text.replace(/%\s*$/, ''));
  if (value === undefined || value < 0 || value > 100)
    return { rejection: DETECTION_TEXTS.badConfidence(text.trim()) };
  return percent || value > 1 ? value / 100 : value;
}

// BirdNET's labels that are not species (its 6K labels' non-event classes, and "nocall" of
// custom models). A label repeating one word for both names is not enough: merlin is Merlin.
const NOT_SPECIES = new Set([
  'dog',
  'engine',
  'environmental',
  'fireworks',
  'gun',
  'human non-vocal',
  'human vocal',
  'human whistle',
  'noise',
  'nocall',
  'power tools',
  'siren',
]);

/** The label when it is one of BirdNET's sounds that are not species. */
export function notASpecies(...names: string[]): string | undefined {
  return names.map((name) => name.trim()).find((name) => NOT_SPECIES.has(name.toLowerCase()));
}

/** The last part of a path written on Windows or elsewhere. */
export const baseName = (path: string) => path.trim().split(/[\\/]/).pop() ?? '';

const pad = (value: number) => String(value).padStart(2, '0');

/** The wall clock `seconds` after `start` (whole seconds: fractions are left off). */
export function addSeconds(start: WallClock, seconds: number): WallClock {
  const [h = 0, m = 0, s = 0] = start.time.split(':').map(Number);
  const total = h * 3600 + m * 60 + s + Math.floor(seconds);
  const days = Math.floor(total / 86_400);
  const within = total - days * 86_400;
  return {
    date: days === 0 ? start.date : dayAfter(start.date, days),
    time: `${pad(Math.floor(within / 3600))}:${pad(Math.floor(within / 60) % 60)}:${pad(within % 60)}`,
  };
}

/** A date cell YYYY-MM-DD and a time cell HH:MM:SS (or HH:MM) as a wall clock. */
export function wallClockCells(date: string, time: string): WallClock | undefined {
  const day = date.trim();
  const clock = /^(\d{1,2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?$/.exec(time.trim());
  if (!isIsoDate(day) || !clock) return undefined;
  const [h, m, s] = clock.slice(1).map((part) => Number(part ?? 0)) as [number, number, number];
  if (h > 23 || m > 59 || s > 59) return undefined;
  return { date: day, time: `${pad(h)}:${pad(m)}:${pad(s)}` };
}

/** How a row names its species: what groups and dedupe keys go by. */
export const speciesKeyOf = (
  row: Pick<DetectionRow, 'scientificName' | 'speciesCode' | 'commonName'>,
) =>
  row.scientificName
    ? row.scientificName
    : row.speciesCode
      ? `code:${row.speciesCode}`
      : `name:${row.commonName}`;

/** The names and confidence of a row that gives a scientific name, or why it is left out. */
export function namedDetection(
  scientific: string,
  common: string,
  confidenceText: string,
): { scientificName: string; commonName: string; confidence: number } | { rejection: string } {
  const scientificName = scientific.trim();
  const commonName = common.trim() || scientificName;
  if (!scientificName) return { rejection: DETECTION_TEXTS.noSpecies };
  const label = notASpecies(scientificName, commonName);
  if (label) return { rejection: DETECTION_TEXTS.notASpecies(label) };
  const confidence = confidenceCell(confidenceText);
  if (typeof confidence !== 'number') return confidence;
  return { scientificName, commonName, confidence };
}

/** BirdNET-Analyzer's CSV columns for the names and confidence (BirdNET-Go's CSV has them too). */
export const analyzerCsvNames = (cells: Cells) =>
  namedDetection(cells('Scientific name'), cells('Common name'), cells('Confidence'));

/** A header holding every one of the columns, and the first record's cell in one of them. */
export const hasColumns = (header: readonly string[], columns: readonly string[]) =>
  columns.every((column) => header.includes(column));
export const firstCell = (
  header: readonly string[],
  first: readonly string[] | undefined,
  column: string,
) => first?.[header.indexOf(column)]?.trim() ?? '';
