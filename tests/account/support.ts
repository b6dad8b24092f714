import type { FastifyInstance } from 'fastify';
import type { SQL } from 'drizzle-orm';

/** The rows of a statement, on either store (both drivers answer `{ rows }`). */
export async function rowsOf<Row>(app: FastifyInstance, query: SQL): Promise<Row[]> {
  const result = (await app.db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}
