import { useDeferredValue, useMemo } from 'react';
import type { Log } from '../../../../common/logs/schemas';
import { cn } from '@/lib/cn';
import { useOutingSummaries } from '../api/use-outing-summaries';
import { LogCard, LogCardSkeleton } from './log-card';
import { LogGroupHeading } from './log-group-heading';
import { groupByDay, outingIdsOf } from './log-groups';

const SKELETONS = 6; // SPEC §9

const CARD_GRID = 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3';

/**
 * The columns of the grid a group of cards takes: as many as its cards, so that the groups of
 * days with one log or two sit side by side and a desktop is not one card a line. A group lays
 * its cards on the grid's own columns (a subgrid): every card lines up with the others.
 */
const groupSpan = (cards: number) =>
  cards >= 3 ? 'col-span-full' : cards === 2 ? 'sm:col-span-2' : '';

/** Six skeleton cards while the list loads (SPEC §2). */
export function LogSkeletons() {
  return (
    <ul className={CARD_GRID} aria-hidden="true">
      {Array.from({ length: SKELETONS }, (_, index) => (
        <li key={index} className="grid">
          <LogCardSkeleton />
        </li>
      ))}
    </ul>
  );
}

interface GroupedLogsProps {
  logs: Log[];
  onShare: (log: Log) => void;
  onDelete: (log: Log) => void;
}

/**
 * The page's logs under the headings of their days and outings (issue 34). Drawn after the
 * rest of the page: the first drawing (20 logs, each with its menu) is a deferred render, which
 * React splits into short pieces, so the heading and the toolbar show first and the page
 * answers a tap while the logs are made.
 */
export function GroupedLogs({ logs, onShare, onDelete }: GroupedLogsProps) {
  const shown = useDeferredValue(logs, null);
  const groups = useMemo(() => shown && groupByDay(shown), [shown]);
  const outings = useOutingSummaries(useMemo(() => outingIdsOf(logs), [logs]));
  if (!groups) return <LogSkeletons />;
  return (
    <div className={cn(CARD_GRID, 'gap-y-8')}>
      {groups.map((group) => (
        <section
          key={group.key}
          className={cn(
            'grid grid-cols-subgrid content-start gap-y-3',
            groupSpan(group.logs.length),
          )}
        >
          <div className="col-span-full">
            <LogGroupHeading
              group={group}
              outing={group.outingId ? outings.data?.get(group.outingId) : undefined}
              loading={outings.isPending}
            />
          </div>
          <ul className="col-span-full grid grid-cols-subgrid gap-y-4">
            {group.logs.map((log) => (
              <li key={log.id} className="grid">
                <LogCard log={log} onShare={onShare} onDelete={onDelete} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
