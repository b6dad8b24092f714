import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NamingClient } from '../../src/server/db/named-statements.js';

// Issue 38 (P15): the PostgreSQL pool prepares its long writes once per connection, and leaves
// reads and short statements unnamed. PostgreSQL only (TEST_DATABASE_URL): PGlite has no pool.

const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)('named statements on PostgreSQL', () => {
  let pool: pg.Pool;
  beforeAll(async () => {
    pool = new pg.Pool({ connectionString: url, max: 1, Client: NamingClient });
    await pool.query('CREATE TABLE named_things (id int, label text)');
  });
  afterAll(() => pool.end());

  // a write of the length of a create's (padding in a comment keeps the text long)
  const longInsert = `INSERT INTO named_things (id, label) VALUES ($1, $2) RETURNING * /* ${'x'.repeat(1200)} */`;
  const prepared = async () =>
    (await pool.query<{ name: string }>('SELECT name FROM pg_prepared_statements ORDER BY name'))
      .rows;

  it('prepares a long write once, and runs it by name after', async () => {
    const first = await pool.query(longInsert, [1, 'one']);
    const second = await pool.query(longInsert, [2, 'two']);
    expect(first.rows).toEqual([{ id: 1, label: 'one' }]);
    expect(second.rows).toEqual([{ id: 2, label: 'two' }]);
    const names = await prepared();
    expect(names).toHaveLength(1);
    expect(names[0]!.name).toMatch(/^sb_[\w-]{27}$/);
  });

  it('leaves reads and short writes unnamed', async () => {
    await pool.query(`SELECT * FROM named_things WHERE id = $1 /* ${'y'.repeat(1200)} */`, [1]);
    await pool.query('INSERT INTO named_things (id, label) VALUES ($1, $2)', [3, 'three']);
    expect(await prepared()).toHaveLength(1);
    const { rows } = await pool.query('SELECT count(*)::int AS n FROM named_things');
    expect(rows).toEqual([{ n: 3 }]);
  });

  it('fails once after another instance changes the table, then prepares it again', async () => {
    // a connection checked out, as a transaction's: pg-pool drops one whose query() failed
    const client = await pool.connect();
    try {
      await client.query(longInsert, [4, 'four']);
      const other = new pg.Client({ connectionString: url });
      await other.connect();
      await other.query('ALTER TABLE named_things ADD COLUMN note text');
      await other.end();
      await expect(client.query(longInsert, [5, 'five'])).rejects.toThrow(
        'cached plan must not change result type',
      );
      const again = await client.query(longInsert, [6, 'six']);
      expect(again.rows).toEqual([{ id: 6, label: 'six', note: null }]);
      const names = await client.query<{ name: string }>(
        'SELECT name FROM pg_prepared_statements ORDER BY name',
      );
      expect(names.rows.map(({ name }) => name)).toEqual([
        expect.stringMatching(/^sb_[\w-]{27}$/),
        expect.stringMatching(/^sb_[\w-]{27}_1$/),
      ]);
    } finally {
      client.release();
    }
  });
});
