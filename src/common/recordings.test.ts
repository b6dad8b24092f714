import { describe, expect, it } from 'vitest';
import { spectrogramRange } from './recordings.js';

describe('spectrogramRange', () => {
  it('names the span in kHz, to a tenth at most', () => {
    expect(spectrogramRange(12_000)).toBe('0–12 kHz');
    expect(spectrogramRange(8000)).toBe('0–8 kHz'); // a 16 kHz recording
    expect(spectrogramRange(11_025)).toBe('0–11 kHz'); // a 22.05 kHz one
    expect(spectrogramRange(5512)).toBe('0–5.5 kHz');
  });
});
