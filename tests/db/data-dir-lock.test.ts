import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bootId,
  DataDirInUseError,
  lockDataDir,
  startTimeOf,
} from '../../src/server/db/data-dir-lock.js';
import { tempDir } from '../support/temp-dirs.js';

// Decision 007: the lock names its owner by PID, start time and boot, so that a lock left by a
// crash is taken over even when the PID is in use again (PID 1 in a restarted container).

const freshDataDir = () => join(tempDir('lock'), 'db');
const writeLock = (dataDir: string, owner: unknown) =>
  writeFileSync(`${dataDir}.lock`, JSON.stringify(owner));
const ownerOf = (dataDir: string) => JSON.parse(readFileSync(`${dataDir}.lock`, 'utf8'));

describe.runIf(process.platform === 'linux')('the data directory lock', () => {
  let other: ChildProcess; // a live process that is not this one
  beforeAll(() => {
    other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  });
  afterAll(() => other.kill('SIGKILL'));

  it('records this process: its PID, start time and boot', () => {
    const dataDir = freshDataDir();
    const release = lockDataDir(dataDir);
    expect(ownerOf(dataDir)).toEqual({
      pid: process.pid,
      start: startTimeOf(process.pid),
      boot: bootId(),
    });
    release();
    expect(existsSync(`${dataDir}.lock`)).toBe(false);
  });

  it("takes over a lock naming this process's PID with another start time (PID 1 after a restart)", () => {
    const dataDir = freshDataDir();
    writeLock(dataDir, { pid: process.pid, start: '1', boot: bootId() });
    const release = lockDataDir(dataDir);
    expect(ownerOf(dataDir).start).toBe(startTimeOf(process.pid));
    release();
  });

  it("takes over a lock in the old format naming this process's PID", () => {
    const dataDir = freshDataDir();
    writeFileSync(`${dataDir}.lock`, String(process.pid));
    lockDataDir(dataDir)();
  });

  it('refuses a lock this process holds already', () => {
    const dataDir = freshDataDir();
    const release = lockDataDir(dataDir);
    try {
      expect(() => lockDataDir(dataDir)).toThrow(
        `The embedded database in ${dataDir} is in use by process ${process.pid}: stop it first (one process per data directory)`,
      );
    } finally {
      release();
    }
  });

  it('refuses a lock another live process holds', () => {
    const dataDir = freshDataDir();
    const owner = { pid: other.pid, start: startTimeOf(other.pid!), boot: bootId() };
    writeLock(dataDir, owner);
    expect(() => lockDataDir(dataDir)).toThrow(
      new DataDirInUseError(
        `The embedded database in ${dataDir} is in use by process ${other.pid}: stop it first (one process per data directory)`,
      ),
    );
    expect(ownerOf(dataDir)).toEqual(owner);
  });

  it('takes over a lock whose PID now belongs to a process started later', () => {
    const dataDir = freshDataDir();
    writeLock(dataDir, { pid: other.pid, start: '1', boot: bootId() });
    lockDataDir(dataDir)();
  });

  it('takes over a lock written before a reboot', () => {
    const dataDir = freshDataDir();
    const start = startTimeOf(other.pid!);
    writeLock(dataDir, { pid: other.pid, start, boot: '00000000-0000-4000-8000-000000000000' });
    lockDataDir(dataDir)();
  });

  it('takes over the lock of a process that is gone, and an unreadable lock', async () => {
    const gone = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
    const pid = gone.pid!;
    await new Promise((resolve) => gone.once('exit', resolve));
    const dataDir = freshDataDir();
    writeLock(dataDir, { pid, start: '1', boot: bootId() });
    lockDataDir(dataDir)();
    writeFileSync(`${dataDir}.lock`, '');
    lockDataDir(dataDir)();
  });
});
