import { BRIDGE_PATH, type BridgeTokenState } from './bridge-store';

// The page's side of the installed-app sign-in bridge (SPEC §4 "Installed-app start",
// "Completion page"; §8 for the wording of every failure).

/** Why storing the token failed, in the words the completion page shows. */
export class BridgeStoreError extends Error {}

/** The completion page leaves the token for the installed app, through the worker. */
export async function storeBridgeToken(token: string | null): Promise<void> {
  if (!token) throw new BridgeStoreError('No authentication token found');
  await checkBinding(token);
  const response = await fetch(BRIDGE_PATH, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  if (!response.ok) throw new BridgeStoreError('Failed to store authentication token');
  const reply = (await response.json().catch(() => undefined)) as { success?: unknown } | undefined;
  if (reply?.success !== true) throw new BridgeStoreError('Token storage failed');
}

/**
 * The server checks that the token was issued to this browser (a token planted in a link by
 * someone else is refused with the server's words) before the page stores it.
 */
async function checkBinding(token: string): Promise<void> {
  const check = await fetch('/api/pwa-auth-bridge/binding', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  if (check.ok) return;
  const reply = (await check.json().catch(() => undefined)) as { message?: unknown } | undefined;
  const message = typeof reply?.message === 'string' ? reply.message : undefined;
  throw new BridgeStoreError(message ?? 'Failed to store authentication token');
}

/**
 * The installed app, signed out, exchanges a stored unexpired token for a session; the stored
 * token is deleted either way. True when a session was opened.
 */
export async function exchangeStoredBridgeToken(): Promise<boolean> {
  const stored = await fetch(BRIDGE_PATH);
  if (!stored.ok) return false; // no worker in control: nothing was stored here
  const { token, expired } = (await stored.json()) as BridgeTokenState;
  if (!token) return false;
  try {
    if (expired) return false;
    const exchange = await fetch('/api/pwa-auth-bridge', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    if (!exchange.ok) console.error(`Sign-in token exchange failed: ${exchange.status}`);
    return exchange.ok;
  } finally {
    await fetch(BRIDGE_PATH, { method: 'DELETE' });
  }
}

/** Resolves once a service worker controls this page (at most `timeoutMs` later). */
export async function workerInControl(timeoutMs = 5000): Promise<void> {
  if (!('serviceWorker' in navigator) || navigator.serviceWorker.controller) return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, timeoutMs);
    navigator.serviceWorker.addEventListener(
      'controllerchange',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}
