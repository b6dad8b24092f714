import type { ListGrowth, SpeciesByPeriod, TimeSeries } from '../../../common/stats';
import { nextBucket } from './time-axis';

// Issue 34: the life list's growth and the species per month or year, as points of an honest
// time axis (every day, month or year between the first and the last, none left out).

/** Up to this many days the growth is drawn day by day; past it, month by month. */
export const MAX_GROWTH_DAYS = 92;
/** Past this many months, species are counted per year unless the reader picks months. */
export const MAX_MONTH_BARS = 24;

export type GrowthBucket = 'day' | 'month';
export type SpeciesPeriod = 'month' | 'year';

const daysBetween = (from: string, to: string) =>
  (Date.parse(`${to}T00:00Z`) - Date.parse(`${from}T00:00Z`)) / 86_400_000;

const monthOf = (day: string) => `${day.slice(0, 7)}-01`;
const yearOf = (day: string) => `${day.slice(0, 4)}-01-01`;

/** The year after a year's first day, four digits kept ('0999-01-01' → '1000-01-01'). */
const nextYear = (start: string) =>
  `${String(Number(start.slice(0, 4)) + 1).padStart(4, '0')}-01-01`;

/** The start of the period after `start`. */
const nextPeriod = (start: string, period: GrowthBucket | SpeciesPeriod) =>
  period === 'year' ? nextYear(start) : nextBucket(start, period);

/**
 * The list's size at the end of each day (a span of up to MAX_GROWTH_DAYS) or month, from the
 * first species' to the last one's; a period that adds none keeps the size before it.
 */
export function growthSeries(points: ListGrowth): { bucket: GrowthBucket; series: TimeSeries } {
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last) return { bucket: 'day', series: [] };
  const bucket: GrowthBucket = daysBetween(first.day, last.day) < MAX_GROWTH_DAYS ? 'day' : 'month';
  const startOf = bucket === 'day' ? (day: string) => day : monthOf;
  const totals = new Map(points.map((point) => [startOf(point.day), point.totalSpecies]));
  const series: TimeSeries = [];
  let totalCount = 0;
  for (let start = startOf(first.day); start <= startOf(last.day);) {
    totalCount = totals.get(start) ?? totalCount; // the last day of a month gives its size
    series.push({ bucketStart: start, totalCount });
    start = nextPeriod(start, bucket);
  }
  return { bucket, series };
}

/** Months when they span at most MAX_MONTH_BARS, else years: bars a phone can still label. */
export function defaultPeriod(months: SpeciesByPeriod['months']): SpeciesPeriod {
  const first = months[0];
  const last = months[months.length - 1];
  if (!first || !last) return 'month';
  const span =
    (Number(last.periodStart.slice(0, 4)) - Number(first.periodStart.slice(0, 4))) * 12 +
    Number(last.periodStart.slice(5, 7)) -
    Number(first.periodStart.slice(5, 7)) +
    1;
  return span > MAX_MONTH_BARS ? 'year' : 'month';
}

/** Species per month or year, from the first period with any to the last, the others at 0. */
export function periodSeries(data: SpeciesByPeriod, period: SpeciesPeriod): TimeSeries {
  const points = period === 'year' ? data.years : data.months;
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last) return [];
  const counts = new Map(points.map((point) => [point.periodStart, point.species]));
  const startOf = period === 'year' ? yearOf : monthOf;
  const series: TimeSeries = [];
  for (let start = startOf(first.periodStart); start <= last.periodStart;) {
    series.push({ bucketStart: start, totalCount: counts.get(start) ?? 0 });
    start = nextPeriod(start, period);
  }
  return series;
}
