import { Binoculars, Plus } from 'lucide-react';
import { Link } from 'wouter';
import { appRoutes } from '../../../../common/routes';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';

interface LogsEmptyStateProps {
  searching: boolean;
  filtersSet: boolean;
  onClearFilters: () => void;
}

/** SPEC §2: the list's empty state, with or without a search or filters. */
export function LogsEmptyState({ searching, filtersSet, onClearFilters }: LogsEmptyStateProps) {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 py-10 text-center">
        <Binoculars className="size-12 text-muted-foreground" aria-hidden="true" />
        <h2 className="text-xl font-semibold">No logs found</h2>
        <p className="max-w-md text-muted-foreground">
          {searching
            ? 'Try adjusting your filters or search query to find more results.'
            : 'Start logging your wildlife sightings to build your observation database.'}
        </p>
        <div className="flex flex-wrap justify-center gap-2">
          {filtersSet && (
            <Button variant="outline" onClick={onClearFilters}>
              Clear All Filters
            </Button>
          )}
          <Button asChild>
            <Link href={appRoutes.newLog}>
              <Plus />
              Create First Log
            </Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
