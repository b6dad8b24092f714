import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';
import { useMemo } from 'react';
import { Bar } from 'react-chartjs-2';
import type { ListGrowth, SpeciesByPeriod } from '../../../common/stats';
import { useTheme } from '@/features/theme';
import { barValues } from './chart-plugins';
import { columnOptions } from './chart-options';
import { ChartTable } from './chart-table';
import { growthSeries, periodSeries, type SpeciesPeriod } from './species-series';
import { LineOverTime, useChartColors } from './stats-charts';
import { formatBucketLabel, formatCount } from './stats-format';
import { axisLabels, bucketDates } from './time-axis';

// Issue 34: the life list's growth, and the species of each month or year.

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

/** The species on the list by the end of each day or month, from the first species on. */
export function GrowthChart({ growth }: { growth: ListGrowth }) {
  const { bucket, series } = useMemo(() => growthSeries(growth), [growth]);
  return (
    <LineOverTime
      series={series}
      labels={axisLabels(series, bucket)}
      dates={(start) => bucketDates(start, bucket)}
      title="Species"
      ariaLabel="Line chart: species on the list over time"
      caption={`Species on the list by the end of each ${bucket}`}
      periodHeader="By the end of"
    />
  );
}

export const periodNames: Record<SpeciesPeriod, { label: string; title: string }> = {
  month: { label: 'Month', title: 'Species per Month' },
  year: { label: 'Year', title: 'Species per Year' },
};

/** 'Nov 2025' on the axis and 'November 2025' in the tooltip; a year as itself. */
const periodLabel = (start: string, period: SpeciesPeriod, long: boolean) =>
  period === 'year'
    ? String(Number(start.slice(0, 4)))
    : long
      ? bucketDates(start, 'month')
      : formatBucketLabel(start, 'month');

/** Distinct species of each month or year, each column with its number. */
export function SpeciesPerPeriodChart({
  data: byPeriod,
  period,
}: {
  data: SpeciesByPeriod;
  period: SpeciesPeriod;
}) {
  const { theme } = useTheme();
  const colors = useChartColors(theme);
  const series = useMemo(() => periodSeries(byPeriod, period), [byPeriod, period]);
  const values = series.map((point) => point.totalCount);
  const data = {
    labels: series.map((point) => periodLabel(point.bucketStart, period, false)),
    datasets: [{ label: 'Species', data: values, backgroundColor: colors.line, borderRadius: 4 }],
  };
  const options = columnOptions(colors, (index) =>
    periodLabel(series[index]!.bucketStart, period, true),
  );
  options.plugins = {
    ...options.plugins,
    // an empty period's column is its missing bar: no 0 to crowd a phone's axis
    barValues: { texts: values.map((value) => (value ? formatCount(value) : '')), colors },
  };
  return (
    <>
      <div className="relative h-72">
        <Bar
          data={data}
          options={options}
          plugins={[barValues]}
          role="img"
          aria-label={`Bar chart: species per ${period}`}
        />
      </div>
      <ChartTable
        caption={`Species per ${period}`}
        headers={[periodNames[period].label, 'Species']}
        rows={series.map((point) => ({
          key: point.bucketStart,
          label: periodLabel(point.bucketStart, period, true),
          value: formatCount(point.totalCount),
        }))}
      />
    </>
  );
}
