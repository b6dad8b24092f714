import { CircleAlert, Download, List, MapPinned } from 'lucide-react';
import { Link, useSearch } from 'wouter';
import { GEO_MAX_LIMIT, type LogFeature } from '../../../common/maps/geo';
import { appRoutes } from '../../../common/routes';
import { PageMain } from '@/components/page-main';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { toFilterQuery } from '../../../common/logs/filter-query';
import { countActiveFilters, emptyFilters, listViewSearch } from '../../../common/logs/list-search';
import { exportUrl } from '@/features/data-exchange';
import { FiltersPopover, SearchInput, useListState } from '@/features/logs';
import { ClusterMap } from './cluster-map';
import { useLogPoints } from './use-log-points';
import { useDocumentTitle } from '@/lib/use-document-title';

const noFeatures: LogFeature[] = [];

const onTheMap = (total: number) =>
  `${total.toLocaleString()} ${total === 1 ? 'sighting' : 'sightings'} on the map`;

/** All of the user's sightings with coordinates, with the list's search and filters (/map). */
export function MapPage() {
  useDocumentTitle('Map');
  const [state, update] = useListState();
  const { data, isPending, error, refetch } = useLogPoints(toFilterQuery(state));
  const filtersSet = countActiveFilters(state.filters) > 0;
  const searching = filtersSet || state.q.trim() !== '';
  const listSearch = listViewSearch(useSearch()); // the list shares the search and filters
  const mapHeight = 'h-[60vh] min-h-80';

  return (
    <PageMain className="mx-auto grid max-w-6xl grid-cols-1 gap-6 px-4 py-8">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Sightings Map</h1>
          <p className="text-muted-foreground">
            {isPending ? 'Loading...' : data ? onTheMap(data.total) : null}
          </p>
        </div>
        <Button asChild variant="outline">
          <Link href={listSearch ? `${appRoutes.home}?${listSearch}` : appRoutes.home}>
            <List />
            Show as list
          </Link>
        </Button>
      </div>

      <div className="flex flex-wrap items-center gap-2">
        <SearchInput value={state.q} onChange={(q) => update({ q })} />
        <FiltersPopover
          filters={state.filters}
          onChange={(filters) => update({ filters })}
          onClear={() => update({ filters: emptyFilters })}
        />
        <Button
          variant="outline"
          onClick={() => window.location.assign(exportUrl(state, 'export.geojson'))}
        >
          <Download />
          <span className="hidden sm:inline">Export GeoJSON</span>
          <span className="sm:hidden">Export</span>
        </Button>
      </div>

      {data?.nextCursor && (
        <Alert>
          <CircleAlert />
          <AlertDescription>
            {`The map shows the newest ${GEO_MAX_LIMIT.toLocaleString()} of ${data.total.toLocaleString()} sightings. Narrow the search or filters to see the others.`}
          </AlertDescription>
        </Alert>
      )}

      {data?.total === 0 ? (
        <EmptyMap searching={searching} />
      ) : data || isPending ? (
        // The map mounts while the sightings load: tiles first, markers as soon as they arrive.
        <div
          role="region"
          aria-label="Map of sightings"
          aria-busy={isPending}
          className={`isolate overflow-hidden rounded-lg border ${mapHeight}`}
        >
          <ClusterMap features={data?.features ?? noFeatures} />
        </div>
      ) : (
        <QueryErrorAlert error={error} onRetry={() => void refetch()} />
      )}
    </PageMain>
  );
}

function EmptyMap({ searching }: { searching: boolean }) {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 py-10 text-center">
        <MapPinned className="size-12 text-muted-foreground" aria-hidden="true" />
        <h2 className="text-xl font-semibold">No sightings on the map</h2>
        <p className="max-w-md text-muted-foreground">
          {searching
            ? 'Try adjusting your filters or search query to find more results.'
            : 'Add coordinates to a log (or use your location in the form) to see it here.'}
        </p>
      </CardContent>
    </Card>
  );
}
