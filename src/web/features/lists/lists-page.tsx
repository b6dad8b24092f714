import { ChevronLeft, ChevronRight, Download, ListChecks, Plus } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import type { ListItem, ListKind, ListSort } from '../../../common/lists';
import { appRoutes } from '../../../common/routes';
import { PageMain } from '@/components/page-main';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { Button } from '@/components/ui/button';
import { IconTooltip } from '@/components/ui/tooltip';
import { Card, CardContent } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';
import { cn } from '@/lib/cn';
import { browserTimeZone, formatObservedDay } from '@/lib/log-dates';
import {
  currentYear,
  distinctPlaces,
  emptyListText,
  listCsvUrl,
  listQuery,
  parseListsSearch,
  pickerYears,
  otherTaxaLine,
  speciesCount,
  speciesLogsHref,
  toListsSearch,
  type ListsState,
} from './list-state';
import { usePlaces, useSpeciesList } from './use-species-list';
import { useDocumentTitle } from '@/lib/use-document-title';

const SKELETON_ROWS = 8;

const kindLabels: Record<ListKind, string> = { life: 'Life', year: 'Year', place: 'Place' };
const sortLabels: Record<ListSort, string> = {
  first: 'First seen',
  name: 'Name',
  count: 'Count',
};

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString()} ${count === 1 ? one : many}`;

/** The state in the URL (/lists?kind=year&year=2025&sort=name): reloads and links keep it. */
function useListsState() {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const state = parseListsSearch(search);
  const update = (change: Partial<ListsState>) => {
    const next = toListsSearch({ ...state, ...change });
    navigate(next ? `${location}?${next}` : location, { replace: true });
  };
  return [state, update] as const;
}

export function ListsPage() {
  useDocumentTitle('Lists');
  const [state, update] = useListsState();
  const [timeZone] = useState(() => browserTimeZone() ?? 'UTC');
  const query = listQuery(state, timeZone);
  const list = useSpeciesList(query);
  const places = usePlaces();
  const placeNames = distinctPlaces(places.data ?? []);
  const waiting = query !== undefined && list.isPending;

  return (
    <PageMain className="mx-auto grid max-w-6xl grid-cols-1 gap-6 px-4 py-8">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Lists</h1>
          <p className="text-muted-foreground" aria-live="polite">
            {waiting ? 'Loading...' : list.data && query ? speciesCount(list.data.total) : '\u00a0'}
          </p>
          {!waiting && query && list.data && list.data.otherTaxa > 0 && (
            <p className="text-sm text-muted-foreground" data-testid="other-taxa">
              {otherTaxaLine(list.data.otherTaxa)}
            </p>
          )}
        </div>
        {query ? (
          <Button variant="outline" asChild>
            <a href={listCsvUrl(query)} download>
              <Download />
              Download CSV
            </a>
          </Button>
        ) : (
          <Button variant="outline" disabled>
            <Download />
            Download CSV
          </Button>
        )}
      </div>

      <Tabs value={state.kind} onValueChange={(kind) => update({ kind: kind as ListKind })}>
        <TabsList className="w-full sm:w-fit" aria-label="List">
          {(Object.keys(kindLabels) as ListKind[]).map((kind) => (
            <TabsTrigger key={kind} value={kind} className="sm:px-6">
              {kindLabels[kind]}
            </TabsTrigger>
          ))}
        </TabsList>
        {/* the panel of the chosen tab only: the others are never mounted */}
        <TabsContent value={state.kind} className="mt-4 grid gap-6">
          <div className="grid grid-cols-2 items-end gap-4 sm:flex sm:flex-wrap">
            {state.kind === 'year' && (
              <YearPicker year={state.year} onChange={(year) => update({ year })} />
            )}
            {state.kind === 'place' && (
              <Field id="lists-place" label="Place" className="col-span-2 sm:w-72">
                <NativeSelect
                  id="lists-place"
                  value={state.place}
                  onChange={(event) => update({ place: event.target.value })}
                  disabled={placeNames.length === 0}
                >
                  <NativeSelectOption value="">
                    {places.isPending ? 'Loading places...' : 'Choose a place'}
                  </NativeSelectOption>
                  {state.place && !placeNames.includes(state.place) && (
                    <NativeSelectOption value={state.place}>{state.place}</NativeSelectOption>
                  )}
                  {placeNames.map((place) => (
                    <NativeSelectOption key={place} value={place}>
                      {place}
                    </NativeSelectOption>
                  ))}
                </NativeSelect>
              </Field>
            )}
            <Field id="lists-sort" label="Sort by" className="min-w-0 sm:w-44">
              <NativeSelect
                id="lists-sort"
                value={state.sort}
                onChange={(event) => update({ sort: event.target.value as ListSort })}
              >
                {(Object.keys(sortLabels) as ListSort[]).map((sort) => (
                  <NativeSelectOption key={sort} value={sort}>
                    {sortLabels[sort]}
                  </NativeSelectOption>
                ))}
              </NativeSelect>
            </Field>
            {/* eBird and iNaturalist leave them off the life list (issue 32) */}
            <div className="col-span-2 flex min-h-9 items-center gap-2 sm:col-span-1">
              <Switch
                id="lists-captive"
                checked={state.captive}
                onCheckedChange={(captive) => update({ captive })}
              />
              <Label htmlFor="lists-captive">Include captive/cultivated</Label>
            </div>
          </div>

          {query && list.data && list.data.items.length > 0 ? (
            <SpeciesRows items={list.data.items} state={state} stale={list.isPlaceholderData} />
          ) : waiting ? (
            <RowsSkeleton />
          ) : list.error ? (
            <QueryErrorAlert error={list.error} onRetry={() => void list.refetch()} />
          ) : (
            <EmptyList state={state} hasPlaces={placeNames.length > 0 || places.isPending} />
          )}
        </TabsContent>
      </Tabs>
    </PageMain>
  );
}

function Field({
  id,
  label,
  className,
  children,
}: {
  id: string;
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}

function YearPicker({ year, onChange }: { year: number; onChange: (year: number) => void }) {
  const latest = currentYear();
  return (
    // a row of its own on phones: beside Sort by, its buttons would run over it (issue 34)
    <Field id="lists-year" label="Year" className="col-span-2 sm:col-span-1">
      <div className="flex items-center gap-1">
        <IconTooltip label="Previous year">
          <Button
            variant="outline"
            size="icon"
            aria-label="Previous year"
            onClick={() => onChange(year - 1)}
          >
            <ChevronLeft />
          </Button>
        </IconTooltip>
        <NativeSelect
          id="lists-year"
          value={year}
          onChange={(event) => onChange(Number(event.target.value))}
          className="w-24 tabular-nums sm:w-28"
        >
          {pickerYears(year).map((option) => (
            <NativeSelectOption key={option} value={option}>
              {option}
            </NativeSelectOption>
          ))}
        </NativeSelect>
        <IconTooltip label="Next year">
          <Button
            variant="outline"
            size="icon"
            aria-label="Next year"
            disabled={year >= latest}
            onClick={() => onChange(year + 1)}
          >
            <ChevronRight />
          </Button>
        </IconTooltip>
      </div>
    </Field>
  );
}

function SpeciesRows({
  items,
  state,
  stale,
}: {
  items: ListItem[];
  state: ListsState;
  stale: boolean;
}) {
  // the species, numbered; then what counts as none (spuhs, slashes, hybrids), as eBird shows it
  const rows = [
    ...items.filter((item) => item.countsAsSpecies),
    ...items.filter((item) => !item.countsAsSpecies),
  ];
  return (
    <Card className={cn('gap-0 py-0 transition-opacity', stale && 'opacity-60')}>
      <ol className="divide-y" aria-label="Species">
        {rows.map((item, index) => (
          <li key={item.key} data-testid="species-row">
            <Link
              href={speciesLogsHref(item, state)}
              className="flex items-center gap-3 px-4 py-3 outline-none transition-colors hover:bg-accent/40 focus-visible:bg-accent/40 sm:gap-4"
            >
              <span className="w-6 shrink-0 text-right text-sm text-muted-foreground tabular-nums sm:w-8">
                {item.countsAsSpecies ? index + 1 : '+'}
              </span>
              <div className="grid min-w-0 flex-1 gap-1 sm:flex sm:items-center sm:gap-4">
                <div className="min-w-0 sm:flex-1">
                  <p className="truncate font-medium" title={item.commonName}>
                    {item.commonName}
                    {!item.countsAsSpecies && (
                      <span className="ml-2 text-xs font-normal text-muted-foreground">
                        not counted
                      </span>
                    )}
                  </p>
                  {item.scientificName && (
                    <p
                      className="truncate text-sm text-muted-foreground italic"
                      title={item.scientificName}
                    >
                      {item.scientificName}
                    </p>
                  )}
                </div>
                <div className="flex flex-wrap gap-x-3 text-sm text-muted-foreground sm:block sm:shrink-0 sm:text-right">
                  <p>
                    First seen{' '}
                    <time dateTime={item.firstObservedAt}>
                      {formatObservedDay(
                        {
                          observedAt: item.firstObservedAt,
                          timeZone: item.firstTimeZone,
                          timeKnown: item.firstTimeKnown,
                        },
                        {},
                        'medium',
                      )}
                    </time>
                  </p>
                  <p className="tabular-nums">
                    {plural(item.logs, 'log', 'logs')} ·{' '}
                    {plural(item.individuals, 'individual', 'individuals')}
                  </p>
                </div>
              </div>
            </Link>
          </li>
        ))}
      </ol>
    </Card>
  );
}

function RowsSkeleton() {
  return (
    <Card className="gap-0 py-0" aria-busy="true" aria-label="Loading the list">
      {Array.from({ length: SKELETON_ROWS }, (_, index) => (
        <div key={index} className="flex items-center gap-4 border-b px-4 py-3 last:border-b-0">
          <Skeleton className="h-4 w-8" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-3 w-28" />
          </div>
          <Skeleton className="hidden h-4 w-32 sm:block" />
        </div>
      ))}
    </Card>
  );
}

function EmptyList({ state, hasPlaces }: { state: ListsState; hasPlaces: boolean }) {
  const { title, description } = emptyListText(state, hasPlaces);
  const canLog = state.kind !== 'place' || !hasPlaces;
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 py-10 text-center">
        <ListChecks className="size-12 text-muted-foreground" aria-hidden="true" />
        <h2 className="text-xl font-semibold">{title}</h2>
        <p className="max-w-md text-muted-foreground">{description}</p>
        {canLog && (
          <Button asChild>
            <Link href={appRoutes.newLog}>
              <Plus />
              New Log
            </Link>
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
