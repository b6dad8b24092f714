import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

// PGlite serves one process per data directory and keeps no lock of its own: a second process
// (another server, a backup) would corrupt it. A pid file beside the directory guards it; the
// lock of a process that died (kill -9) is taken over.

export class DataDirInUseError extends Error {}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // alive, someone else's
  }
};

/** Takes the lock for `dataDir`; returns its release. */
export function lockDataDir(dataDir: string): () => void {
  const file = `${dataDir}.lock`;
  mkdirSync(dirname(file), { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(file, 'utf8'));
      if (holder && isAlive(holder)) {
        throw new DataDirInUseError(
          `The embedded database in ${dataDir} is in use by process ${holder}: stop it first (one process per data directory)`,
        );
      }
      rmSync(file, { force: true }); // a dead process's lock
    }
  }
  throw new DataDirInUseError(`Could not lock ${dataDir}`);
}
