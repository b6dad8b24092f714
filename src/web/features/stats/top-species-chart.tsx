import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  LinearScale,
  Tooltip,
  type ChartData,
} from 'chart.js';
import { useMemo } from 'react';
import { Bar } from 'react-chartjs-2';
import type { TopSpecies, TopSpeciesRanking } from '../../../common/stats';
import { useTheme } from '@/features/theme';
import { cappedAxis, nameLayout } from './chart-layout';
import { barNames, barValues } from './chart-plugins';
import { barOptions, LABEL_FONT_CSS } from './chart-options';
import { ChartTable } from './chart-table';
import { useChartColors } from './stats-charts';
import { formatCount, rankingTexts } from './stats-format';
import { useElementWidth } from './use-element-width';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

/** The x axis' ticks under the bars. */
const AXIS_HEIGHT = 28;

/** Widths of text in the names' font, read off one canvas kept for it. */
function useMeasure() {
  return useMemo(() => {
    const context = document.createElement('canvas').getContext('2d');
    if (context) context.font = LABEL_FONT_CSS;
    return (text: string) => context?.measureText(text).width ?? text.length * 7;
  }, []);
}

/**
 * The top species as bars of the chosen figure: individuals counted, or logs (issue 23). One
 * flock far bigger than the rest is capped, its real value beside it; names wrap (issue 34).
 */
export function TopSpeciesChart({ species, by }: { species: TopSpecies; by: TopSpeciesRanking }) {
  const { theme } = useTheme();
  const colors = useChartColors(theme);
  const [ref, width] = useElementWidth<HTMLDivElement>();
  const measure = useMeasure();
  const texts = rankingTexts[by];
  const values = species.map((item) => (by === 'logs' ? item.logCount : item.totalCount));
  const axis = cappedAxis(values);
  const names = species.map((item) => item.species);
  const layout = nameLayout(names, width, measure);
  const data: ChartData<'bar', number[], string | string[]> = {
    // multi-line names on the axis; above the bars the plugin draws them
    labels: layout.names === 'axis' ? layout.lines : names,
    datasets: [
      { label: texts.title, data: axis.drawn, backgroundColor: colors.line, borderRadius: 4 },
    ],
  };
  const options = barOptions(colors, {
    max: axis.max,
    names: layout.names,
    top: layout.top,
    barThickness: layout.barThickness,
    value: (index) => `${texts.title}: ${formatCount(values[index])}`,
  });
  options.plugins = {
    ...options.plugins,
    barValues: {
      texts: values.map((value) => formatCount(value)),
      capped: axis.capped,
      colors,
    },
    barNames: {
      lines: layout.names === 'above' ? layout.lines : [],
      color: colors.label,
    },
  };
  return (
    <>
      {/* one row per species, tall enough for its wrapped name: labels never overlap */}
      <div
        ref={ref}
        className="relative"
        style={{ height: species.length * layout.rowHeight + layout.top + AXIS_HEIGHT }}
      >
        {width > 0 && (
          <Bar
            data={data}
            options={options}
            plugins={[barValues, barNames]}
            role="img"
            aria-label={`Bar chart: ${texts.chart} per species`}
          />
        )}
      </div>
      <ChartTable
        caption={`${texts.title} per species`}
        headers={['Species', texts.title]}
        rows={species.map((item, index) => ({
          key: item.species,
          label: item.species,
          value: formatCount(values[index]),
        }))}
      />
    </>
  );
}
