import type { Chart, ChartType, Plugin } from 'chart.js';
import { LABEL_LINE } from './chart-layout';
import { LABEL_FONT_CSS } from './chart-options';

// What Chart.js leaves out of the stats' charts (issues 23, 34): each bar's value printed on it,
// a capped bar's break mark and a capped peak's real value, species names above bars on a phone.

export interface BarValuesOptions {
  /** The text at each bar's end: its real value, a capped bar's too. */
  texts: string[];
  /** Which bars run past the capped axis. */
  capped?: boolean[];
  colors: { label: string; onBar: string; background: string };
}

export interface BarNamesOptions {
  /** Each bar's name, in lines that fit the chart's width. */
  lines: string[][];
  color: string;
}

export interface PeakValuesOptions {
  /** The real value of each point cut at the capped axis; empty for the others. */
  texts?: string[];
  colors?: { label: string; background: string };
}

declare module 'chart.js' {
  // the merged interface must repeat Chart.js' own type parameter
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface PluginOptionsByType<TType extends ChartType> {
    barValues?: BarValuesOptions;
    barNames?: BarNamesOptions;
    peakValues?: PeakValuesOptions;
  }
}

interface BarBox {
  x: number;
  y: number;
  base: number;
  width: number;
  height: number;
}

const barsOf = (chart: Chart) =>
  chart
    .getDatasetMeta(0)
    .data.map((bar) => bar.getProps(['x', 'y', 'base', 'width', 'height'], true) as BarBox);

/** Two slanted strokes across a capped bar, near its end: the bar is longer than drawn. */
function breakMark(ctx: CanvasRenderingContext2D, bar: BarBox, at: number, color: string) {
  const half = bar.height / 2 + 2;
  ctx.save();
  ctx.strokeStyle = color;
  ctx.lineWidth = 3;
  for (const x of [at, at + 6]) {
    ctx.beginPath();
    ctx.moveTo(x - 3, bar.y + half);
    ctx.lineTo(x + 3, bar.y - half);
    ctx.stroke();
  }
  ctx.restore();
}

/**
 * Each bar's value at its end: beside it when there is room, else inside its end in the bar's
 * own contrast. On columns, above each one (issue 34).
 */
export const barValues: Plugin<'bar'> = {
  id: 'barValues',
  afterDatasetsDraw(chart, _args, options: BarValuesOptions) {
    const { ctx } = chart;
    ctx.save();
    ctx.font = LABEL_FONT_CSS;
    if (chart.options.indexAxis === 'y') valuesOnBars(chart, options);
    else valuesOnColumns(chart, options);
    ctx.restore();
  },
};

function valuesOnBars(chart: Chart, options: BarValuesOptions) {
  const { ctx } = chart;
  barsOf(chart).forEach((bar, index) => {
    const text = options.texts[index];
    if (!text) return;
    const width = ctx.measureText(text).width + 6;
    const room = chart.width - bar.x; // the layout's right padding is room for the longest
    const beside = room >= width;
    if (options.capped?.[index]) {
      const at = (beside ? bar.x : bar.x - width) - 18;
      if (at > bar.base + 4) breakMark(ctx, bar, at, options.colors.background);
    }
    ctx.textBaseline = 'middle';
    ctx.fillStyle = beside ? options.colors.label : options.colors.onBar;
    ctx.textAlign = beside ? 'left' : 'right';
    ctx.fillText(text, beside ? bar.x + 4 : bar.x - 4, bar.y);
  });
}

/**
 * Values above columns, level when every one fits its column's slot (the column and the gaps
 * beside it), else all turned upright; none when even that would overlap (the tooltip and the
 * table still give them).
 */
function valuesOnColumns(chart: Chart, options: BarValuesOptions) {
  const { ctx } = chart;
  const bars = barsOf(chart);
  const slot = bars.length ? (chart.chartArea.right - chart.chartArea.left) / bars.length : 0;
  const widest = Math.max(0, ...options.texts.map((text) => ctx.measureText(text).width));
  const level = widest + 2 <= slot;
  if (!level && slot < LABEL_LINE - 3) return;
  ctx.fillStyle = options.colors.label;
  bars.forEach((bar, index) => {
    const text = options.texts[index];
    if (!text) return;
    ctx.save();
    ctx.translate(bar.x, bar.y - 3);
    if (!level) ctx.rotate(-Math.PI / 2); // reading upwards from just above the column
    ctx.textAlign = level ? 'center' : 'left';
    ctx.textBaseline = level ? 'bottom' : 'middle';
    ctx.fillText(text, 0, 0);
    ctx.restore();
  });
}

/** Names above their bars, from the chart area's left edge: a phone's full width for a name. */
export const barNames: Plugin<'bar'> = {
  id: 'barNames',
  afterDatasetsDraw(chart, _args, options: Partial<BarNamesOptions>) {
    if (!options.lines?.length || !options.color) return;
    const { ctx } = chart;
    ctx.save();
    ctx.font = LABEL_FONT_CSS;
    ctx.fillStyle = options.color;
    ctx.textAlign = 'left';
    ctx.textBaseline = 'bottom';
    barsOf(chart).forEach((bar, index) => {
      const lines = options.lines?.[index] ?? [];
      const bottom = bar.y - bar.height / 2 - 3;
      lines.forEach((line, row) => {
        ctx.fillText(line, chart.chartArea.left, bottom - (lines.length - 1 - row) * LABEL_LINE);
      });
    });
    ctx.restore();
  },
};

/**
 * A capped peak's real value beside it, at the top of the chart area: on a card-colored
 * ground so the grid does not cross it, on the side with room.
 */
export const peakValues: Plugin<'line'> = {
  id: 'peakValues',
  afterDatasetsDraw(chart, _args, options: PeakValuesOptions) {
    if (!options.texts?.some(Boolean) || !options.colors) return;
    const { ctx, chartArea } = chart;
    const points = chart.getDatasetMeta(0).data;
    ctx.save();
    ctx.font = LABEL_FONT_CSS;
    ctx.textBaseline = 'middle';
    options.texts.forEach((text, index) => {
      const point = points[index];
      if (!text || !point) return;
      const { x } = point.getProps(['x'], true) as { x: number };
      const width = ctx.measureText(text).width;
      const left = x + 6 + width + 4 <= chartArea.right ? x + 6 : x - 6 - width;
      const y = chartArea.top + 10;
      ctx.fillStyle = options.colors!.background;
      ctx.fillRect(left - 3, y - 8, width + 6, 16);
      ctx.fillStyle = options.colors!.label;
      ctx.textAlign = 'left';
      ctx.fillText(text, left, y);
    });
    ctx.restore();
  },
};
