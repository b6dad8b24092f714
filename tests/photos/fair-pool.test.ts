import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  FairPool,
  PoolClosedError,
  TimeLimitError,
  type Runner,
} from '../../src/server/features/photos/fair-pool.js';

/** Fake runners whose jobs finish only when the test says so; `started` lists jobs in order. */
function fakeRunners() {
  const started: string[] = [];
  const finishers = new Map<string, () => void>();
  let spawned = 0;
  let terminated = 0;
  const spawn = (): Runner<string, string> => {
    spawned += 1;
    return {
      run: (job) =>
        new Promise((resolve, reject) => {
          started.push(job);
          if (job.startsWith('crash')) reject(new Error('the worker died'));
          finishers.set(job, () => resolve(`${job} done`));
        }),
      terminate: () => void (terminated += 1),
    };
  };
  /** Finishes a running job and lets the pool hand out the next one. */
  const finish = async (job: string) => {
    finishers.get(job)!();
    await vi.advanceTimersByTimeAsync(0);
  };
  return {
    spawn,
    started,
    finish,
    counts: () => ({ spawned, terminated }),
  };
}

describe('the fair pool of image workers', () => {
  afterEach(() => vi.useRealTimers());

  it("serves another user's job before the rest of one user's queue", async () => {
    vi.useFakeTimers();
    const fake = fakeRunners();
    const pool = new FairPool({ size: 1, timeLimitMs: 60_000, spawn: fake.spawn });
    const done = ['a1', 'a2', 'a3', 'a4'].map((job) => pool.run('ada', job));
    const bob = pool.run('bob', 'b1');
    await vi.advanceTimersByTimeAsync(0);
    expect(fake.started).toEqual(['a1']);

    await fake.finish('a1');
    expect(fake.started).toEqual(['a1', 'b1']); // not a2: Bob has nothing running
    await fake.finish('b1');
    await expect(bob).resolves.toBe('b1 done');
    await fake.finish('a2');
    await fake.finish('a3');
    await fake.finish('a4');
    await expect(Promise.all(done)).resolves.toEqual(['a1 done', 'a2 done', 'a3 done', 'a4 done']);
    expect(fake.started).toEqual(['a1', 'b1', 'a2', 'a3', 'a4']);
    expect(fake.counts()).toEqual({ spawned: 1, terminated: 0 });
  });

  it('keeps a worker free for other users while one user has a queue', async () => {
    vi.useFakeTimers();
    const fake = fakeRunners();
    const pool = new FairPool({ size: 2, timeLimitMs: 60_000, spawn: fake.spawn });
    for (const job of ['a1', 'a2', 'a3', 'a4']) void pool.run('ada', job);
    await vi.advanceTimersByTimeAsync(0);
    expect(fake.started).toEqual(['a1']); // one user holds at most size - 1 workers

    const bob = pool.run('bob', 'b1');
    await vi.advanceTimersByTimeAsync(0);
    expect(fake.started).toEqual(['a1', 'b1']); // at once, beside Ada's slow job
    await fake.finish('b1');
    await expect(bob).resolves.toBe('b1 done');

    // three users: a user with nothing in flight goes before one working through a backlog
    void pool.run('cy', 'c1');
    void pool.run('bob', 'b2');
    await vi.advanceTimersByTimeAsync(0);
    expect(fake.started).toEqual(['a1', 'b1', 'c1']);
    await fake.finish('a1');
    expect(fake.started.at(-1)).toBe('b2'); // Bob's b1 is long done; Ada just had a1
    await fake.finish('c1');
    expect(fake.started.at(-1)).toBe('a2');
    expect(fake.started).toHaveLength(5);
  });

  it('fails a job over its time limit and replaces its worker', async () => {
    vi.useFakeTimers();
    const fake = fakeRunners();
    const pool = new FairPool({ size: 1, timeLimitMs: 50, spawn: fake.spawn });
    const stuck = pool.run('ada', 'stuck');
    const next = pool.run('bob', 'b1');
    const failure = expect(stuck).rejects.toBeInstanceOf(TimeLimitError);
    await vi.advanceTimersByTimeAsync(49);
    expect(fake.counts()).toEqual({ spawned: 1, terminated: 0 });
    await vi.advanceTimersByTimeAsync(1);
    await failure;
    expect(fake.counts()).toEqual({ spawned: 2, terminated: 1 });
    expect(fake.started).toEqual(['stuck', 'b1']); // on the fresh worker
    await fake.finish('b1');
    await expect(next).resolves.toBe('b1 done');
  });

  it('replaces a worker that died under its job', async () => {
    vi.useFakeTimers();
    const fake = fakeRunners();
    const pool = new FairPool({ size: 1, timeLimitMs: 60_000, spawn: fake.spawn });
    await expect(pool.run('ada', 'crash')).rejects.toThrow('the worker died');
    const next = pool.run('ada', 'a2');
    await vi.advanceTimersByTimeAsync(0);
    await fake.finish('a2');
    await expect(next).resolves.toBe('a2 done');
    expect(fake.counts()).toEqual({ spawned: 2, terminated: 1 });
  });

  it('refuses waiting and new jobs once closed', async () => {
    vi.useFakeTimers();
    const fake = fakeRunners();
    const pool = new FairPool({ size: 1, timeLimitMs: 60_000, spawn: fake.spawn });
    const running = pool.run('ada', 'a1');
    const waiting = pool.run('ada', 'a2');
    await vi.advanceTimersByTimeAsync(0);
    pool.close();
    await expect(waiting).rejects.toBeInstanceOf(PoolClosedError);
    await expect(pool.run('bob', 'b1')).rejects.toBeInstanceOf(PoolClosedError);
    await fake.finish('a1');
    await expect(running).resolves.toBe('a1 done');
    expect(fake.counts()).toEqual({ spawned: 1, terminated: 1 });
  });
});
