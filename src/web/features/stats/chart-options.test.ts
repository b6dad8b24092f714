import { describe, expect, it } from 'vitest';
import { barOptions, chartColors, columnOptions, lineOptions, translucent } from './chart-options';

const colors = chartColors(
  (name) => ({ '--primary': ' oklch(0.5 0.1 150) ', '--border': 'oklch(1 0 0 / 10%)' })[name] ?? '',
);

describe('chart colors', () => {
  it('come from the CSS variables, with fallbacks', () => {
    expect(colors).toEqual({
      line: 'oklch(0.5 0.1 150)',
      fill: 'oklch(0.5 0.1 150 / 0.2)',
      text: 'rgb(115, 115, 115)',
      grid: 'oklch(1 0 0 / 10%)',
      label: 'rgb(23, 23, 23)',
      onBar: 'rgb(250, 250, 250)',
      background: 'rgb(255, 255, 255)',
    });
  });

  it('keep a color that already has an alpha', () => {
    expect(translucent('oklch(1 0 0 / 10%)')).toBe('oklch(1 0 0 / 10%)');
  });
});

describe('chart options', () => {
  it('hide the legend and start the count axis at zero with whole numbers', () => {
    const line = lineOptions(colors);
    expect(line.plugins?.legend?.display).toBe(false);
    expect(line.scales?.y).toMatchObject({ beginAtZero: true, ticks: { precision: 0 } });
    expect(line.scales?.x).toMatchObject({ beginAtZero: false });

    const bar = barOptions(colors, { names: 'axis' });
    expect(bar.indexAxis).toBe('y');
    expect(bar.plugins?.legend?.display).toBe(false);
    expect(bar.scales?.x).toMatchObject({ beginAtZero: true, ticks: { precision: 0 } });
    expect(bar.scales?.x?.max).toBeUndefined();

    const column = columnOptions(colors, String);
    expect(column.indexAxis).toBeUndefined();
    expect(column.plugins?.legend?.display).toBe(false);
    expect(column.scales?.y).toMatchObject({ beginAtZero: true, ticks: { precision: 0 } });
  });

  it('end a capped axis at its cap, and name a phone’s species above the bars', () => {
    const capped = barOptions(colors, { names: 'above', max: 200, barThickness: 16 });
    expect(capped.scales?.x?.max).toBe(200);
    expect(capped.scales?.y?.ticks?.display).toBe(false);
    expect(barOptions(colors, { names: 'axis' }).scales?.y?.ticks?.display).toBe(true);
  });
});
