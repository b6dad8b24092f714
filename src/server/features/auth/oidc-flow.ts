import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { z } from 'zod';

// The state of one OpenID Connect sign-in between /api/login and /api/callback, kept in the
// browser as an encrypted, authenticated cookie (AES-256-GCM, key derived from SESSION_SECRET).
// A cookie rather than a table: an abandoned or bot-started sign-in leaves nothing to clean
// up, every instance sharing SESSION_SECRET can finish a flow another one started, and the
// browser holding it is the one that started the flow (login CSRF is refused by the state).
// It is single use: /api/callback clears it; a replayed code is refused by the provider too.
// Each sign-in has a cookie of its own, named after its state: two started in one browser (two
// tabs, or the installed app and the browser) both finish.

const FLOW_COOKIE_PREFIX = 'oidc_flow_';
/** The cookie of the sign-in with this state (a digest: the state itself stays in the URL). */
export const flowCookieName = (state: string) =>
  FLOW_COOKIE_PREFIX + createHash('sha256').update(state).digest('base64url').slice(0, 16);
export const isFlowCookie = (name: string) => name.startsWith(FLOW_COOKIE_PREFIX);
/** Only the callback ever needs the cookie. */
export const FLOW_COOKIE_PATH = '/api/callback';
/** How long a sign-in may take at the provider. */
export const FLOW_TTL_MS = 10 * 60 * 1000;
/** The cookie outlives the flow so that a late return reads 'expired', not 'unverified'. */
export const FLOW_COOKIE_MAX_AGE_S = 60 * 60;

const flowSchema = z.object({
  state: z.string(),
  nonce: z.string(),
  codeVerifier: z.string(),
  pwa: z.boolean(),
  next: z.string().optional(),
  /** An invitation's token: a new identity may need one to get an account (REGISTRATION). */
  invitation: z.string().optional(),
  expiresAt: z.number(),
});
export type SignInFlow = z.infer<typeof flowSchema>;

const IV_BYTES = 12;
const TAG_BYTES = 16;

const flowKey = (secret: string) =>
  Buffer.from(hkdfSync('sha256', secret, '', 'sightbook oidc sign-in flow', 32));

export function sealFlow(flow: SignInFlow, secret: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', flowKey(secret), iv);
  const sealed = Buffer.concat([cipher.update(JSON.stringify(flow), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

/** The flow, or undefined when the cookie is missing, altered, or sealed with another secret. */
export function openFlow(value: string | undefined, secret: string): SignInFlow | undefined {
  if (!value) return undefined;
  const bytes = Buffer.from(value, 'base64url');
  if (bytes.length <= IV_BYTES + TAG_BYTES) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', flowKey(secret), bytes.subarray(0, IV_BYTES));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    const json = Buffer.concat([
      decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
    const parsed = flowSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined; // authentication failed: not a cookie this server sealed
  }
}
