import { RefreshCw } from 'lucide-react';
import { toast } from 'sonner';
import type { OccurrenceStatus } from '../../../common/occurrence-api';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/error-message';
import { formatDate, formatDateTime } from './admin-format';
import { useBuildOccurrences, useOccurrenceStatus } from './use-admin';

// The occurrence model's reference data (issue 36): the GBIF downloads imported with
// `npm run occurrences:import`, each with the citation its licence asks for, and the model's
// last build, with a button to build it now.

type ReferenceSet = OccurrenceStatus['referenceSets'][number];

export function ReferenceDataSection() {
  const status = useOccurrenceStatus();
  const sets = status.data?.referenceSets;
  return (
    <section aria-labelledby="reference-heading" className="grid grid-cols-1 gap-4">
      <div>
        <h2 id="reference-heading" className="text-xl font-semibold">
          Reference data
          {sets && (
            <span className="ml-2 text-base font-normal text-muted-foreground">
              {sets.length.toLocaleString()}
            </span>
          )}
        </h2>
        <p className="text-sm text-muted-foreground">
          Records from elsewhere that say which species are likely where and when, beside this
          server&apos;s own logs. Cite them as given here.
        </p>
      </div>
      <QueryErrorAlert error={status.error} onRetry={() => void status.refetch()} />
      {status.isPending ? (
        <Skeleton className="h-14 w-full" />
      ) : sets?.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No reference data. Import a GBIF download with{' '}
          <code>npm run occurrences:import -- download.zip</code>.
        </p>
      ) : (
        sets && (
          <ul className="grid grid-cols-1 gap-3" aria-label="Reference sets">
            {sets.map((set) => (
              <ReferenceSetItem key={set.id} set={set} />
            ))}
          </ul>
        )
      )}
      {status.data && <LastBuild lastBuild={status.data.lastBuild} />}
    </section>
  );
}

function ReferenceSetItem({ set }: { set: ReferenceSet }) {
  return (
    <li className="grid grid-cols-1 gap-1 rounded-lg border p-4 text-sm">
      <span className="font-medium">{set.title}</span>
      {set.citation && <span>{set.citation}</span>}
      {set.doi && (
        <a
          className="w-fit break-all text-primary underline-offset-4 hover:underline"
          href={`https://doi.org/${set.doi}`}
          target="_blank"
          rel="noreferrer"
        >
          https://doi.org/{set.doi}
        </a>
      )}
      <span className="text-muted-foreground">
        {set.records.toLocaleString()} records of {set.rows.toLocaleString()} rows · imported{' '}
        {formatDate(set.importedAt)}
        {set.license && ` · ${set.license}`}
      </span>
    </li>
  );
}

function LastBuild({ lastBuild }: { lastBuild: OccurrenceStatus['lastBuild'] }) {
  const build = useBuildOccurrences();
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm">
      <span className="text-muted-foreground">
        {lastBuild
          ? `Last built ${formatDateTime(lastBuild.finishedAt)}: ` +
            `${lastBuild.logs.toLocaleString()} logs and ` +
            `${lastBuild.referenceRecords.toLocaleString()} reference records read, ` +
            `took ${(lastBuild.ms / 1000).toFixed(1)} s`
          : 'Not built yet: the nightly job builds it.'}
      </span>
      <Button
        variant="outline"
        size="sm"
        disabled={build.isPending}
        onClick={() =>
          build.mutate(undefined, {
            onSuccess: () => toast.success('Occurrence model built'),
            onError: (error) =>
              toast.error('Not built', { description: errorMessage(error, 'Please try again.') }),
          })
        }
      >
        <RefreshCw className={build.isPending ? 'animate-spin' : undefined} />
        {build.isPending ? 'Building…' : 'Build now'}
      </Button>
    </div>
  );
}
