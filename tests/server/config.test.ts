import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, tileImageSource } from '../../src/server/config.js';
import { tempDir } from '../support/temp-dirs.js';

type Env = Record<string, string>;

const freshDir = () => tempDir('config');

describe('configuration', () => {
  it('has working defaults for every variable', () => {
    const dataDir = freshDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir,
      databaseUrl: undefined,
      embeddedDatabase: join(dataDir, 'db'),
      appName: 'Sightbook',
      authRateLimit: 30,
      photos: { maxPixels: 50_000_000, workers: 2, timeLimitMs: 20_000 },
      seedTaxa: true,
      maintenanceStartDelayMs: 60_000,
      registration: 'invite',
      storageQuotaMb: 2048,
      uploadRateLimit: 120,
      mail: undefined,
    });
  });

  it('generates the session secret once into DATA_DIR, owner-readable only, and keeps it', () => {
    const dataDir = freshDir();
    const first = loadConfig({ DATA_DIR: dataDir }).sessionSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dataDir, 'session-secret'), 'utf8').trim()).toBe(first);
    expect(statSync(join(dataDir, 'session-secret')).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: dataDir }).sessionSecret).toBe(first);
    const given = 'a-session-secret-given-by-the-operator-1234';
    expect(loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: given }).sessionSecret).toBe(given);
  });

  it('reads an empty variable as unset', () => {
    const config = loadConfig({ DATA_DIR: freshDir(), PORT: '', DATABASE_URL: '' });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
  });

  it('reads PHOTO_MAX_PIXELS', () => {
    const config = loadConfig({ DATA_DIR: freshDir(), PHOTO_MAX_PIXELS: '24000000' });
    expect(config.photos.maxPixels).toBe(24_000_000);
  });

  it('keeps only the origin of PUBLIC_URL', () => {
    const config = loadConfig({ DATA_DIR: freshDir(), PUBLIC_URL: 'https://birds.example/app/' });
    expect(config.publicUrl).toBe('https://birds.example');
  });

  it('trusts no proxy unless TRUST_PROXY names a hop count or addresses', () => {
    expect(loadConfig({ DATA_DIR: freshDir() }).trustProxy).toBeUndefined();
    expect(loadConfig({ DATA_DIR: freshDir(), TRUST_PROXY: '1' }).trustProxy).toBe(1);
    const listed = loadConfig({ DATA_DIR: freshDir(), TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1' });
    expect(listed.trustProxy).toEqual(['127.0.0.1', '10.0.0.0/8', '::1']);
    const named = loadConfig({ DATA_DIR: freshDir(), TRUST_PROXY: 'loopback,fd00::/8' });
    expect(named.trustProxy).toEqual(['loopback', 'fd00::/8']);
  });

  it('reads ALLOWED_HOSTS as host names with optional ports, in lower case', () => {
    expect(loadConfig({ DATA_DIR: freshDir() }).allowedHosts).toBeUndefined();
    const config = loadConfig({ DATA_DIR: freshDir(), ALLOWED_HOSTS: 'Birds.Lan, birds.lan:8080' });
    expect(config.allowedHosts).toEqual(['birds.lan', 'birds.lan:8080']);
  });

  const provider = {
    OIDC_ISSUER_URL: 'https://id.example.org/realms/birds',
    OIDC_CLIENT_ID: 'sightbook',
    OIDC_CLIENT_SECRET: 'a-client-secret',
  };

  it('turns OpenID Connect on with all three variables, and local accounts off unless allowed', () => {
    expect(loadConfig({ DATA_DIR: freshDir() })).toMatchObject({
      oidc: undefined,
      allowLocalAccounts: true,
    });
    expect(loadConfig({ DATA_DIR: freshDir(), ...provider })).toMatchObject({
      oidc: {
        issuerUrl: 'https://id.example.org/realms/birds',
        clientId: 'sightbook',
        clientSecret: 'a-client-secret',
        providerName: 'id.example.org',
      },
      allowLocalAccounts: false,
    });
    const named = loadConfig({
      DATA_DIR: freshDir(),
      ...provider,
      OIDC_PROVIDER_NAME: 'Bird Club',
      ALLOW_LOCAL_ACCOUNTS: 'true',
    });
    expect(named.oidc?.providerName).toBe('Bird Club');
    expect(named.allowLocalAccounts).toBe(true);
  });

  it('reads who may sign up, the storage quota, the upload rate and the mail settings', () => {
    const config = loadConfig({
      DATA_DIR: freshDir(),
      REGISTRATION: 'closed',
      STORAGE_QUOTA_MB: '500',
      UPLOAD_RATE_LIMIT: '1000',
      SMTP_URL: 'smtps://sightbook:pw@mail.example.org:465',
    });
    expect(config).toMatchObject({
      registration: 'closed',
      storageQuotaMb: 500,
      uploadRateLimit: 1000,
      mail: {
        url: 'smtps://sightbook:pw@mail.example.org:465',
        from: 'Sightbook <no-reply@mail.example.org>',
      },
    });
    const from = 'Birds of Ely <birds@ely.example>';
    expect(
      loadConfig({ DATA_DIR: freshDir(), SMTP_URL: 'smtp://mail.lan', SMTP_FROM: from }).mail,
    ).toEqual({ url: 'smtp://mail.lan', from });
  });

  it("uses OpenStreetMap's standard tiles unless MAP_TILE_URL and MAP_ATTRIBUTION say otherwise", () => {
    expect(loadConfig({ DATA_DIR: freshDir() }).map).toEqual({
      tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution:
        '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
    });
    const env = {
      DATA_DIR: freshDir(),
      MAP_TILE_URL: 'https://maps.example/tiles/{z}/{x}/{y}.png?key=abc',
      MAP_ATTRIBUTION: 'Example Maps',
    };
    expect(loadConfig(env).map).toEqual({
      tileUrl: 'https://maps.example/tiles/{z}/{x}/{y}.png?key=abc',
      attribution: 'Example Maps',
    });
  });

  it.each([
    ['https://tile.openstreetmap.org/{z}/{x}/{y}.png', 'https://tile.openstreetmap.org'],
    ['http://127.0.0.1:8080/tiles/{z}/{x}/{y}{r}.png', 'http://127.0.0.1:8080'],
    ['https://{s}.basemaps.example/{z}/{x}/{y}.png', 'https://*.basemaps.example'],
    ['https://tiles.example/{z}/{x}.png', undefined],
    ['ftp://tiles.example/{z}/{x}/{y}.png', undefined],
    ['https://tiles-{s}.example/{z}/{x}/{y}.png', undefined],
    ['tiles.example/{z}/{x}/{y}.png', undefined],
  ])('allows the tiles of %s from %s', (template, source) => {
    expect(tileImageSource(template)).toBe(source);
  });

  it.each([
    [
      { MAP_TILE_URL: 'https://tiles.example/{z}.png' },
      'Invalid configuration: MAP_TILE_URL must be an http:// or https:// URL template with {z}, {x} and {y} (got "https://tiles.example/{z}.png")',
    ],
    [
      { OIDC_ISSUER_URL: provider.OIDC_ISSUER_URL },
      'Invalid configuration: OIDC_CLIENT_ID must be set when OIDC_ISSUER_URL is set',
    ],
    [
      { OIDC_CLIENT_ID: 'sightbook', OIDC_CLIENT_SECRET: 'a-client-secret' },
      'Invalid configuration: OIDC_ISSUER_URL must be set when OIDC_CLIENT_ID is set',
    ],
    [
      { OIDC_ISSUER_URL: provider.OIDC_ISSUER_URL, OIDC_CLIENT_ID: 'sightbook' },
      'Invalid configuration: OIDC_CLIENT_SECRET must be set when OIDC_ISSUER_URL is set',
    ],
  ])('stops on a partial OpenID Connect set-up %j', (env, message) => {
    expect(() => loadConfig({ DATA_DIR: freshDir(), ...env })).toThrow(new ConfigError(message));
  });

  it.each([
    [
      { ALLOW_LOCAL_ACCOUNTS: 'sometimes' },
      'Invalid configuration: ALLOW_LOCAL_ACCOUNTS must be true or false (got "sometimes")',
    ],
    [
      { OIDC_ISSUER_URL: 'id.example.org' },
      'Invalid configuration: OIDC_ISSUER_URL must be an http:// or https:// URL (got "id.example.org")',
    ],
    [
      { PORT: 'abc' },
      'Invalid configuration: PORT must be a whole number from 0 to 65535 (got "abc")',
    ],
    [
      { PORT: '70000' },
      'Invalid configuration: PORT must be a whole number from 0 to 65535 (got "70000")',
    ],
    [
      { DATABASE_URL: 'mysql://u:pw@db/x' },
      'Invalid configuration: DATABASE_URL must be a postgres:// or postgresql:// URL',
    ],
    [
      { PUBLIC_URL: 'birds.example' },
      'Invalid configuration: PUBLIC_URL must be an http:// or https:// URL (got "birds.example")',
    ],
    [
      { SESSION_SECRET: 'short' },
      'Invalid configuration: SESSION_SECRET must be at least 32 characters long',
    ],
    [
      { S3_FORCE_PATH_STYLE: 'maybe' },
      'Invalid configuration: S3_FORCE_PATH_STYLE must be true or false (got "maybe")',
    ],
    [
      { LOG_LEVEL: 'loud' },
      'Invalid configuration: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")',
    ],
    [
      { AUTH_RATE_LIMIT: '0' },
      'Invalid configuration: AUTH_RATE_LIMIT must be a whole number from 1 to 1000000 (got "0")',
    ],
    [
      { REGISTRATION: 'everyone' },
      'Invalid configuration: REGISTRATION must be one of open, invite, closed (got "everyone")',
    ],
    [
      { UPLOAD_RATE_LIMIT: '0' },
      'Invalid configuration: UPLOAD_RATE_LIMIT must be a whole number from 1 to 1000000 (got "0")',
    ],
    [
      { STORAGE_QUOTA_MB: '2 GB' },
      'Invalid configuration: STORAGE_QUOTA_MB must be a whole number from 0 to 1000000000 (got "2 GB")',
    ],
    [
      { SMTP_URL: 'mail.example.org' },
      'Invalid configuration: SMTP_URL must be an smtp:// or smtps:// URL',
    ],
    [
      { SMTP_URL: 'https://user:hunter2@mail.example.org' },
      'Invalid configuration: SMTP_URL must be an smtp:// or smtps:// URL',
    ],
    [
      { PHOTO_MAX_PIXELS: '0' },
      'Invalid configuration: PHOTO_MAX_PIXELS must be a positive whole number (got "0")',
    ],
    [
      { PHOTO_MAX_PIXELS: '50 megapixels' },
      'Invalid configuration: PHOTO_MAX_PIXELS must be a positive whole number (got "50 megapixels")',
    ],
    ...['yes', '0', '10.0.0.0/33', '10.0.0.300', '127.0.0.1,proxy.lan', ','].map(
      (value): [Env, string] => [
        { TRUST_PROXY: value },
        `Invalid configuration: TRUST_PROXY must be a hop count like 1, or addresses and CIDR ranges like 127.0.0.1,10.0.0.0/8 (got "${value}")`,
      ],
    ),
    ...['http://birds.lan', 'birds.lan/app', 'birds.lan:port', 'user@birds.lan'].map(
      (value): [Env, string] => [
        { ALLOWED_HOSTS: value },
        `Invalid configuration: ALLOWED_HOSTS must be host names with an optional port, separated by commas, like birds.lan,birds.lan:8080 (got "${value}")`,
      ],
    ),
  ])('stops on %j with one line naming the variable', (env, message) => {
    expect(() => loadConfig({ DATA_DIR: freshDir(), ...env })).toThrow(new ConfigError(message));
  });
});
