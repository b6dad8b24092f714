import { chmodSync, closeSync, lstatSync, mkdirSync, openSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

// The data directory holds password hashes, sessions, private logs and photos: its owner's
// alone, whatever the umask (issue #19). main.ts sets umask 077 for what the process creates;
// these make it so where the umask does not reach: PGlite's own files (its file system chmods
// them 0666 explicitly), files and directories made by an earlier version, and buildApp in tests.

const GROUP_AND_OTHERS = 0o077;

function keepToOwner(path: string, mode: number) {
  if ((mode & GROUP_AND_OTHERS) === 0) return;
  try {
    chmodSync(path, mode & 0o7700);
  } catch (error) {
    // Not ours to change (another owner's directory we may write in): its owner decides.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') throw error;
  }
}

/** Creates `dir` (with its parents) for its owner only, and makes an existing one so. */
export function privateDir(dir: string) {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  keepToOwner(dir, lstatSync(dir).mode);
}

/** Takes group and other permissions off `root` and everything in it (symbolic links skipped). */
export function keepTreeToOwner(root: string) {
  const stack = [root];
  while (stack.length > 0) {
    const path = stack.pop()!;
    const stats = lstatSync(path, { throwIfNoEntry: false });
    if (!stats || stats.isSymbolicLink()) continue;
    keepToOwner(path, stats.mode);
    if (stats.isDirectory()) for (const name of readdirSync(path)) stack.push(join(path, name));
  }
}

/** Creates or empties `file`, mode 0600, for a writer (pg_dump, a backup) to fill. */
export function createPrivateFile(file: string) {
  closeSync(openSync(file, 'w', 0o600));
  chmodSync(file, 0o600); // an existing file keeps its mode when opened
}
