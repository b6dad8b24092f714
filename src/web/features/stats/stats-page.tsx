import { BarChart3, Download, Footprints, TrendingUp, X } from 'lucide-react';
import { useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { statsBuckets, type StatsBucket } from '../../../common/stats';
import { PageMain } from '@/components/page-main';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';
import { RankingToggle } from './ranking-toggle';
import { SpeciesCards } from './species-cards';
import { ChartCard, EmptyChart, SummaryCard } from './stats-cards';
import { SightingsChart } from './stats-charts';
import { TopSpeciesChart } from './top-species-chart';
import {
  browserTimeZone,
  defaultStatsFilters,
  emptyStateText,
  statsExportUrl,
  statsRangeQuery,
  topSpeciesRanking,
  uncountedNote,
  withTopSpeciesRanking,
  type StatsFilters,
} from './stats-format';
import { useStatsSummary, useTimeSeries, useTopSpecies } from './use-stats';
import { useDocumentTitle } from '@/lib/use-document-title';

const bucketLabels: Record<StatsBucket, string> = {
  day: 'Daily',
  week: 'Weekly',
  month: 'Monthly',
};

export function StatsPage() {
  useDocumentTitle('Statistics');
  const [filters, setFilters] = useState<StatsFilters>(defaultStatsFilters);
  const [timeZone] = useState(browserTimeZone);
  // /stats?outingId=…: one outing's figures (a link from the outing's page, issue 22)
  const [location, navigate] = useLocation();
  const search = useSearch();
  const outingId = new URLSearchParams(search).get('outingId') ?? '';
  // /stats?top=logs: the top species by logs (issue 23); in the URL so reload and back keep it
  const ranking = topSpeciesRanking(search);
  const range = statsRangeQuery(filters, timeZone, outingId); // query keys compare by value
  const summary = useStatsSummary(range);
  const topSpecies = useTopSpecies(range, ranking);
  const timeSeries = useTimeSeries(range, filters.bucket);
  const set = (change: Partial<StatsFilters>) =>
    setFilters((current) => ({ ...current, ...change }));

  return (
    <PageMain className="mx-auto grid max-w-6xl grid-cols-1 gap-6 px-4 py-8">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Statistics</h1>
          <p className="text-muted-foreground">Analyze your wildlife observations</p>
        </div>
        <Button
          variant="outline"
          onClick={() => window.location.assign(statsExportUrl(filters, timeZone, outingId))}
        >
          <Download />
          <span className="hidden sm:inline">Export Data</span>
          <span className="sm:hidden">Export</span>
        </Button>
      </div>

      <Card className="py-4">
        <CardContent className="grid gap-4 px-4 sm:grid-cols-3">
          <div className="grid gap-2">
            <Label htmlFor="stats-from">From Date</Label>
            <Input
              id="stats-from"
              type="date"
              value={filters.from}
              onChange={(event) => set({ from: event.target.value })}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="stats-to">To Date</Label>
            <Input
              id="stats-to"
              type="date"
              value={filters.to}
              onChange={(event) => set({ to: event.target.value })}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="stats-bucket">Time Bucket</Label>
            <NativeSelect
              id="stats-bucket"
              value={filters.bucket}
              onChange={(event) => set({ bucket: event.target.value as StatsBucket })}
            >
              {statsBuckets.map((bucket) => (
                <NativeSelectOption key={bucket} value={bucket}>
                  {bucketLabels[bucket]}
                </NativeSelectOption>
              ))}
            </NativeSelect>
          </div>
          {(filters.from || filters.to) && (
            <div className="sm:col-span-3">
              <Button variant="ghost" size="sm" onClick={() => set({ from: '', to: '' })}>
                <X />
                Clear dates
              </Button>
            </div>
          )}
        </CardContent>
      </Card>

      {outingId && (
        <div
          role="status"
          className="flex flex-wrap items-center gap-2 rounded-md border bg-muted/40 px-3 py-2 text-sm"
        >
          <Footprints className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <span className="flex-1">Showing the figures of one outing.</span>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => navigate(`${location}${withTopSpeciesRanking('', ranking)}`)}
          >
            Show all logs
          </Button>
        </div>
      )}

      <div className="grid gap-4 sm:grid-cols-3">
        <SummaryCard
          title="Total Sightings"
          caption="Individual animals observed"
          value={summary.data?.totalSightings}
          note={uncountedNote(summary.data?.uncountedLogs)}
        />
        <SummaryCard
          title="Unique Species"
          caption="Species richness"
          value={summary.data?.uniqueSpecies}
        />
        <SummaryCard
          title="Total Logs"
          caption="Observation entries"
          value={summary.data?.totalLogs}
        />
      </div>

      <ChartCard title="Sightings Over Time" icon={TrendingUp}>
        {timeSeries.isPending ? (
          <Skeleton className="h-72 w-full" />
        ) : timeSeries.data?.points.length ? (
          <SightingsChart series={timeSeries.data.points} bucket={timeSeries.data.bucket} />
        ) : (
          // SPEC §8: a failed stats call shows the empty state too
          <EmptyChart icon={TrendingUp} {...emptyStateText('timeSeries', filters)} />
        )}
      </ChartCard>

      <ChartCard
        title="Top Species by Count"
        icon={BarChart3}
        action={
          <RankingToggle
            value={ranking}
            // a view of the same page: replaced, so back leaves the page rather than the toggle
            onChange={(next) =>
              navigate(`${location}${withTopSpeciesRanking(search, next)}`, { replace: true })
            }
          />
        }
      >
        {topSpecies.isPending ? (
          <Skeleton className="h-72 w-full" />
        ) : topSpecies.data?.species.length ? (
          <TopSpeciesChart species={topSpecies.data.species} by={topSpecies.data.by} />
        ) : (
          <EmptyChart icon={BarChart3} {...emptyStateText('species', filters)} />
        )}
      </ChartCard>

      <SpeciesCards range={range} filters={filters} />
    </PageMain>
  );
}
