import { describe, expect, it } from 'vitest';
import { BRIDGE_PATH, handleBridgeRequest } from './bridge-store';

/** Cache Storage as the worker sees it, in memory. */
function memoryCaches(): CacheStorage {
  const entries = new Map<string, Response>();
  const cache = {
    put: async (url: string, response: Response) => void entries.set(url, response.clone()),
    match: async (url: string) => entries.get(url)?.clone(),
    delete: async (url: string) => entries.delete(url),
  };
  return { open: async () => cache } as unknown as CacheStorage;
}

const call = (caches: CacheStorage, method: string, now: number, body?: unknown) =>
  handleBridgeRequest(
    new Request(`http://localhost${BRIDGE_PATH}`, {
      method,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }),
    caches,
    now,
  ).then(async (response) => ({ status: response.status, body: await response.json() }));

describe('the worker-side sign-in bridge (SPEC §7)', () => {
  it('stores a token for five minutes, reports it expired after, and clears it', async () => {
    const caches = memoryCaches();
    const t0 = Date.parse('2026-05-01T06:30:00Z');
    expect(await call(caches, 'GET', t0)).toEqual({
      status: 200,
      body: { token: null, expired: false },
    });
    expect(await call(caches, 'POST', t0, { token: 'abc' })).toEqual({
      status: 200,
      body: { success: true },
    });
    expect((await call(caches, 'GET', t0 + 4 * 60_000)).body).toEqual({
      token: 'abc',
      expired: false,
    });
    expect((await call(caches, 'GET', t0 + 5 * 60_000)).body).toEqual({
      token: 'abc',
      expired: true,
    });
    expect((await call(caches, 'DELETE', t0)).body).toEqual({ success: true });
    expect((await call(caches, 'GET', t0)).body).toEqual({ token: null, expired: false });
  });

  it('refuses a store without a token', async () => {
    const caches = memoryCaches();
    expect(await call(caches, 'POST', 0, {})).toEqual({
      status: 400,
      body: { success: false, message: 'No authentication token found' },
    });
    expect((await call(caches, 'POST', 0)).status).toBe(400); // no body at all
    expect((await call(caches, 'GET', 0)).body).toEqual({ token: null, expired: false });
  });
});
