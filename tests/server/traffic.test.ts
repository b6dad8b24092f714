import { request as httpRequest, type ClientRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import { othersInFlight } from '../../src/server/db/traffic.js';
import { signUp, stores, testConfig } from '../support/helpers.js';

// An import gives way to other requests only when there are some (issue 38, P13): the app counts
// the requests it is answering, from their arrival until their response is done or abandoned.
describe.each(stores)('requests in flight on $store', ({ databaseUrl }) => {
  let app: FastifyInstance;
  let port: number;
  let cookie: string;
  beforeAll(async () => {
    app = await buildApp(testConfig({ databaseUrl }));
    cookie = (await signUp(app, 'traffic')).cookie;
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(() => app.close());

  /** An import whose file is still arriving: the app has seen it, and answers it later. */
  const arriving = () =>
    new Promise<ClientRequest>((resolve) => {
      const req = httpRequest({
        port,
        host: '127.0.0.1',
        method: 'POST',
        path: '/api/import',
        headers: { cookie, 'content-type': 'text/csv', 'content-length': '100000' },
      });
      req.on('error', () => {}); // destroyed below
      req.write('Common Name,Count\n');
      req.flushHeaders();
      // the app counts it once its hooks ran: poll the count rather than sleep
      resolve(req);
    });
  const until = async (expected: boolean) => {
    for (let i = 0; i < 200 && othersInFlight(app.db) !== expected; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return othersInFlight(app.db);
  };

  it('sees others only while a second request is being answered, and forgets abandoned ones', async () => {
    expect(othersInFlight(app.db)).toBe(false);
    const first = await arriving();
    // one request alone: there is no one else to give way to
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(othersInFlight(app.db)).toBe(false);
    const second = await arriving();
    expect(await until(true)).toBe(true);
    second.destroy(); // the client goes away: its request is no longer answered
    expect(await until(false)).toBe(false);
    first.destroy();
    // answered requests leave the count too
    const res = await fetch(`http://127.0.0.1:${port}/api/logs`, { headers: { cookie } });
    expect(res.status).toBe(200);
    const third = await arriving();
    const fourth = await arriving();
    expect(await until(true)).toBe(true);
    third.destroy();
    fourth.destroy();
    expect(await until(false)).toBe(false);
  });
});
