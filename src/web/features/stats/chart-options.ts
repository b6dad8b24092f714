import type { ChartOptions } from 'chart.js';

// The charts' options (SPEC §2): no legend; the count axis starts at zero with whole-number
// ticks; colors come from the theme's CSS variables so both themes stay readable.

export interface ChartColors {
  line: string;
  fill: string;
  text: string;
  grid: string;
}

/** 'oklch(l c h)' → 'oklch(l c h / 0.2)': the same hue, translucent under the line. */
export const translucent = (color: string) =>
  /^\w+\([^/]*\)$/.test(color) ? color.replace(/\)$/, ' / 0.2)') : color;

/** The colors from CSS custom properties, read through `variable` (empty when unset). */
export function chartColors(variable: (name: string) => string): ChartColors {
  const read = (name: string, fallback: string) => variable(name).trim() || fallback;
  const primary = read('--primary', 'rgb(22, 163, 74)');
  return {
    line: primary,
    fill: translucent(primary),
    text: read('--muted-foreground', 'rgb(115, 115, 115)'),
    grid: read('--border', 'rgb(229, 229, 229)'),
  };
}

function axis(colors: ChartColors, isCount: boolean) {
  return {
    beginAtZero: isCount,
    ticks: { color: colors.text, ...(isCount ? { precision: 0 } : {}) },
    grid: { color: colors.grid },
  };
}

const common = {
  responsive: true,
  maintainAspectRatio: false,
  plugins: { legend: { display: false } },
} as const;

/** Sightings over time: counts on y; the tooltip names the bucket's dates (`title(index)`). */
export const lineOptions = (
  colors: ChartColors,
  title?: (index: number) => string,
): ChartOptions<'line'> => ({
  ...common,
  plugins: {
    ...common.plugins,
    ...(title && {
      tooltip: { callbacks: { title: (items) => (items[0] ? title(items[0].dataIndex) : '') } },
    }),
  },
  scales: { x: axis(colors, false), y: axis(colors, true) },
});

/** 'Eurasian Reed Warbler' → 'Eurasian Ree…' (13 letters): a bar label that fits a phone. */
export const shortLabel = (label: string, letters: number) =>
  label.length > letters ? `${label.slice(0, letters - 1).trimEnd()}…` : label;

/** Top species: horizontal bars, so the counts are on x. */
export const barOptions = (colors: ChartColors): ChartOptions<'bar'> => ({
  ...common,
  indexAxis: 'y',
  layout: { padding: { right: 48 } }, // room for the value beside the longest bar
  scales: {
    x: axis(colors, true),
    y: {
      ...axis(colors, false),
      ticks: {
        color: colors.text,
        // a long name is cut, not the chart's left edge; the tooltip and the table keep it whole
        callback(value) {
          // about a third of the chart's width, at some 6.5 px a letter
          const letters = Math.max(8, Math.floor(this.chart.width / 20));
          return shortLabel(this.getLabelForValue(Number(value)), letters);
        },
      },
    },
  },
});
