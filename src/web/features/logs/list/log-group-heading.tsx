import { Link } from 'wouter';
import type { OutingSummary } from '../../../../common/outings/schemas';
import { outingPath } from '../../../../common/routes';
import { Skeleton } from '@/components/ui/skeleton';
import type { LogGroup } from './log-groups';

/** 'Mill Creek Lake — 14 species': the outing's place (else 'Outing') and its species. */
export const outingHeading = (outing: Pick<OutingSummary, 'placeName' | 'species'> | undefined) =>
  outing
    ? `${outing.placeName ?? 'Outing'} — ${outing.species.toLocaleString()} species`
    : 'Outing'; // not found: deleted meanwhile, or offline and never read

interface LogGroupHeadingProps {
  group: Pick<LogGroup, 'day' | 'outingId'>;
  outing: OutingSummary | undefined;
  /** The page's outings are on their way. */
  loading: boolean;
}

/** 'Apr 8, 2024', or 'Apr 8, 2024 · Mill Creek Lake — 14 species' over an outing's logs. */
export function LogGroupHeading({ group, outing, loading }: LogGroupHeadingProps) {
  return (
    <h2 className="text-sm font-semibold break-words" data-testid="log-group-heading">
      {group.day}
      {group.outingId && (
        <>
          {' · '}
          {loading ? (
            <Skeleton className="inline-block h-3.5 w-40 align-middle" />
          ) : (
            <Link
              href={outingPath(group.outingId)}
              className="text-primary underline-offset-4 hover:underline"
            >
              {outingHeading(outing)}
            </Link>
          )}
        </>
      )}
    </h2>
  );
}
