import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db, StreamRows } from './client.js';

/**
 * A query's rows in its order, a batch at a time and never all in memory: through a cursor on
 * PostgreSQL, as keyset pages on PGlite (which hands over whole results). `page(after, limit)`
 * is the query's rows after the row `after` (from the first without), at most `limit` of them
 * (all without). Stopping the iteration early closes the cursor.
 */
export async function* readInBatches<Row>(
  db: Db,
  streamRows: StreamRows | null,
  page: (after?: Row, limit?: number) => SQL,
  size: number,
): AsyncGenerator<Row[]> {
  if (streamRows) {
    const stream = await streamRows(new PgDialect().sqlToQuery(page()), size);
    try {
      let batch: Row[] = [];
      for await (const row of stream) {
        batch.push(row as Row);
        // the cursor hands over a whole batch at once: this yields when the stream waits
        if (stream.readableLength === 0 || batch.length === size) {
          yield batch;
          batch = [];
        }
      }
      if (batch.length > 0) yield batch;
    } finally {
      stream.destroy();
    }
    return;
  }
  let after: Row | undefined;
  for (;;) {
    const result = await db.execute(page(after, size));
    const { rows } = result as unknown as { rows: Row[] };
    if (rows.length > 0) yield rows;
    if (rows.length < size) return;
    after = rows.at(-1);
  }
}
