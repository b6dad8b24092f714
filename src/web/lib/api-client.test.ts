import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { api, ApiError, buildUrl } from './api-client';
import { requestEarly } from './early-requests';

function reply(status: number, body: string, statusText = '') {
  const fetch = vi.fn(async () => new Response(body || null, { status, statusText }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('buildUrl', () => {
  it('leaves out empty, null and undefined values', () => {
    expect(
      buildUrl('/api/logs', { q: '', from: undefined, to: null, page: 2, place: 'Park' }),
    ).toBe('/api/logs?page=2&place=Park');
    expect(buildUrl('/api/logs', { q: '' })).toBe('/api/logs');
  });
});

describe('api', () => {
  it('sends credentials, and JSON only when there is a body', async () => {
    const fetch = reply(200, '{"ok":true}');
    await api('/api/x', z.object({ ok: z.boolean() }));
    expect(fetch).toHaveBeenLastCalledWith('/api/x', {
      method: 'GET',
      credentials: 'include',
      signal: undefined,
      headers: undefined,
      body: undefined,
    });

    await api('/api/x', z.object({ ok: z.boolean() }), { method: 'POST', body: { a: 1 } });
    expect(fetch).toHaveBeenLastCalledWith('/api/x', {
      method: 'POST',
      credentials: 'include',
      signal: undefined,
      headers: { 'Content-Type': 'application/json' },
      body: '{"a":1}',
    });
  });

  it('parses the reply with the schema, and an empty reply as undefined', async () => {
    reply(200, '{"n":"1"}');
    await expect(api('/api/x', z.object({ n: z.coerce.number() }))).resolves.toEqual({ n: 1 });
    reply(204, '');
    await expect(api('/api/x', z.undefined(), { method: 'DELETE' })).resolves.toBeUndefined();
  });

  it("throws ApiError with status, body and '${status}: ${body text}' (SPEC §8)", async () => {
    const body =
      '{"message":"Species name is required","issues":[{"path":["speciesCommon"],"message":"Species name is required"}]}';
    reply(400, body);
    const error = await api('/api/logs', z.unknown()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: `400: ${body}`,
      body: {
        message: 'Species name is required',
        issues: [{ path: ['speciesCommon'], message: 'Species name is required' }],
      },
    });
  });

  it('falls back to the status text when the body is empty or not JSON', async () => {
    reply(502, '', 'Bad Gateway');
    await expect(api('/api/x', z.unknown())).rejects.toMatchObject({
      message: '502: Bad Gateway',
      body: { message: 'Bad Gateway' },
    });
    reply(500, 'oops');
    await expect(api('/api/x', z.unknown())).rejects.toMatchObject({
      message: '500: oops',
      body: { message: 'oops' },
    });
  });
});

describe('api with a request started early', () => {
  it('takes the reply of the same URL once, then asks again', async () => {
    const fetch = reply(200, '{"n":1}');
    requestEarly('/api/x?q=owl');
    expect(fetch).toHaveBeenCalledTimes(1);
    const schema = z.object({ n: z.number() });
    expect(await api('/api/x', schema, { query: { q: 'owl' } })).toEqual({ n: 1 });
    expect(fetch).toHaveBeenCalledTimes(1); // the early one

    await api('/api/x', schema, { query: { q: 'owl' } });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('is not taken by another URL or by a write', async () => {
    const fetch = reply(200, '{"n":1}');
    requestEarly('/api/x?q=owl');
    const schema = z.object({ n: z.number() });
    await api('/api/x', schema, { query: { q: 'wren' } });
    await api('/api/x?q=owl', schema, { method: 'PUT', body: {} });
    expect(fetch).toHaveBeenCalledTimes(3);
    await api('/api/x?q=owl', schema);
    expect(fetch).toHaveBeenCalledTimes(3);
  });
});

describe('a request started early that fails', () => {
  it('fails the call that takes it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    requestEarly('/api/gone');
    await expect(api('/api/gone', z.unknown())).rejects.toThrow(TypeError);
    expect(fetch).toHaveBeenCalledTimes(1); // the early request, not a second one
  });
});
