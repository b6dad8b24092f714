import type { StatsBucket, TimeSeries } from '../../../common/stats';
import { formatBucketLabel } from './stats-format';

// Issue 23, an honest time axis: every bucket between the first and the last sighting is on
// it, empty ones at zero (a month without sightings is as wide as a busy one); a label names
// the year on the first bucket and wherever the year changes; the tooltip names the dates.

/** More buckets than this (ten years of days) are drawn as they come, without the empty ones. */
export const MAX_FILLED_BUCKETS = 3660;

const [DAY, WEEK] = [1, 7];

function parseDay(day: string) {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const utc = new Date(Date.UTC(2000, month - 1, date));
  utc.setUTCFullYear(year); // years below 100 stay themselves
  return utc;
}

const isoDay = (date: Date) => {
  const year = String(date.getUTCFullYear()).padStart(4, '0');
  const month = String(date.getUTCMonth() + 1).padStart(2, '0');
  return `${year}-${month}-${String(date.getUTCDate()).padStart(2, '0')}`;
};

/** The start of the bucket after `start`. */
export function nextBucket(start: string, bucket: StatsBucket): string {
  const date = parseDay(start);
  if (bucket === 'month') date.setUTCMonth(date.getUTCMonth() + 1, 1);
  else date.setUTCDate(date.getUTCDate() + (bucket === 'week' ? WEEK : DAY));
  return isoDay(date);
}

/** Every bucket from the first point's to the last one's, the missing ones at 0. */
export function fillBuckets(points: TimeSeries, bucket: StatsBucket): TimeSeries {
  if (points.length < 2) return points;
  const counts = new Map(points.map((point) => [point.bucketStart, point.totalCount]));
  const last = points[points.length - 1]!.bucketStart;
  const filled: TimeSeries = [];
  for (let start = points[0]!.bucketStart; start <= last; start = nextBucket(start, bucket)) {
    filled.push({ bucketStart: start, totalCount: counts.get(start) ?? 0 });
    if (filled.length > MAX_FILLED_BUCKETS) return points;
  }
  return filled;
}

/** 'May 4' labels with ', 2026' on the first and where the year changes ('Jan 5, 2026'). */
export function axisLabels(points: TimeSeries, bucket: StatsBucket, locale?: string): string[] {
  let shownYear: string | undefined;
  return points.map(({ bucketStart }) => {
    const year = bucketStart.slice(0, 4);
    const label = formatBucketLabel(bucketStart, bucket, locale);
    if (bucket === 'month' || year === shownYear) return label; // a month label has its year
    shownYear = year;
    return `${label}, ${Number(year)}`;
  });
}

/** The tooltip's title: the bucket's dates, 'May 4 – 10, 2026' for a week. */
export function bucketDates(bucketStart: string, bucket: StatsBucket, locale?: string): string {
  const start = parseDay(bucketStart);
  if (bucket === 'month') {
    return new Intl.DateTimeFormat(locale, {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(start);
  }
  const long = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  if (bucket === 'day') return long.format(start);
  const end = parseDay(bucketStart);
  end.setUTCDate(end.getUTCDate() + WEEK - 1);
  return long.formatRange(start, end);
}
