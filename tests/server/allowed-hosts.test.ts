import { networkInterfaces } from 'node:os';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { hostAcceptor } from '../../src/server/allowed-hosts.js';
import { buildApp } from '../../src/server/app.js';
import { createLogAs, signUp, stores, testConfig, type TestUser } from '../support/helpers.js';

// Without PUBLIC_URL, absolute URLs come from the Host: only a Host the server knows is served
// (issue #19: a foreign Host ended up in the shared page's og:url).

const webRoot = fileURLToPath(new URL('../fixtures/web/', import.meta.url));
const ogUrl = (html: string) => /<meta property="og:url" content="([^"]*)" \/>/.exec(html)?.[1];
const REFUSAL =
  'This server does not answer to the host "evil.example": set PUBLIC_URL, or add the host to ALLOWED_HOSTS';

describe('the hosts a server answers to', () => {
  it('are loopback at any port, the listen address and ALLOWED_HOSTS', () => {
    const accepts = hostAcceptor({
      host: '192.168.1.10',
      allowedHosts: ['birds.lan', 'wrens.example:8080'],
    });
    for (const host of ['localhost', 'LOCALHOST:5173', '127.0.0.1:3000', '[::1]:8080']) {
      expect(accepts(host), host).toBe(true);
    }
    for (const host of ['192.168.1.10:3000', 'birds.lan', 'Birds.Lan:3000', 'wrens.example:8080']) {
      expect(accepts(host), host).toBe(true);
    }
    for (const host of [
      'evil.example',
      'wrens.example',
      'wrens.example:9090',
      '192.168.1.11',
      '',
    ]) {
      expect(accepts(host), host).toBe(false);
    }
    for (const host of ['birds.lan/x', 'a@birds.lan', 'birds.lan:x', 'birds.lan:3000:1']) {
      expect(accepts(host), host).toBe(false);
    }
  });

  it("are every one of the machine's addresses when it listens on all of them", () => {
    const own = Object.values(networkInterfaces())
      .flatMap((list) => list ?? [])
      .find(({ family, internal }) => family === 'IPv4' && !internal);
    expect(hostAcceptor({ host: '0.0.0.0' })('evil.example')).toBe(false);
    expect(hostAcceptor({ host: '::' })('localhost:3000')).toBe(true);
    if (own) expect(hostAcceptor({ host: '0.0.0.0' })(`${own.address}:3000`)).toBe(true);
  });
});

describe.each(stores)('Host checks on $store', ({ databaseUrl }) => {
  let app: FastifyInstance;
  let behindPublicUrl: FastifyInstance;
  let ada: TestUser;
  let logId: string;
  beforeAll(async () => {
    app = await buildApp(
      testConfig({ databaseUrl, webRoot, allowedHosts: ['birds.lan'], trustProxy: ['127.0.0.1'] }),
    );
    behindPublicUrl = await buildApp(
      testConfig({ databaseUrl, webRoot, publicUrl: 'https://birds.example' }),
    );
    ada = await signUp(app);
    logId = (await createLogAs(app, ada, { speciesCommon: 'Wren' })).id;
  });
  afterAll(() => Promise.all([app.close(), behindPublicUrl.close()]));

  const get = (url: string, headers: Record<string, string>, remoteAddress = '10.9.9.9') =>
    app.inject({ method: 'GET', url, headers, remoteAddress });

  it('refuses a foreign Host with 421 before any page or API route', async () => {
    for (const url of [`/shared/${logId}`, '/', '/logs', '/api/auth/user', '/api/logs']) {
      const res = await get(url, { host: 'evil.example', cookie: ada.cookie });
      expect(res.statusCode, url).toBe(421);
      expect(res.json()).toEqual({ message: REFUSAL });
    }
    const post = await app.inject({
      method: 'POST',
      url: '/api/logs',
      headers: { host: 'evil.example', cookie: ada.cookie },
      payload: {},
    });
    expect(post.statusCode).toBe(421);
  });

  it('answers /healthz whatever the Host, for probes', async () => {
    expect((await get('/healthz', { host: 'evil.example' })).statusCode).toBe(200);
  });

  it('builds og:url from loopback and ALLOWED_HOSTS hosts', async () => {
    for (const host of ['localhost:5173', '127.0.0.1:3000', 'birds.lan:3000']) {
      const res = await get(`/shared/${logId}`, { host });
      expect(res.statusCode).toBe(200);
      expect(ogUrl(res.body)).toBe(`http://${host}/shared/${logId}`);
    }
  });

  it("checks a trusted proxy's X-Forwarded-Host, and ignores anyone else's", async () => {
    const forwarded = (host: string) => ({
      host: '127.0.0.1:3000',
      'x-forwarded-host': host,
      'x-forwarded-proto': 'https',
    });
    const refused = await get(`/shared/${logId}`, forwarded('evil.example'), '127.0.0.1');
    expect(refused.statusCode).toBe(421);
    const proxied = await get(`/shared/${logId}`, forwarded('birds.lan'), '127.0.0.1');
    expect(ogUrl(proxied.body)).toBe(`https://birds.lan/shared/${logId}`);
    const direct = await get(`/shared/${logId}`, forwarded('evil.example'));
    expect(ogUrl(direct.body)).toBe(`http://127.0.0.1:3000/shared/${logId}`);
  });

  it('serves any Host with PUBLIC_URL, whose origin the URLs keep', async () => {
    const res = await behindPublicUrl.inject({
      method: 'GET',
      url: `/shared/${logId}`,
      headers: { host: 'evil.example' },
    });
    expect(res.statusCode).toBe(200);
    expect(ogUrl(res.body)).toBe(`https://birds.example/shared/${logId}`);
    expect(res.body).not.toContain('evil.example');
  });
});
