import type { Db } from './client.js';

/**
 * `make(db)`, made once per database (app and tests may open several): for statements built
 * once and prepared by name on the server, instead of rebuilt and re-planned per request.
 */
export function perDatabase<T>(make: (db: Db) => T): (db: Db) => T {
  const made = new WeakMap<Db, T>();
  return (db) => {
    let value = made.get(db);
    if (value === undefined) made.set(db, (value = make(db)));
    return value;
  };
}
