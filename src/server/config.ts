import { z } from 'zod';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { normalHost } from './allowed-hosts.js';
import { readOrCreateSessionSecret } from './session-secret.js';
import type { S3Settings } from './storage/s3-storage.js';
import { UPLOAD_RATE } from '../common/photos.js';

// The only reader of process.env (STYLE §4). Every variable is optional (ARCHITECTURE "Configuration").
const url = (protocols: RegExp, what: string) =>
  z.url({ protocol: protocols, error: `must be ${what}` });
const text = z.string();
const wholeNumber = (min: number, max: number) =>
  z.coerce
    .number({ error: `must be a whole number from ${min} to ${max}` })
    .int(`must be a whole number from ${min} to ${max}`)
    .min(min, `must be a whole number from ${min} to ${max}`)
    .max(max, `must be a whole number from ${min} to ${max}`);
const positiveWholeNumber = z.coerce
  .number({ error: 'must be a positive whole number' })
  .int('must be a positive whole number')
  .min(1, 'must be a positive whole number')
  .max(Number.MAX_SAFE_INTEGER, 'must be a positive whole number');

/** Where the map's tiles come from: OpenStreetMap's standard tiles unless configured. */
export const DEFAULT_MAP_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const DEFAULT_MAP_ATTRIBUTION =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

/**
 * The Content-Security-Policy source of a tile URL template: its origin, or `*.host` when the
 * template picks a subdomain with `{s}.` (Leaflet's a, b, c); undefined when it is no http(s) URL.
 */
export function tileImageSource(template: string): string | undefined {
  if (!/\{z\}/.test(template) || !/\{x\}/.test(template) || !/\{y\}/.test(template)) {
    return undefined;
  }
  const subdomains = /^https?:\/\/\{s\}\./.test(template);
  if (!subdomains && template.includes('{s}')) return undefined; // no one origin to allow
  let url: URL;
  try {
    url = new URL(template.replace('{s}', 'a').replace(/\{[a-z]+\}/gi, '0'));
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  if (url.hostname.includes('{') || url.username || url.password) return undefined;
  return subdomains ? `${url.protocol}//*.${url.host.slice(2)}` : url.origin;
}

// proxy-addr's names for address ranges, which Fastify's trustProxy also takes.
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

const isAddressOrRange = (entry: string) => {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
};

/** TRUST_PROXY: a hop count, or the addresses and CIDR ranges of trusted proxies. */
function trustedProxies(value: string): number | string[] | undefined {
  if (/^\d+$/.test(value)) {
    // A count trusts whoever connects: right only when clients cannot reach the app directly.
    const hops = Number(value);
    return hops >= 1 && hops <= 100 ? hops : undefined;
  }
  const entries = commaList(value);
  return entries.length > 0 && entries.every(isAddressOrRange) ? entries : undefined;
}

const commaList = (value: string) =>
  value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);

const envSchema = z.object({
  PORT: wholeNumber(0, 65535).default(3000),
  HOST: text.default('127.0.0.1'),
  DATA_DIR: text.default('./data'),
  DATABASE_URL: url(/^postgres(ql)?$/, 'a postgres:// or postgresql:// URL').optional(),
  PUBLIC_URL: url(/^https?$/, 'an http:// or https:// URL')
    .transform((value) => new URL(value).origin)
    .optional(),
  TRUST_PROXY: text
    .refine(
      (value) => trustedProxies(value) !== undefined,
      'must be a hop count like 1, or addresses and CIDR ranges like 127.0.0.1,10.0.0.0/8',
    )
    .transform((value) => trustedProxies(value)!)
    .optional(),
  ALLOWED_HOSTS: text
    .refine(
      (value) => commaList(value).every((entry) => normalHost(entry) !== undefined),
      'must be host names with an optional port, separated by commas, like birds.lan,birds.lan:8080',
    )
    .transform((value) => commaList(value).map((entry) => normalHost(entry)!))
    .optional(),
  SESSION_SECRET: text.min(32, 'must be at least 32 characters long').optional(),
  OIDC_ISSUER_URL: url(/^https?$/, 'an http:// or https:// URL').optional(),
  OIDC_CLIENT_ID: text.optional(),
  OIDC_CLIENT_SECRET: text.optional(),
  OIDC_PROVIDER_NAME: text.max(60, 'must be at most 60 characters long').optional(),
  ALLOW_LOCAL_ACCOUNTS: z.stringbool({ error: 'must be true or false' }).optional(),
  S3_BUCKET: text.optional(),
  S3_ENDPOINT: url(/^https?$/, 'an http:// or https:// URL').optional(),
  S3_PUBLIC_ENDPOINT: url(/^https?$/, 'an http:// or https:// URL').optional(),
  S3_REGION: text.optional(),
  S3_ACCESS_KEY_ID: text.optional(),
  S3_SECRET_ACCESS_KEY: text.optional(),
  S3_FORCE_PATH_STYLE: z.stringbool({ error: 'must be true or false' }).optional(),
  APP_NAME: text.max(60, 'must be at most 60 characters long').default('Sightbook'),
  AUTH_RATE_LIMIT: wholeNumber(1, 1_000_000).default(30),
  PHOTO_MAX_PIXELS: positiveWholeNumber.default(50_000_000),
  REGISTRATION: z
    .enum(['open', 'invite', 'closed'], { error: 'must be one of open, invite, closed' })
    .default('invite'),
  STORAGE_QUOTA_MB: wholeNumber(0, 1_000_000_000).default(2048),
  UPLOAD_RATE_LIMIT: wholeNumber(1, 1_000_000).default(UPLOAD_RATE.max),
  SMTP_URL: url(/^smtps?$/, 'an smtp:// or smtps:// URL').optional(),
  SMTP_FROM: text.max(320, 'must be at most 320 characters long').optional(),
  SEED_TAXA: z.stringbool({ error: 'must be true or false' }).default(true),
  MAP_TILE_URL: text
    .refine(
      (template) => tileImageSource(template) !== undefined,
      'must be an http:// or https:// URL template with {z}, {x} and {y}',
    )
    .default(DEFAULT_MAP_TILE_URL),
  MAP_ATTRIBUTION: text
    .max(1000, 'must be at most 1000 characters long')
    .default(DEFAULT_MAP_ATTRIBUTION),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL connection string; unset means the embedded store. */
  databaseUrl?: string;
  /** Where the embedded store lives: a directory, or 'memory://' (tests). */
  embeddedDatabase: string;
  /**
   * A PGlite data directory dump (tar) a 'memory://' store starts from instead of an empty one:
   * the tests' migrated template (tests/support/database-templates.ts). Not read from the
   * environment.
   */
  embeddedTemplate?: string;
  publicUrl?: string;
  /** Whose X-Forwarded-For/-Proto/-Host count: a hop count or addresses; unset trusts none. */
  trustProxy?: number | string[];
  /** Host names (`name` or `name:port`) accepted besides the server's own, without PUBLIC_URL. */
  allowedHosts?: string[];
  sessionSecret: string;
  appName: string;
  authRateLimit: number;
  /** The map's tile URL template and its attribution (HTML), handed to the web app. */
  map: { tileUrl: string; attribution: string };
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** The built web app (index.html and assets); unset serves only the API. */
  webRoot?: string;
  /** Photos go to an S3-compatible bucket when set, else under DATA_DIR/uploads. */
  s3?: S3Settings;
  /** Sign-in goes through this OpenID Connect provider when set. */
  oidc?: OidcSettings;
  /** Email and password accounts: always without OIDC, only on request with it. */
  allowLocalAccounts: boolean;
  photos: PhotoWorkSettings;
  /** Load the species backbone (common-species) on the first start (SEED_TAXA, default true). */
  seedTaxa: boolean;
  /**
   * How long after start the embedded store's first VACUUM (ANALYZE) waits: PGlite runs one
   * statement at a time, and a pass at start held the first requests for a second (issue 38).
   */
  maintenanceStartDelayMs: number;
  /** scrypt's cost for new password hashes: PASSWORD_COST, not configurable (tests lower it). */
  passwordCost: PasswordCost;
  /**
   * Who may create an account (REGISTRATION): anyone, holders of an admin's invitation, or no
   * one. The first account of an instance, its admin, can always be created.
   */
  registration: Registration;
  /** Photo storage per user in MiB (STORAGE_QUOTA_MB); an admin may set one user's. */
  storageQuotaMb: number;
  /** Photo uploads a user may start per 10 minutes (UPLOAD_RATE_LIMIT). */
  uploadRateLimit: number;
  /** Password-reset mail on request, when SMTP_URL is set (nodemailer transport URL). */
  mail?: MailSettings;
}

export type Registration = 'open' | 'invite' | 'closed';

export interface MailSettings {
  /** nodemailer's transport URL: smtp://user:pass@host:587 or smtps://…:465. Never logged. */
  url: string;
  /** The From address; default `APP_NAME <no-reply@host of SMTP_URL>`. */
  from: string;
}

/** Bounds on image work (src/server/features/photos/image-work.ts). */
export interface PhotoWorkSettings {
  /** Larger images (width × height of one frame) are refused before decoding. */
  maxPixels: number;
  /** Worker threads making derivatives. */
  workers: number;
  /** A photo whose derivatives take longer is refused. */
  timeLimitMs: number;
}

/** The embedded store's first maintenance pass, a minute after start (jobs.ts). */
export const MAINTENANCE_START_DELAY_MS = 60_000;
/** Two workers: libvips already spreads one image over every core; the second keeps one user's
 * slow photo from holding up everyone else's. */
export const PHOTO_WORKERS = 2;
export const PHOTO_TIME_LIMIT_MS = 20_000;

/** scrypt's cost for new password hashes: N=2^15, r=8, p=1 take 32 MiB and about 100 ms here.
 * Each hash keeps its own, so raising it later keeps old hashes verifiable. */
export interface PasswordCost {
  N: number;
  r: number;
  p: number;
}
export const PASSWORD_COST: PasswordCost = { N: 2 ** 15, r: 8, p: 1 };

export interface OidcSettings {
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
  /** Shown as 'Sign in with {providerName}'. */
  providerName: string;
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

export function loadConfig(env: Env = process.env, webRoot?: string): Config {
  // `X=` in a shell or .env file means "not set", not "set to nothing".
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    throw new ConfigError(`Invalid configuration: ${name} ${describe(issue, given[name])}`);
  }
  const vars = parsed.data;
  const oidc = oidcSettings(vars);
  const dataDir = resolve(vars.DATA_DIR);
  return {
    port: vars.PORT,
    host: vars.HOST,
    dataDir,
    databaseUrl: vars.DATABASE_URL,
    embeddedDatabase: join(dataDir, 'db'),
    publicUrl: vars.PUBLIC_URL,
    trustProxy: vars.TRUST_PROXY,
    allowedHosts: vars.ALLOWED_HOSTS,
    sessionSecret: vars.SESSION_SECRET ?? readOrCreateSessionSecret(dataDir),
    appName: vars.APP_NAME,
    authRateLimit: vars.AUTH_RATE_LIMIT,
    map: { tileUrl: vars.MAP_TILE_URL, attribution: vars.MAP_ATTRIBUTION },
    logLevel: vars.LOG_LEVEL,
    webRoot,
    s3: vars.S3_BUCKET
      ? {
          bucket: vars.S3_BUCKET,
          endpoint: vars.S3_ENDPOINT,
          publicEndpoint: vars.S3_PUBLIC_ENDPOINT,
          region: vars.S3_REGION,
          accessKeyId: vars.S3_ACCESS_KEY_ID,
          secretAccessKey: vars.S3_SECRET_ACCESS_KEY,
          forcePathStyle: vars.S3_FORCE_PATH_STYLE,
        }
      : undefined,
    oidc,
    allowLocalAccounts: !oidc || (vars.ALLOW_LOCAL_ACCOUNTS ?? false),
    photos: {
      maxPixels: vars.PHOTO_MAX_PIXELS,
      workers: PHOTO_WORKERS,
      timeLimitMs: PHOTO_TIME_LIMIT_MS,
    },
    seedTaxa: vars.SEED_TAXA,
    maintenanceStartDelayMs: MAINTENANCE_START_DELAY_MS,
    passwordCost: PASSWORD_COST,
    registration: vars.REGISTRATION,
    storageQuotaMb: vars.STORAGE_QUOTA_MB,
    uploadRateLimit: vars.UPLOAD_RATE_LIMIT,
    mail: vars.SMTP_URL
      ? {
          url: vars.SMTP_URL,
          from: vars.SMTP_FROM ?? `${vars.APP_NAME} <no-reply@${new URL(vars.SMTP_URL).hostname}>`,
        }
      : undefined,
  };
}

const OIDC_VARIABLES = ['OIDC_ISSUER_URL', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const;

/** All three OIDC variables, or none: half a provider set-up is a mistake worth stopping for. */
function oidcSettings(vars: z.infer<typeof envSchema>): OidcSettings | undefined {
  const given = OIDC_VARIABLES.filter((name) => vars[name] !== undefined);
  if (given.length === 0) return undefined;
  const missing = OIDC_VARIABLES.find((name) => vars[name] === undefined);
  if (missing) {
    throw new ConfigError(`Invalid configuration: ${missing} must be set when ${given[0]} is set`);
  }
  const issuerUrl = vars.OIDC_ISSUER_URL!;
  return {
    issuerUrl,
    clientId: vars.OIDC_CLIENT_ID!,
    clientSecret: vars.OIDC_CLIENT_SECRET!,
    providerName: vars.OIDC_PROVIDER_NAME ?? new URL(issuerUrl).hostname,
  };
}

function describe(issue: z.core.$ZodIssue | undefined, value: string | undefined): string {
  const name = String(issue?.path[0] ?? '');
  const shown =
    value === undefined || /SECRET|KEY|DATABASE_URL|SMTP_URL/.test(name) ? '' : ` (got "${value}")`; // never echo secrets
  return `${issue?.message ?? 'is invalid'}${shown}`;
}
