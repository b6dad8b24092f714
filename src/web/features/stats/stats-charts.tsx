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
  type Plugin,
} from 'chart.js';
import { useMemo } from 'react';
import { Bar, Line } from 'react-chartjs-2';
import type { StatsBucket, TimeSeries, TopSpecies, TopSpeciesRanking } from '../../../common/stats';
import { useTheme, type Theme } from '@/features/theme';
import { barOptions, chartColors, lineOptions, type ChartColors } from './chart-options';
import { formatCount, rankingTexts } from './stats-format';
import { axisLabels, bucketDates, fillBuckets } from './time-axis';

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

/**
 * Each bar's value at its end (issue 23): one flock of 12,500 leaves the other bars thin, but
 * their numbers stay readable.
 */
const barValues: Plugin<'bar'> = {
  id: 'barValues',
  afterDatasetsDraw(chart) {
    const { ctx } = chart;
    const meta = chart.getDatasetMeta(0);
    const values = chart.data.datasets[0]?.data ?? [];
    const color = (chart.options.scales?.x?.ticks as { color?: string } | undefined)?.color;
    ctx.save();
    ctx.font = '12px system-ui, sans-serif';
    ctx.textBaseline = 'middle';
    meta.data.forEach((bar, index) => {
      const text = formatCount(Number(values[index] ?? 0));
      const { x, y } = bar.getProps(['x', 'y'], true) as { x: number; y: number };
      const room = chart.width - x; // the layout's right padding is room for the longest one
      const width = ctx.measureText(text).width + 6;
      // beside the bar when there is room, else inside its end in the bar's own contrast
      ctx.fillStyle = room >= width ? (color ?? '#666') : '#fff';
      ctx.textAlign = room >= width ? 'left' : 'right';
      ctx.fillText(text, room >= width ? x + 4 : x - 4, y);
    });
    ctx.restore();
  },
};

/** Re-read on every theme switch: the class on <html> changes before React re-renders. */
function useChartColors(theme: Theme): ChartColors {
  return useMemo(() => {
    void theme;
    const style = getComputedStyle(document.documentElement);
    return chartColors((name) => style.getPropertyValue(name));
  }, [theme]);
}

export function SightingsChart({
  series: points,
  bucket,
}: {
  series: TimeSeries;
  bucket: StatsBucket;
}) {
  const { theme } = useTheme();
  const colors = useChartColors(theme);
  const series = useMemo(() => fillBuckets(points, bucket), [points, bucket]);
  const labels = axisLabels(series, bucket);
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
        tension: 0, // straight lines: a single big count is a peak, not a hump
        // points on a long series would hide the line
        pointRadius: series.length > 120 ? 0 : 3,
      },
    ],
  };
  const options = lineOptions(colors, (index) => bucketDates(series[index]!.bucketStart, bucket));
  return (
    <>
      <div className="relative h-72">
        <Line
          data={data}
          options={options}
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
            {series.map((point) => (
              <tr key={point.bucketStart}>
                <th scope="row">{bucketDates(point.bucketStart, bucket)}</th>
                <td>{formatCount(point.totalCount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** The top species as bars of the chosen figure: individuals counted, or logs (issue 23). */
export function TopSpeciesChart({ species, by }: { species: TopSpecies; by: TopSpeciesRanking }) {
  const { theme } = useTheme();
  const colors = useChartColors(theme);
  const texts = rankingTexts[by];
  const value = (item: TopSpecies[number]) => (by === 'logs' ? item.logCount : item.totalCount);
  const data = {
    labels: species.map((item) => item.species),
    datasets: [
      {
        label: texts.title,
        data: species.map(value),
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
          plugins={[barValues]}
          role="img"
          aria-label={`Bar chart: ${texts.chart} per species`}
        />
      </div>
      {/* in a div: a table ignores the 1px width of sr-only and would widen the page */}
      <div className="sr-only">
        <table>
          <caption>{texts.title} per species</caption>
          <thead>
            <tr>
              <th scope="col">Species</th>
              <th scope="col">{texts.title}</th>
            </tr>
          </thead>
          <tbody>
            {species.map((item) => (
              <tr key={item.species}>
                <th scope="row">{item.species}</th>
                <td>{formatCount(value(item))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
