// Issue 34: charts that stay readable with one huge flock. A bar or peak far above the rest is
// cut at a capped axis (its real value printed beside it), and species names wrap, never cut.

/** A bar this many times the next longest one is capped: the others would be slivers. */
export const CAP_RATIO = 4;
/** The capped axis ends this far past the next longest bar, at a round number. */
const CAP_ROOM = 1.25;

/** The smallest 1, 2, 2.5 or 5 × 10ⁿ at or above `value` (0 for 0). */
export function niceCeil(value: number): number {
  if (value <= 0) return 0;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 2.5, 5, 10].find((factor) => factor * power >= value * (1 - 1e-12)) ?? 10;
  return step * power;
}

export interface CappedAxis {
  /** The axis' end when a bar is capped; undefined when every bar fits as it is. */
  max: number | undefined;
  /** The bars as drawn: a capped one at the axis' end. */
  drawn: number[];
  /** Which bars are cut (their value beside them is the real one). */
  capped: boolean[];
}

/** Caps the longest bar when it is over CAP_RATIO times the next: the others keep their length. */
export function cappedAxis(values: number[]): CappedAxis {
  const sorted = [...values].sort((a, b) => b - a);
  const [top = 0, next = 0] = sorted;
  const fits = { max: undefined, drawn: values, capped: values.map(() => false) };
  if (next <= 0 || top <= next * CAP_RATIO) return fits;
  const max = niceCeil(next * CAP_ROOM);
  return {
    max,
    drawn: values.map((value) => Math.min(value, max)),
    capped: values.map((value) => value > max),
  };
}

/**
 * `text` in lines no wider than `maxWidth` as `measure` reads them: broken between words, or
 * after a hyphen; a word wider than a line alone is broken between letters. Nothing is left out.
 */
export function wrapLabel(
  text: string,
  maxWidth: number,
  measure: (text: string) => number,
): string[] {
  // 'White-fronted' → 'White-', 'fronted': a hyphen may end a line, and keeps its word whole
  const pieces = text
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .flatMap((word) =>
      word.split(/(?<=-)(?=.)/).map((part, index) => ({ part, space: index === 0 })),
    );
  const lines: string[] = [];
  let line = '';
  for (const { part: piece, space } of pieces) {
    const joined = line ? `${line}${space ? ' ' : ''}${piece}` : piece;
    if (measure(joined) <= maxWidth) {
      line = joined;
      continue;
    }
    if (line) lines.push(line);
    line = '';
    for (const letter of piece) {
      if (line && measure(line + letter) > maxWidth) {
        lines.push(line);
        line = '';
      }
      line += letter;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** Below this chart width (a phone), names go above their bars, across the chart's width. */
export const NAMES_ABOVE_BELOW = 560;
/** A bar's thickness when its name is above it. */
const BAR_THICKNESS = 16;
/** The height of a line of a wrapped name. */
export const LABEL_LINE = 15;

export interface NameLayout {
  names: 'axis' | 'above';
  /** Each name in the lines it is drawn in. */
  lines: string[][];
  /** The height of one bar's row, its name's included. */
  rowHeight: number;
  /** Room above the first row for its name. */
  top: number;
  barThickness?: number;
}

/**
 * How the names of horizontal bars fit a chart `width` px wide: beside the bars within about a
 * third of it, wrapped; on a phone above each bar, wrapped to the whole width.
 */
export function nameLayout(
  names: string[],
  width: number,
  measure: (text: string) => number,
): NameLayout {
  if (width >= NAMES_ABOVE_BELOW) {
    const lines = names.map((name) => wrapLabel(name, Math.min(width * 0.35, 260), measure));
    const most = Math.max(1, ...lines.map((name) => name.length));
    return { names: 'axis', lines, rowHeight: Math.max(36, most * LABEL_LINE + 14), top: 0 };
  }
  const lines = names.map((name) => wrapLabel(name, width - 4, measure));
  const block = Math.max(1, ...lines.map((name) => name.length)) * LABEL_LINE + 3;
  return {
    names: 'above',
    lines,
    rowHeight: BAR_THICKNESS + block + 8,
    top: Math.ceil(block / 2),
    barThickness: BAR_THICKNESS,
  };
}
