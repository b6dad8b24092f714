import { describe, expect, it } from 'vitest';
import { formatStorage, usedPercent } from './storage-format';

describe('storage figures', () => {
  it.each([
    [0, '0 MB'],
    [3000, '3 KB'],
    [400 * 1024, '0.4 MB'],
    [12.6 * 1024 * 1024, '13 MB'],
    [1980 * 1024 * 1024, '1,980 MB'],
    [2048 * 1024 * 1024, '2,048 MB'],
  ])('writes %d bytes as %s', (bytes, text) => {
    expect(formatStorage(bytes)).toBe(text);
  });

  it('gives the share used, never over 100', () => {
    expect(usedPercent(512, 2048)).toBe(25);
    expect(usedPercent(3000, 2048)).toBe(100);
    expect(usedPercent(0, 0)).toBe(100);
  });
});
