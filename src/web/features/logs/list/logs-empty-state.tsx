import { Binoculars, Plus, SearchX } from 'lucide-react';
import { Link } from 'wouter';
import { appRoutes } from '../../../../common/routes';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';

interface LogsEmptyStateProps {
  /** A search text or a filter is set. */
  filtered: boolean;
  searchSet: boolean;
  filtersSet: boolean;
  /** The account has logs (undefined: not known yet, taken as yes). */
  hasLogs: boolean | undefined;
  onClearSearch: () => void;
  onClearFilters: () => void;
}

/**
 * SPEC §2: the list's empty state, with or without a search or filters. A search or a filter
 * that matched none of an account's logs offers to clear them, never to create a first log
 * (issue 34): 'Clear search' (the search and the filters) and the SPEC's 'Clear All Filters'
 * (the filters only), each when there is something for it to clear.
 */
export function LogsEmptyState(props: LogsEmptyStateProps) {
  const { filtered, searchSet, filtersSet, hasLogs, onClearSearch, onClearFilters } = props;
  const noMatch = filtered && hasLogs !== false;
  const Icon = noMatch ? SearchX : Binoculars;
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 py-10 text-center">
        <Icon className="size-12 text-muted-foreground" aria-hidden="true" />
        <h2 className="text-xl font-semibold">No logs found</h2>
        <p className="max-w-md text-muted-foreground">
          {filtered
            ? 'Try adjusting your filters or search query to find more results.'
            : 'Start logging your wildlife sightings to build your observation database.'}
        </p>
        <div className="flex flex-wrap justify-center gap-2">
          {noMatch && searchSet && <Button onClick={onClearSearch}>Clear search</Button>}
          {filtersSet && (
            <Button
              variant={noMatch && !searchSet ? 'default' : 'outline'}
              onClick={onClearFilters}
            >
              Clear All Filters
            </Button>
          )}
          {!noMatch && (
            <Button asChild>
              <Link href={appRoutes.newLog}>
                <Plus />
                Create First Log
              </Link>
            </Button>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
