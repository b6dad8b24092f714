import type { Log } from '../../../../common/logs/schemas';
import { formatObservedDay, observedDay, type ObservedTime } from '@/lib/log-dates';

// The list's headings (issue 34): its logs grouped by the day they were seen, at the place (as
// their cards read), and within a day by the outing they were made on.

type GroupedLog = ObservedTime & Pick<Log, 'outingId'>;

export interface LogGroup<T extends GroupedLog = Log> {
  /** `{YYYY-MM-DD}` or `{YYYY-MM-DD}:{outingId}`: unique on a page. */
  key: string;
  /** The day as the heading reads it: 'Apr 8, 2024'. */
  day: string;
  outingId: string | null;
  logs: T[];
}

interface Viewer {
  locale?: string;
  timeZone?: string;
}

/**
 * The page's logs, newest first, in groups: newest day first, as the list's sort; within a day,
 * an outing's logs together, the groups in the order of their newest log. The logs keep their
 * order inside a group. Only for a list sorted by time: another order would scatter a day.
 */
export function groupByDay<T extends GroupedLog>(logs: T[], viewer: Viewer = {}): LogGroup<T>[] {
  const groups = new Map<string, LogGroup<T> & { isoDay: string }>();
  for (const log of logs) {
    const isoDay = observedDay(log, viewer);
    const key = log.outingId ? `${isoDay}:${log.outingId}` : isoDay;
    const group = groups.get(key);
    if (group) {
      group.logs.push(log);
    } else {
      const day = formatObservedDay(log, viewer, 'medium');
      groups.set(key, { key, isoDay, day, outingId: log.outingId, logs: [log] });
    }
  }
  // logs seen in zones apart can fall on their days out of the order of their instants
  return [...groups.values()]
    .sort((a, b) => (a.isoDay === b.isoDay ? 0 : a.isoDay < b.isoDay ? 1 : -1))
    .map(({ isoDay: _, ...group }) => group);
}

/** The outings of the page's logs, each once, in a stable order (the query's key). */
export const outingIdsOf = (logs: GroupedLog[]) =>
  [...new Set(logs.flatMap((log) => (log.outingId ? [log.outingId] : [])))].sort();
