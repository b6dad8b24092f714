import { useDeferredValue, useMemo } from 'react';
import type { Log } from '../../../../common/logs/schemas';
import { cn } from '@/lib/cn';
import { useMediaQuery } from '@/lib/use-media-query';
import { useOutingSummaries } from '../api/use-outing-summaries';
import { LogCard, LogCardSkeleton } from './log-card';
import { LogGroupHeading } from './log-group-heading';
import { groupByDay, outingIdsOf, type LogGroup } from './log-groups';
import { LogRow, LogRowSkeleton } from './log-row';

const SKELETONS = 6; // SPEC §9
/** Tailwind's `sm`: from there on the list is a grid of cards, below it rows (issue 34). */
const CARDS_FROM = '(min-width: 40rem)';

const CARD_GRID = 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3';
const ROW_LIST = 'divide-y overflow-hidden rounded-xl border bg-card text-card-foreground';

/**
 * The columns of the grid a group of cards takes: as many as its cards, so that the groups of
 * days with one log or two sit side by side and a desktop is not one card a line. A group lays
 * its cards on the grid's own columns (a subgrid): every card lines up with the others.
 */
const groupSpan = (cards: number) =>
  cards >= 3 ? 'col-span-full' : cards === 2 ? 'sm:col-span-2' : '';

/** Six skeletons while the list loads: cards, or rows on a phone. */
export function LogSkeletons() {
  const cards = useMediaQuery(CARDS_FROM);
  const Skeleton = cards ? LogCardSkeleton : LogRowSkeleton;
  return (
    <ul className={cards ? CARD_GRID : ROW_LIST} aria-hidden="true">
      {Array.from({ length: SKELETONS }, (_, index) =>
        cards ? (
          <li key={index} className="grid">
            <Skeleton />
          </li>
        ) : (
          <Skeleton key={index} />
        ),
      )}
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
  const cards = useMediaQuery(CARDS_FROM);
  if (!groups) return <LogSkeletons />;
  const heading = (group: LogGroup) => (
    <LogGroupHeading
      group={group}
      outing={group.outingId ? outings.data?.get(group.outingId) : undefined}
      loading={outings.isPending}
    />
  );
  if (!cards) {
    return (
      <div className="grid gap-6">
        {groups.map((group) => (
          <section key={group.key} className="grid gap-2.5">
            {heading(group)}
            <ul className={ROW_LIST}>
              {group.logs.map((log) => (
                <LogRow key={log.id} log={log} onShare={onShare} onDelete={onDelete} />
              ))}
            </ul>
          </section>
        ))}
      </div>
    );
  }
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
          <div className="col-span-full">{heading(group)}</div>
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
