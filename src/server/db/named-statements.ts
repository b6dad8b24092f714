import { createHash } from 'node:crypto';
import pg from 'pg';

// Issue 38 (P15): PostgreSQL parses, analyses and plans an unnamed statement each time it comes.
// A create's INSERT (the log, its photos and recordings, its JSON and the lifer check in one
// statement) is 7.6 kB of SQL, and preparing it once per connection nearly doubled what the
// database alone could take of it (pgbench: 295 → 401-484 creates/s). So the pool's connections
// prepare the long writes they are sent as named statements, the name a hash of the text.
// Reads stay unnamed: a prepared statement may switch to a generic plan, which would serve a
// user of 100 logs and one of 100,000 the same way.

/** Shorter writes cost little to plan; a generated text of this length is one of a few shapes. */
const NAME_FROM_LENGTH = 1000;
const WRITE = /^\s*(?:insert|update|delete|with)\b/i;
/** Per connection: a text that varies (a batch's row count) must not fill the server's memory. */
const MOST_NAMES = 64;

interface QueryConfig {
  text: string;
  name?: string;
  submit?: unknown;
}

const isLongWrite = (config: unknown): config is QueryConfig => {
  if (typeof config !== 'object' || config === null) return false;
  const { text, name, submit } = config as QueryConfig;
  return (
    typeof text === 'string' &&
    name === undefined &&
    submit === undefined &&
    text.length >= NAME_FROM_LENGTH &&
    WRITE.test(text)
  );
};

/** A schema change by another instance (a rolling upgrade) leaves a prepared statement stale. */
const isStale = (error: unknown) =>
  error instanceof Error && /cached plan must not change result type/.test(error.message);

/** A pool client that sends its long writes as named statements (`new pg.Pool({ Client })`). */
export class NamingClient extends pg.Client {
  readonly #names = new Map<string, string>(); // text's hash → its statement's name here
  #renamed = 0;

  // pg-pool's own query() passes a callback; a client checked out (a transaction) is awaited
  override query(...args: unknown[]): never {
    const send = super.query.bind(this) as (...rest: unknown[]) => never;
    const [given, ...rest] = args;
    const config = typeof given === 'string' ? { text: given } : given;
    if (!isLongWrite(config)) return send(...args);
    const hash = createHash('sha1').update(config.text).digest('base64url');
    const name =
      this.#names.get(hash) ?? (this.#names.size < MOST_NAMES ? `sb_${hash}` : undefined);
    if (name === undefined) return send(...args);
    this.#names.set(hash, name);
    // the next one prepares it again under a new name (no DEALLOCATE: the transaction it failed
    // in takes no more commands); the old one goes when the connection does
    const noteStale = (error: unknown) => {
      if (isStale(error)) this.#names.set(hash, `sb_${hash}_${(this.#renamed += 1)}`);
    };
    const callbackAt = rest.findIndex((arg) => typeof arg === 'function');
    if (callbackAt >= 0) {
      const callback = rest[callbackAt] as (error: unknown, result?: unknown) => void;
      rest[callbackAt] = (error: unknown, result: unknown) => {
        noteStale(error);
        callback(error, result);
      };
      return send({ ...config, name }, ...rest);
    }
    return (send({ ...config, name }, ...rest) as Promise<unknown>).catch((error: unknown) => {
      noteStale(error);
      throw error;
    }) as never;
  }
}
