import type { StatsBucket, TopSpeciesRanking } from '../../../common/stats';

// Pure rules of the statistics screen (SPEC §2 "Statistics").

export interface StatsFilters {
  from: string;
  to: string;
  bucket: StatsBucket;
}

export const defaultStatsFilters: StatsFilters = { from: '', to: '', bucket: 'week' }; // SPEC §9

/** A bucket start 'YYYY-MM-DD' as 'May 4', or 'May 2026' for monthly buckets. */
export function formatBucketLabel(bucketStart: string, bucket: StatsBucket, locale?: string) {
  const [year, month, day] = bucketStart.split('-').map(Number) as [number, number, number];
  // a calendar day, not an instant: format it in UTC so no zone shifts it to the day before
  const date = new Date(Date.UTC(year, month - 1, day));
  const format = new Intl.DateTimeFormat(
    locale,
    bucket === 'month'
      ? { month: 'short', year: 'numeric', timeZone: 'UTC' }
      : { month: 'short', day: 'numeric', timeZone: 'UTC' },
  );
  return format.format(date);
}

/** Counts with thousands separators; 0 while the figure is absent (SPEC §2). */
export const formatCount = (value: number | undefined, locale?: string) =>
  new Intl.NumberFormat(locale).format(value ?? 0);

/**
 * How Total Sightings treats eBird's X (issue 32): 'Not counted (X): 12 logs' under it when the
 * logs in the range have any; they add no individual.
 */
export const uncountedNote = (uncountedLogs: number | undefined, locale?: string) =>
  uncountedLogs
    ? `Not counted (X): ${formatCount(uncountedLogs, locale)} ${uncountedLogs === 1 ? 'log' : 'logs'}`
    : undefined;

export interface EmptyText {
  title: string;
  description: string;
}

const emptyTexts = {
  timeSeries: {
    title: 'No time-series data',
    filtered: 'No observations found in the selected date range. Try adjusting your filters.',
    unfiltered: 'Start logging wildlife sightings to see trends over time.',
  },
  species: {
    title: 'No species data',
    filtered: 'No species observed in the selected date range. Try expanding your date filters.',
    unfiltered: 'Log your first wildlife observation to see which species you encounter most.',
  },
  // issue 34: not in the SPEC, worded as its species texts
  growth: {
    title: 'No life list yet',
    filtered:
      'No wild species observed in the selected date range. Try expanding your date filters.',
    unfiltered: 'Log a wild species to start your life list and watch it grow.',
  },
  periods: {
    title: 'No species to count',
    filtered: 'No species to count in the selected date range. Try expanding your date filters.',
    unfiltered: 'Log your first wildlife observation to see how many species each month brings.',
  },
} as const;

/** The empty-chart texts; "filtered" means a From or To date is set. */
export function emptyStateText(
  chart: keyof typeof emptyTexts,
  filters: Pick<StatsFilters, 'from' | 'to'>,
): EmptyText {
  const texts = emptyTexts[chart];
  const filtered = filters.from.trim() !== '' || filters.to.trim() !== '';
  return { title: texts.title, description: filtered ? texts.filtered : texts.unfiltered };
}

/**
 * What Life List Growth counts (issue 34): the life list, or with a date set the species of
 * those dates, each from its first wild log in them.
 */
export const growthCaption = (filters: Pick<StatsFilters, 'from' | 'to'>) =>
  filters.from.trim() || filters.to.trim()
    ? 'Wild species of the selected dates, added on the day each was first seen in them'
    : 'Wild species, added on the day each was first seen';

/** The browser's IANA time zone, sent as `tz` so buckets and days follow the user's calendar. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The query all three stats calls share; empty dates are left out (SPEC §5). */
export function statsRangeQuery(
  { from, to }: Pick<StatsFilters, 'from' | 'to'>,
  tz: string,
  outingId = '',
) {
  const query: Record<string, string> = { tz };
  if (from.trim()) query.from = from.trim();
  if (to.trim()) query.to = to.trim();
  if (outingId) query.outingId = outingId; // one outing's logs (issue 22)
  return query;
}

/** Export Data downloads the observations of the chosen date range. */
export const statsExportUrl = (
  filters: Pick<StatsFilters, 'from' | 'to'>,
  tz: string,
  outingId = '',
) => `/api/export.csv?${new URLSearchParams(statsRangeQuery(filters, tz, outingId)).toString()}`;

/** The Top Species card's choice (issue 23): its toggle's words and the chart's title. */
export const rankingTexts: Record<
  TopSpeciesRanking,
  { toggle: string; title: string; chart: string }
> = {
  individuals: { toggle: 'Individuals', title: 'Total Count', chart: 'total count' }, // SPEC §2
  logs: { toggle: 'Logs', title: 'Number of Logs', chart: 'number of logs' },
};

/** The search parameter that keeps the choice in the URL; absent means individuals. */
const TOP_PARAM = 'top';

/** `?top=logs` ranks the top species by logs; anything else, or nothing, by individuals. */
export const topSpeciesRanking = (search: string): TopSpeciesRanking =>
  new URLSearchParams(search).get(TOP_PARAM) === 'logs' ? 'logs' : 'individuals';

/** The page's search with the choice set, its other parameters kept: '' or '?…'. */
export function withTopSpeciesRanking(search: string, ranking: TopSpeciesRanking) {
  const params = new URLSearchParams(search);
  if (ranking === 'logs') params.set(TOP_PARAM, 'logs');
  else params.delete(TOP_PARAM);
  const query = params.toString();
  return query ? `?${query}` : '';
}
