import { describe, expect, it } from 'vitest';
import { observedCount, shortCount } from './log-count';

describe("a log's count in words", () => {
  it('shows individuals as a number, X and 0 as what they mean', () => {
    expect(shortCount(1200)).toEqual({ text: (1200).toLocaleString(), label: 'Count 1200' });
    expect(shortCount(null)).toMatchObject({ text: 'X', title: 'Present, not counted' });
    expect(shortCount(0)).toMatchObject({ text: '0 · evidence only' });
    expect(observedCount(3)).toBe('3 observed');
    expect(observedCount(null)).toBe('Present (not counted)');
    expect(observedCount(0)).toBe('Evidence only (no live individual)');
  });
});
