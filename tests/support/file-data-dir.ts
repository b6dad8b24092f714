import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

// Before each test file (vitest setupFiles): a data directory of its own for its apps' uploads
// (testConfig's dataDir), removed after it. A worker runs several files one after another, and
// a file that counts what is on disk must not see another's.

const dir = mkdtempSync(join(tmpdir(), 'sightbook-test-'));
process.env.SIGHTBOOK_TEST_DATA_DIR = dir;
afterAll(() => rmSync(dir, { recursive: true, force: true }));
