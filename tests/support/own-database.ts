import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

// Before each test file (vitest setupFiles): its own database on the PostgreSQL of
// TEST_DATABASE_URL, so that files running side by side never see each other's rows. A species
// backbone one file loads would otherwise link another file's logs, and change its counts.
// Without the right to create databases, the files share the one given.

// the server's own URL, kept while TEST_DATABASE_URL names this file's database (a worker runs
// several files)
const root = process.env.TEST_DATABASE_ROOT_URL ?? process.env.TEST_DATABASE_URL;
if (root) {
  process.env.TEST_DATABASE_ROOT_URL = root;
  const name = `sightbook_test_${randomBytes(8).toString('hex')}`;
  const client = new pg.Client({ connectionString: root });
  await client.connect();
  try {
    const template = inject('postgresTemplate'); // migrated (database-templates.ts)
    await client.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
    const url = new URL(root);
    url.pathname = `/${name}`;
    process.env.TEST_DATABASE_URL = url.toString();
  } catch (error) {
    console.warn(
      `Tests share ${url(root)}: could not create a database of their own (${String(error)})`,
    );
  } finally {
    await client.end();
  }
}

function url(text: string) {
  const parsed = new URL(text);
  parsed.password = '';
  return parsed.toString();
}
