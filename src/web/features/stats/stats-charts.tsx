import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Filler,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { useMemo } from 'react';
import { Bar, Line } from 'react-chartjs-2';
import type { StatsBucket, TimeSeries, TopSpecies } from '../../../common/stats';
import { useTheme, type Theme } from '@/features/theme';
import { barOptions, chartColors, lineOptions, type ChartColors } from './chart-options';
import { formatBucketLabel, formatCount } from './stats-format';

// Only the parts these two charts use, so the stats chunk stays small.
Chart.register(
  BarController,
  BarElement,
  CategoryScale,
  Filler,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
);

/** Re-read on every theme switch: the class on <html> changes before React re-renders. */
function useChartColors(theme: Theme): ChartColors {
  return useMemo(() => {
    void theme;
    const style = getComputedStyle(document.documentElement);
    return chartColors((name) => style.getPropertyValue(name));
  }, [theme]);
}

export function SightingsChart({ series, bucket }: { series: TimeSeries; bucket: StatsBucket }) {
  const { theme } = useTheme();
  const colors = useChartColors(theme);
  const labels = series.map((point) => formatBucketLabel(point.bucketStart, bucket));
  const data = {
    labels,
    datasets: [
      {
        label: 'Total Sightings',
        data: series.map((point) => point.totalCount),
        borderColor: colors.line,
        backgroundColor: colors.fill,
        pointBackgroundColor: colors.line,
        fill: true,
        tension: 0.3,
      },
    ],
  };
  return (
    <>
      <div className="relative h-72">
        <Line
          data={data}
          options={lineOptions(colors)}
          role="img"
          aria-label="Line chart: total sightings over time"
        />
      </div>
      {/* in a div: a table ignores the 1px width of sr-only and would widen the page */}
      <div className="sr-only">
        <table>
          <caption>Total Sightings per {bucket}</caption>
          <thead>
            <tr>
              <th scope="col">Period starting</th>
              <th scope="col">Total Sightings</th>
            </tr>
          </thead>
          <tbody>
            {series.map((point, index) => (
              <tr key={point.bucketStart}>
                <th scope="row">{labels[index]}</th>
                <td>{formatCount(point.totalCount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

export function TopSpeciesChart({ species }: { species: TopSpecies }) {
  const { theme } = useTheme();
  const colors = useChartColors(theme);
  const data = {
    labels: species.map((item) => item.species),
    datasets: [
      {
        label: 'Total Count',
        data: species.map((item) => item.totalCount),
        backgroundColor: colors.line,
        borderRadius: 4,
      },
    ],
  };
  return (
    <>
      {/* one bar per species: the height grows with the list so labels never overlap */}
      <div className="relative" style={{ height: `${Math.max(12, species.length * 2.5 + 4)}rem` }}>
        <Bar
          data={data}
          options={barOptions(colors)}
          role="img"
          aria-label="Bar chart: total count per species"
        />
      </div>
      {/* in a div: a table ignores the 1px width of sr-only and would widen the page */}
      <div className="sr-only">
        <table>
          <caption>Total Count per species</caption>
          <thead>
            <tr>
              <th scope="col">Species</th>
              <th scope="col">Total Count</th>
            </tr>
          </thead>
          <tbody>
            {species.map((item) => (
              <tr key={item.species}>
                <th scope="row">{item.species}</th>
                <td>{formatCount(item.totalCount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
