import { describe, expect, it } from 'vitest';
import { createLogsResultCache } from '../../src/server/features/logs/logs-version.js';

// The cache of results computed from a user's logs, by version (the database side is in
// tests/logs/logs-version.test.ts).
describe('the logs result cache', () => {
  const counting = (value: string) => {
    const calls = { count: 0 };
    const compute = async () => {
      calls.count += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return value;
    };
    return { calls, compute };
  };

  it('computes once for requests that come while it computes', async () => {
    const cache = createLogsResultCache(10);
    const { calls, compute } = counting('total');
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => cache.getAt('ada', 3, 'list-total', compute)),
    );
    expect(answers).toEqual(Array(5).fill('total'));
    expect(await cache.getAt('ada', 3, 'list-total', compute)).toBe('total');
    expect(calls.count).toBe(1);
  });

  it('computes again for a newer version, and per user and key', async () => {
    const cache = createLogsResultCache(10);
    const { calls, compute } = counting('x');
    await cache.getAt('ada', 3, 'species', compute);
    await cache.getAt('ada', 4, 'species', compute);
    await cache.getAt('bob', 4, 'species', compute);
    await cache.getAt('ada', 4, 'locations', compute);
    await cache.getAt('ada', 4, 'species', compute);
    expect(calls.count).toBe(4);
  });

  it('answers a request that read an older version anew, and keeps the newer result', async () => {
    const cache = createLogsResultCache(10);
    await cache.getAt('ada', 5, 'species', async () => 'after the write');
    expect(await cache.getAt('ada', 4, 'species', async () => 'computed now')).toBe('computed now');
    expect(await cache.getAt('ada', 5, 'species', async () => 'again')).toBe('after the write');
  });

  it('keeps no failed computation', async () => {
    const cache = createLogsResultCache(10);
    const failing = async () => {
      throw new Error('connection lost');
    };
    await expect(cache.getAt('ada', 1, 'species', failing)).rejects.toThrow('connection lost');
    expect(await cache.getAt('ada', 1, 'species', async () => 'recovered')).toBe('recovered');
  });
});
