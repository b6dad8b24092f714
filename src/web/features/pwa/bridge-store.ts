import { BRIDGE_TOKEN_TTL_MS } from '../../../common/pwa/bridge';

// `/__pwa_auth_bridge`, answered inside the service worker (SPEC §7): the completion page, in
// the browser, leaves the token in Cache Storage, which the installed app shares; the app reads
// it at start. POST {token} stores it, GET returns {token, expired}, DELETE clears it.

export const BRIDGE_PATH = '/__pwa_auth_bridge';
const CACHE_NAME = 'pwa-auth-bridge'; // one of offline's USER_CACHES: forgotten at sign-out
const ENTRY_URL = `${BRIDGE_PATH}/token`;

interface StoredToken {
  token: string;
  expiresAt: number;
}

export interface BridgeTokenState {
  token: string | null;
  expired: boolean;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' },
  });

const isStoredToken = (value: unknown): value is StoredToken =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as StoredToken).token === 'string' &&
  typeof (value as StoredToken).expiresAt === 'number';

async function readBody(request: Request): Promise<unknown> {
  try {
    return await request.json();
  } catch {
    return undefined;
  }
}

export async function handleBridgeRequest(
  request: Request,
  storage: CacheStorage,
  now = Date.now(),
): Promise<Response> {
  const cache = await storage.open(CACHE_NAME);
  switch (request.method) {
    case 'POST': {
      const body = await readBody(request);
      const token = (body as { token?: unknown } | undefined)?.token;
      if (typeof token !== 'string' || token === '') {
        return json({ success: false, message: 'No authentication token found' }, 400);
      }
      const stored: StoredToken = { token, expiresAt: now + BRIDGE_TOKEN_TTL_MS };
      await cache.put(ENTRY_URL, json(stored));
      return json({ success: true });
    }
    case 'GET': {
      const entry = await cache.match(ENTRY_URL);
      const stored: unknown = entry ? await entry.json() : undefined;
      const state: BridgeTokenState = isStoredToken(stored)
        ? { token: stored.token, expired: now >= stored.expiresAt }
        : { token: null, expired: false };
      return json(state);
    }
    case 'DELETE':
      await cache.delete(ENTRY_URL);
      return json({ success: true });
    default:
      return json({ message: 'Method not allowed' }, 405);
  }
}
