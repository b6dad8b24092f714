import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Directories a test file makes for its servers, stores and files: removed when the file ends
// (file-data-dir.ts, a setup file, calls removeTempDirs after the file's own hooks, so its
// servers have stopped). A worker runs many files, so this list is emptied file by file.

const made: string[] = [];

/** A new directory `sightbook-<name>-…` in the system's temporary folder, for this file only. */
export function tempDir(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `sightbook-${name}-`));
  made.push(dir);
  return dir;
}

/** Removes every directory `tempDir` made since the last call. */
export function removeTempDirs(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}
