import { afterAll } from 'vitest';
import { removeTempDirs, tempDir } from './temp-dirs.js';

// Before each test file (vitest setupFiles): a data directory of its own for its apps' uploads
// (testConfig's dataDir). A worker runs several files one after another, and a file that counts
// what is on disk must not see another's. After the file (its own hooks first: this one was
// registered before them), that directory and every other the file made with tempDir go.

process.env.SIGHTBOOK_TEST_DATA_DIR = tempDir('test');
afterAll(removeTempDirs);
