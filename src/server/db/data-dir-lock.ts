import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

// PGlite serves one process per data directory and keeps no lock of its own: a second process
// (another server, a backup) would corrupt it. A lock file beside the directory guards it,
// naming its owner by process id, start time and boot (decision 007): a PID alone is not
// enough, since a restarted container's Node is PID 1 again and would find "itself" holding it.

export class DataDirInUseError extends Error {}

/** Who holds a lock: `start` and `boot` are unknown without Linux's /proc. */
interface Owner {
  pid: number;
  start?: string;
  boot?: string;
}

const readText = (file: string) => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
};

/** When `pid` started, in clock ticks since boot (field 22 of /proc/<pid>/stat). */
export function startTimeOf(pid: number): string | undefined {
  const stat = readText(`/proc/${pid}/stat`);
  if (stat === undefined) return undefined;
  // Field 2, the command name, is in parentheses and may hold spaces: count from the last ')'.
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[22 - 3];
}

export const bootId = () => readText('/proc/sys/kernel/random/boot_id')?.trim();

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // alive, someone else's
  }
};

/** The owner a lock file names; a bare number is the format before issue #19. */
function ownerIn(text: string): Owner | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'number') return { pid: parsed };
    if (parsed !== null && typeof parsed === 'object' && 'pid' in parsed) {
      const { pid, start, boot } = parsed as Record<string, unknown>;
      if (typeof pid !== 'number') return undefined;
      return {
        pid,
        start: typeof start === 'string' ? start : undefined,
        boot: typeof boot === 'string' ? boot : undefined,
      };
    }
  } catch {
    // unreadable: a crash between creating the file and writing it
  }
  return undefined;
}

// The lock files this process holds: a second open from the same process is refused too.
const heldHere = new Set<string>();

function isHeld(file: string, owner: Owner): boolean {
  if (heldHere.has(file)) return true;
  // Our own PID, but not our lock: an earlier process with this PID (a restarted container).
  if (owner.pid === process.pid) return false;
  if (owner.boot && owner.boot !== bootId()) return false; // written before a reboot
  if (!isAlive(owner.pid)) return false;
  // That PID is alive, but it may have been reused by another process since.
  const start = owner.start && startTimeOf(owner.pid);
  return !start || start === owner.start;
}

/** Takes the lock for `dataDir`; returns its release. */
export function lockDataDir(dataDir: string): () => void {
  const file = `${dataDir}.lock`;
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const self: Owner = { pid: process.pid, start: startTimeOf(process.pid), boot: bootId() };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, JSON.stringify(self), { flag: 'wx', mode: 0o600 });
      heldHere.add(file);
      return () => {
        heldHere.delete(file);
        rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = ownerIn(readText(file) ?? ''); // '' when it vanished meanwhile
      if (owner && isHeld(file, owner)) {
        throw new DataDirInUseError(
          `The embedded database in ${dataDir} is in use by process ${owner.pid}: stop it first (one process per data directory)`,
        );
      }
      rmSync(file, { force: true }); // a dead process's lock
    }
  }
  throw new DataDirInUseError(`Could not lock ${dataDir}`);
}
