// When the app last heard from the server itself (issue 23): offline, the banner says what the
// screens show is as of then. Replies the service worker answers from its cache while offline
// are not counted: only calls made while the browser is online.

const KEY = 'sightbook-last-synced';

export function noteSynced() {
  if (!navigator.onLine) return;
  try {
    localStorage.setItem(KEY, new Date().toISOString());
  } catch {
    // storage off: the banner then says offline without a time
  }
}

export function lastSynced(): Date | undefined {
  try {
    const text = localStorage.getItem(KEY);
    return text ? new Date(text) : undefined;
  } catch {
    return undefined;
  }
}

/** fetch() rejects with a TypeError when the request never reached a server. */
export const isUnreachable = (error: unknown): boolean => error instanceof TypeError;
