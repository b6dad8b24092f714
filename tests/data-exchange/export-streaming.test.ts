import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import { logs } from '../../src/server/db/schema.js';
import { signUp, stores, testConfig } from '../support/helpers.js';
import { CSV_HEADERS, dataExchangeFor } from './support.js';

describe.each(stores)('CSV export on $store', ({ databaseUrl }) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp(testConfig({ databaseUrl }));
  });
  afterAll(() => app.close());

  const { exportRows } = dataExchangeFor(() => app);

  it('streams a large export complete and in order', async () => {
    const bulk = await signUp(app, 'bulk');
    const start = Date.UTC(2026, 0, 1);
    // Pairs share a time, so order within a batch and across batch edges rests on the id.
    const inserted = await app.db
      .insert(logs)
      .values(
        Array.from({ length: 2500 }, (_, i) => ({
          userId: bulk.id,
          speciesCommon: `Bird ${i}`,
          count: i + 1,
          observedAt: new Date(start + Math.floor(i / 2) * 60_000),
        })),
      )
      .returning({ id: logs.id, observedAt: logs.observedAt });
    const expected = inserted
      .sort(
        (a, b) =>
          b.observedAt.getTime() - a.observedAt.getTime() ||
          (a.id < b.id ? 1 : a.id > b.id ? -1 : 0),
      )
      .map((row) => row.id);
    const [headers, ...rows] = await exportRows(bulk);
    expect(headers).toEqual(CSV_HEADERS);
    expect(rows).toHaveLength(2500);
    expect(rows.map((row) => row[0])).toEqual(expected);
    expect(rows.at(-1)!.slice(1, 3)).toEqual([
      '2026-01-01T00:00:00.000Z',
      expect.stringMatching(/^Bird [01]$/),
    ]);
    expect(app.streamRows === null).toBe(databaseUrl === undefined); // PostgreSQL reads a cursor

    // Downloads abandoned after the first bytes give their connections back (the pool has 10).
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    for (let i = 0; i < 12; i += 1) {
      await new Promise<void>((resolve, reject) => {
        const request = http.get(`${address}/api/export.csv`, { headers: { cookie: bulk.cookie } });
        request.on('response', (res) => res.once('data', () => request.destroy()));
        request.on('close', resolve);
        request.on('error', (error) => (request.destroyed ? resolve() : reject(error)));
      });
    }
    expect(await exportRows(bulk)).toHaveLength(2501);
  });

  it('exports many logs sharing one time each exactly once, newest created first', async () => {
    const dated = await signUp(app, 'date-only');
    const noon = new Date('2024-06-01T10:00Z'); // noon in Berlin: a date-only import's time
    // three imports of 700 rows each, a created time apiece: ids decide within an import
    const ids: string[][] = [];
    for (let part = 0; part < 3; part += 1) {
      const inserted = await app.db
        .insert(logs)
        .values(
          Array.from({ length: 700 }, (_, i) => ({
            userId: dated.id,
            speciesCommon: `Bird ${part}-${i}`,
            count: 1,
            observedAt: noon,
            timeZone: 'Europe/Berlin',
            timeKnown: false,
            createdAt: new Date(Date.UTC(2025, 0, 1 + part)),
          })),
        )
        .returning({ id: logs.id });
      ids.push(inserted.map((row) => row.id).sort((a, b) => (a < b ? 1 : -1)));
    }
    const expected = [...ids[2]!, ...ids[1]!, ...ids[0]!];
    const [, ...rows] = await exportRows(dated);
    expect(rows.map((row) => row[0])).toEqual(expected);
    expect(new Set(rows.map((row) => row[0])).size).toBe(2100);
    const zone = CSV_HEADERS.indexOf('time_zone');
    expect(rows[0]!.slice(zone, zone + 6)).toEqual(['Europe/Berlin', 'false', '', '', '', 'false']);
  });
});
