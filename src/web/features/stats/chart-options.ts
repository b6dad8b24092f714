import type { ChartOptions } from 'chart.js';

// The charts' options (SPEC §2): no legend; the count axis starts at zero with whole-number
// ticks; colors come from the theme's CSS variables so both themes stay readable.

export interface ChartColors {
  line: string;
  fill: string;
  text: string;
  grid: string;
  /** Names and values drawn beside bars: the page's text color. */
  label: string;
  /** A value drawn on a bar: the primary's own foreground. */
  onBar: string;
  /** The card behind the charts: a capped bar's break mark. */
  background: string;
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
    label: read('--foreground', 'rgb(23, 23, 23)'),
    onBar: read('--primary-foreground', 'rgb(250, 250, 250)'),
    background: read('--card', 'rgb(255, 255, 255)'),
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

/** What a tooltip says of the point at `index`: its dates (title), its real value (label). */
interface TooltipTexts {
  title?: (index: number) => string;
  value?: (index: number) => string;
}

type Items = Array<{ dataIndex: number }>;

/** The plugins' options: no legend, and the tooltip's texts where given. */
const plugins = ({ title, value }: TooltipTexts = {}) => ({
  ...common.plugins,
  tooltip: {
    callbacks: {
      ...(title && { title: (items: Items) => (items[0] ? title(items[0].dataIndex) : '') }),
      ...(value && { label: (item: { dataIndex: number }) => value(item.dataIndex) }),
    },
  },
});

/**
 * A figure over time on y; the tooltip names the bucket's dates (`title(index)`). With `max`
 * (issue 34), the axis is capped and `value(index)` gives a capped point's real value.
 */
export const lineOptions = (
  colors: ChartColors,
  texts: TooltipTexts & { max?: number } = {},
): ChartOptions<'line'> => ({
  ...common,
  plugins: plugins(texts),
  scales: {
    x: axis(colors, false),
    y: { ...axis(colors, true), ...(texts.max !== undefined && { max: texts.max }) },
  },
});

/** The font of bar names and values, and what wraps them is measured in. */
export const LABEL_FONT = { family: 'system-ui, sans-serif', size: 12 } as const;
export const LABEL_FONT_CSS = `${LABEL_FONT.size}px ${LABEL_FONT.family}`;

export interface BarLayout {
  /** The capped axis' end (issue 34), or none. */
  max?: number;
  /** 'axis': names left of the bars; 'above': above each bar, the chart's full width (phones). */
  names: 'axis' | 'above';
  /** Room above the first bar for its name ('above'). */
  top?: number;
  /** A bar's thickness in px ('above'); else the category's share. */
  barThickness?: number;
  /** The tooltip's figure: the real value of a capped bar. */
  value?: (index: number) => string;
}

/** Top species: horizontal bars, so the counts are on x; names are wrapped lines, never cut. */
export const barOptions = (colors: ChartColors, layout: BarLayout): ChartOptions<'bar'> => ({
  ...common,
  indexAxis: 'y',
  // room for the value beside the longest bar
  layout: { padding: { right: 56, top: layout.top ?? 0 } },
  plugins: plugins({ value: layout.value }),
  ...(layout.barThickness && {
    datasets: { bar: { barThickness: layout.barThickness, categoryPercentage: 1 } },
  }),
  scales: {
    x: { ...axis(colors, true), ...(layout.max !== undefined && { max: layout.max }) },
    y: {
      ...axis(colors, false),
      grid: { display: false },
      ticks: {
        display: layout.names === 'axis',
        color: colors.label,
        font: LABEL_FONT,
        autoSkip: false,
      },
    },
  },
});

/** Species per month or year: vertical bars, room above them for their values, upright too. */
export const columnOptions = (
  colors: ChartColors,
  title: (index: number) => string,
): ChartOptions<'bar'> => ({
  ...common,
  layout: { padding: { top: 28 } },
  plugins: plugins({ title }),
  scales: { x: { ...axis(colors, false), grid: { display: false } }, y: axis(colors, true) },
});
