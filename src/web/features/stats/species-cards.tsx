import { Bird, CalendarDays } from 'lucide-react';
import { useState } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { ChoiceToggle } from './choice-toggle';
import { GrowthChart, periodNames, SpeciesPerPeriodChart } from './species-charts';
import { defaultPeriod, type SpeciesPeriod } from './species-series';
import { ChartCard, EmptyChart } from './stats-cards';
import { emptyStateText, growthCaption, type StatsFilters } from './stats-format';
import { useListGrowth, useSpeciesByPeriod } from './use-stats';

const periodOptions = (['month', 'year'] as const).map((period) => ({
  value: period,
  label: periodNames[period].label,
}));

/** Issue 34: the life list's growth and the species per month or year, side by side on a desktop. */
export function SpeciesCards({
  range,
  filters,
}: {
  range: Record<string, string>;
  filters: Pick<StatsFilters, 'from' | 'to'>;
}) {
  const growth = useListGrowth(range);
  const byPeriod = useSpeciesByPeriod(range);
  // months, or years past two years of them, until the reader picks one
  const [picked, setPicked] = useState<SpeciesPeriod>();
  const period = picked ?? defaultPeriod(byPeriod.data?.months ?? []);

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <ChartCard title="Life List Growth" icon={Bird} description={growthCaption(filters)}>
        {growth.isPending ? (
          <Skeleton className="h-72 w-full" />
        ) : growth.data?.length ? (
          <GrowthChart growth={growth.data} />
        ) : (
          <EmptyChart icon={Bird} {...emptyStateText('growth', filters)} />
        )}
      </ChartCard>

      <ChartCard
        title={periodNames[period].title}
        icon={CalendarDays}
        action={
          <ChoiceToggle
            label="Count species per"
            options={periodOptions}
            value={period}
            onChange={setPicked}
          />
        }
      >
        {byPeriod.isPending ? (
          <Skeleton className="h-72 w-full" />
        ) : byPeriod.data?.months.length ? (
          <SpeciesPerPeriodChart data={byPeriod.data} period={period} />
        ) : (
          <EmptyChart icon={CalendarDays} {...emptyStateText('periods', filters)} />
        )}
      </ChartCard>
    </div>
  );
}
