import { describe, expect, it } from 'vitest';
import { cappedAxis, nameLayout, niceCeil, wrapLabel } from './chart-layout';

describe('niceCeil', () => {
  it('rounds up to 1, 2, 2.5 or 5 times a power of ten', () => {
    expect([0, 1, 3, 12, 20, 21, 240, 260, 7_001].map(niceCeil)).toEqual([
      0, 1, 5, 20, 20, 25, 250, 500, 10_000,
    ]);
  });
});

describe('cappedAxis', () => {
  it('caps one huge flock just past the next bar, and keeps its real value apart', () => {
    const axis = cappedAxis([50_000, 120, 37, 3]);
    expect(axis.max).toBe(200); // 120 × 1.25 = 150, rounded up
    expect(axis.drawn).toEqual([200, 120, 37, 3]);
    expect(axis.capped).toEqual([true, false, false, false]);
  });

  it('finds the huge bar wherever it stands', () => {
    expect(cappedAxis([4, 9, 1_000]).capped).toEqual([false, false, true]);
  });

  it('leaves bars alone when the longest is at most four times the next', () => {
    const axis = cappedAxis([400, 100, 1]);
    expect(axis).toEqual({ max: undefined, drawn: [400, 100, 1], capped: [false, false, false] });
  });

  it('leaves one bar, or one beside nothing, alone', () => {
    expect(cappedAxis([50_000]).max).toBeUndefined();
    expect(cappedAxis([50_000, 0, 0]).max).toBeUndefined();
    expect(cappedAxis([]).drawn).toEqual([]);
  });

  it('caps two equal huge bars alike', () => {
    expect(cappedAxis([9, 50_000, 50_000]).capped).toEqual([false, false, false]);
  });
});

describe('wrapLabel', () => {
  const letters = (text: string) => text.length * 7; // 7 px a letter

  it('keeps a name that fits on one line', () => {
    expect(wrapLabel('Blue Tit', 100, letters)).toEqual(['Blue Tit']);
  });

  it('breaks between words and after hyphens, and drops no letter', () => {
    const lines = wrapLabel('Greater White-fronted Goose', 70, letters);
    expect(lines).toEqual(['Greater', 'White-', 'fronted', 'Goose']);
    expect(wrapLabel('Greater White-fronted Goose', 105, letters)).toEqual([
      'Greater White-',
      'fronted Goose',
    ]);
    for (const line of lines) expect(letters(line)).toBeLessThanOrEqual(70);
  });

  it('breaks a word too long for a line between letters', () => {
    const lines = wrapLabel('Kaempfer’s Woodpecker-Tyrannulet', 56, letters);
    expect(lines.join('')).toBe('Kaempfer’sWoodpecker-Tyrannulet');
    for (const line of lines) expect(letters(line)).toBeLessThanOrEqual(56);
  });

  it('keeps a lone hyphen between spaces as it was', () => {
    expect(wrapLabel('A - B', 100, letters)).toEqual(['A - B']);
  });
});

describe('nameLayout', () => {
  const letters = (text: string) => text.length * 7;
  const names = ['Greater White-fronted Goose', 'Wren'];

  it('puts names beside the bars on a wide chart, wrapped within a third of it', () => {
    const layout = nameLayout([...names, 'Greater White-fronted Goose (Greenland)'], 600, letters);
    expect(layout.names).toBe('axis');
    expect(layout.lines).toEqual([
      ['Greater White-fronted Goose'],
      ['Wren'],
      ['Greater White-fronted Goose', '(Greenland)'], // 210 px: 30 letters a line
    ]);
    expect(layout.rowHeight).toBeGreaterThanOrEqual(2 * 15);
  });

  it('puts names above the bars on a phone, across its width, never cut', () => {
    const wide = nameLayout(names, 300, letters);
    expect(wide.names).toBe('above');
    expect(wide.lines).toEqual([['Greater White-fronted Goose'], ['Wren']]);
    const narrow = nameLayout(names, 150, letters);
    expect(narrow.lines[0]).toEqual(['Greater White-', 'fronted Goose']);
    // the row holds the bar and its name's two lines; the first name fits above the chart
    expect(narrow.rowHeight).toBeGreaterThanOrEqual(16 + 2 * 15);
    expect(narrow.top).toBeGreaterThanOrEqual(15);
  });
});
