import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import { randomIp, signUp, stores, testConfig } from '../support/helpers.js';

describe.each(stores)('OpenID Connect with local accounts allowed on $store', ({ databaseUrl }) => {
  let app: FastifyInstance;
  // nothing listens on port 9: the provider is down
  const downProvider = {
    issuerUrl: 'http://127.0.0.1:9',
    clientId: 'sightbook',
    clientSecret: 'secret',
    providerName: 'Down ID',
  };
  beforeAll(async () => {
    app = await buildApp(testConfig({ databaseUrl, allowLocalAccounts: true, oidc: downProvider }));
  });
  afterAll(() => app.close());

  it('keeps email and password accounts working', async () => {
    const user = await signUp(app, 'allowed');
    const me = await app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: user.cookie },
    });
    expect(me.statusCode).toBe(200);
  });

  it('sends the visitor to the sign-in page with a message when the provider is unreachable', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/login?pwa=true' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/login?error=unavailable&pwa=true');
  });

  it('limits sign-in starts per address, as the other sign-in calls', async () => {
    const limited = await buildApp(
      testConfig({ databaseUrl, authRateLimit: 3, oidc: downProvider }),
    );
    const address = randomIp();
    try {
      const start = () =>
        limited.inject({ method: 'GET', url: '/api/login', remoteAddress: address });
      for (let i = 0; i < 3; i++) expect((await start()).statusCode).toBe(302);
      const refused = await start();
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeTruthy();
      expect(refused.json().message).toEqual(expect.any(String));
    } finally {
      await limited.close();
    }
  });
});

describe.each(stores)('without OpenID Connect on $store', ({ databaseUrl }) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp(testConfig({ databaseUrl }));
  });
  afterAll(() => app.close());

  it('has no callback', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/callback?code=x&state=y' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found' });
  });
});
