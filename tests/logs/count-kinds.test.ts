import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import type { LogWriteInput } from '../../src/common/logs/schemas.js';
import { aLog, as, signUp, stores, testConfig, type TestUser } from '../support/helpers.js';
import { listAsFor } from './support.js';

// Issue 32: a count of individuals, eBird's X (present, not counted: null) and its 0 (evidence
// without a live individual), each written, read and kept through an edit.

describe.each(stores)('counts of three kinds on $store', ({ databaseUrl }) => {
  let app: FastifyInstance;
  let ada: TestUser;
  beforeAll(async () => {
    app = await buildApp(testConfig({ databaseUrl }));
    ada = await signUp(app, 'count-kinds');
  });
  afterAll(() => app.close());

  const listAs = listAsFor(() => app);
  const write = (method: 'POST' | 'PUT', url: string, payload: Partial<LogWriteInput>) =>
    app.inject({ method, url, headers: as(ada), payload: aLog(payload) });
  const create = async (payload: Partial<LogWriteInput>) => {
    const res = await write('POST', '/api/logs', payload);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; count: number | null; countKind: string };
  };
  const read = async (id: string) =>
    (await app.inject({ url: `/api/logs/${id}`, headers: as(ada) })).json();

  it('keeps a count, an X and a 0, and says which each is', async () => {
    const counted = await create({ speciesCommon: 'Wren', count: 3 });
    const present = await create({ speciesCommon: 'Jay', count: null, countKind: 'present' });
    const absent = await create({ speciesCommon: 'Coot', count: undefined, countKind: 'present' });
    const evidence = await create({ speciesCommon: 'Owl', count: 0, countKind: 'evidence' });
    const noNumber = await create({ speciesCommon: 'Kite', count: null, countKind: 'evidence' });
    expect(
      [counted, present, absent, evidence, noNumber].map(({ count, countKind }) => [
        count,
        countKind,
      ]),
    ).toEqual([
      [3, 'counted'],
      [null, 'present'],
      [null, 'present'],
      [0, 'evidence'],
      [0, 'evidence'],
    ]);
    expect(await read(present.id)).toMatchObject({ count: null, countKind: 'present' });
    const shared = await app.inject({ url: `/api/logs/shared/${evidence.id}` });
    expect(shared.json()).toMatchObject({ count: 0, countKind: 'evidence' });
  });

  it.each([
    ['Count must be at least 1', { count: 0 }],
    ['Count must be a number', { count: null }],
    ['Count must be a number', { count: null, countKind: 'counted' as const }],
    [
      'A species present, not counted (X) has no count',
      { count: 2, countKind: 'present' as const },
    ],
    [
      'A species present, not counted (X) has no count',
      { count: 0, countKind: 'present' as const },
    ],
    [
      'Evidence only (no live individual) has a count of 0',
      { count: 1, countKind: 'evidence' as const },
    ],
  ])('refuses with %s (case %#)', async (message, payload) => {
    const res = await write('POST', '/api/logs', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message, issues: [{ path: ['count'], message }] });
  });

  it('refuses a kind it does not know', async () => {
    const res = await write('POST', '/api/logs', { countKind: 'many' as never });
    expect(res.json()).toEqual({
      message: 'Count kind must be counted, present or evidence',
      issues: [{ path: ['countKind'], message: 'Count kind must be counted, present or evidence' }],
    });
  });

  it('keeps an X through an edit, and makes it a count when one is given', async () => {
    const log = await create({ speciesCommon: 'Rook', count: null, countKind: 'present' });
    const url = `/api/logs/${log.id}`;
    const edited = await write('PUT', url, {
      speciesCommon: 'Rook',
      count: null,
      countKind: 'present',
      notes: 'A colony',
    });
    expect(edited.json()).toMatchObject({ count: null, countKind: 'present', notes: 'A colony' });
    const counted = await write('PUT', url, { speciesCommon: 'Rook', count: 40 });
    expect(counted.json()).toMatchObject({ count: 40, countKind: 'counted' });
    const evidence = await write('PUT', url, {
      speciesCommon: 'Rook',
      count: undefined,
      countKind: 'evidence',
    });
    expect(evidence.json()).toMatchObject({ count: 0, countKind: 'evidence' });
  });

  it('leaves an X out of a count filter, and shows it on the map without a number', async () => {
    const bea = await signUp(app, 'count-filters');
    const make = (payload: Partial<LogWriteInput>) =>
      app.inject({
        method: 'POST',
        url: '/api/logs',
        headers: as(bea),
        payload: aLog({ latitude: 51.5, longitude: -0.1, ...payload }),
      });
    await make({ speciesCommon: 'Wren', count: 2 });
    await make({ speciesCommon: 'Jay', count: null, countKind: 'present' });
    await make({ speciesCommon: 'Owl', count: 0, countKind: 'evidence' });
    const species = async (query: string) =>
      (await listAs(bea, query)).items.map((log) => log.speciesCommon).sort();
    expect(await species('')).toEqual(['Jay', 'Owl', 'Wren']);
    expect(await species('?minCount=1')).toEqual(['Wren']);
    expect(await species('?maxCount=5')).toEqual(['Owl', 'Wren']);
    const geo = await app.inject({ url: '/api/logs/geo', headers: as(bea) });
    const properties = Object.fromEntries(
      geo
        .json()
        .features.map(({ properties }: { properties: Record<string, unknown> }) => [
          properties.species,
          { count: properties.count, countKind: properties.countKind },
        ]),
    );
    expect(properties).toEqual({
      Wren: { count: 2, countKind: undefined },
      Jay: { count: null, countKind: 'present' },
      Owl: { count: 0, countKind: 'evidence' },
    });
  });
});
