import {
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
import { Line } from 'react-chartjs-2';
import type { StatsBucket, TimeSeries } from '../../../common/stats';
import { useTheme, type Theme } from '@/features/theme';
import { cappedAxis } from './chart-layout';
import { chartColors, lineOptions, type ChartColors } from './chart-options';
import { peakValues } from './chart-plugins';
import { ChartTable } from './chart-table';
import { formatCount } from './stats-format';
import { axisLabels, bucketDates, fillBuckets } from './time-axis';

// Only the parts the line charts use, so the stats chunk stays small.
Chart.register(
  CategoryScale,
  Filler,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
);

/** Re-read on every theme switch: the class on <html> changes before React re-renders. */
export function useChartColors(theme: Theme): ChartColors {
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
  const series = useMemo(() => fillBuckets(points, bucket), [points, bucket]);
  return (
    <LineOverTime
      series={series}
      labels={axisLabels(series, bucket)}
      dates={(start) => bucketDates(start, bucket)}
      title="Total Sightings"
      ariaLabel="Line chart: total sightings over time"
      caption={`Total Sightings per ${bucket}`}
    />
  );
}

interface LineOverTimeProps {
  /** Every period on the axis, in order. */
  series: TimeSeries;
  labels: string[];
  /** A period's dates, in the tooltip and the table. */
  dates: (bucketStart: string) => string;
  /** The figure's name: the dataset's, and the table's column. */
  title: string;
  ariaLabel: string;
  caption: string;
  /** The table's first column: what a period's row gives. */
  periodHeader?: string;
}

/** A filled line of a figure over time, with its figures in a table for screen readers. */
export function LineOverTime({
  series,
  labels,
  dates,
  title,
  ariaLabel,
  caption,
  periodHeader = 'Period starting',
}: LineOverTimeProps) {
  const { theme } = useTheme();
  const colors = useChartColors(theme);
  const values = series.map((point) => point.totalCount);
  // one flock of 50,000 would flatten every other week to the axis (issue 34)
  const axis = cappedAxis(values);
  const data = {
    labels,
    datasets: [
      {
        label: title,
        data: axis.drawn,
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
  const options = lineOptions(colors, {
    title: (index) => dates(series[index]!.bucketStart),
    value: (index) => `${title}: ${formatCount(values[index])}`,
    max: axis.max,
  });
  options.plugins = {
    ...options.plugins,
    peakValues: {
      texts: values.map((value, index) => (axis.capped[index] ? formatCount(value) : '')),
      colors,
    },
  };
  return (
    <>
      <div className="relative h-72">
        <Line
          data={data}
          options={options}
          plugins={[peakValues]}
          role="img"
          aria-label={ariaLabel}
        />
      </div>
      <ChartTable
        caption={caption}
        headers={[periodHeader, title]}
        rows={series.map((point) => ({
          key: point.bucketStart,
          label: dates(point.bucketStart),
          value: formatCount(point.totalCount),
        }))}
      />
    </>
  );
}
