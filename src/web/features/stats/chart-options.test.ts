import { describe, expect, it } from 'vitest';
import { barOptions, chartColors, lineOptions, shortLabel, translucent } from './chart-options';

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

    const bar = barOptions(colors);
    expect(bar.indexAxis).toBe('y');
    expect(bar.plugins?.legend?.display).toBe(false);
    expect(bar.scales?.x).toMatchObject({ beginAtZero: true, ticks: { precision: 0 } });
  });
});

describe('shortLabel', () => {
  it('cuts a long species name to fit beside its bar, and leaves a short one', () => {
    expect(shortLabel('Eurasian Reed Warbler', 13)).toBe('Eurasian Ree…');
    expect(shortLabel('Blue Tit', 13)).toBe('Blue Tit');
  });
});
