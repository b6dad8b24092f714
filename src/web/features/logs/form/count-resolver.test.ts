import { describe, expect, it } from 'vitest';
import { LOG_LIMITS } from '../../../../common/logs/schemas';
import { COUNT_MESSAGE, logFormResolver } from './count-resolver';

const countError = async (count: number) => {
  const values = { speciesCommon: 'Wren', count, observedAt: '2026-05-01T06:30' };
  const result = await logFormResolver(values, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });
  return result.errors.count?.message;
};

describe("the log form's count", () => {
  it.each([
    ['empty', Number.NaN],
    ['zero', 0],
    ['negative', -5],
    ['fractional', 1.5],
  ])('says SPEC §5 sentence when %s', async (_, count) => {
    expect(await countError(count)).toBe(COUNT_MESSAGE);
  });

  it('takes a whole count of at least 1, and says when one is too large', async () => {
    expect(await countError(3)).toBeUndefined();
    expect(await countError(LOG_LIMITS.maxCount + 1)).toBe('Count is too large');
  });
});
