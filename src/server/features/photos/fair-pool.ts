/** Something that runs one job at a time: a worker thread, or a fake one in tests. */
export interface Runner<In, Out> {
  run(input: In): Promise<Out>;
  /** Called when a job overran its time limit or the runner failed: it is never used again. */
  terminate(): void;
}

export class TimeLimitError extends Error {
  constructor(limitMs: number) {
    super(`The job took longer than ${limitMs} ms`);
    this.name = 'TimeLimitError';
  }
}

export class PoolClosedError extends Error {
  constructor() {
    super('The pool is closed');
    this.name = 'PoolClosedError';
  }
}

interface Job<In, Out> {
  input: In;
  resolve: (output: Out) => void;
  reject: (error: unknown) => void;
}

export interface FairPoolOptions<In, Out> {
  /** Runners at most, started when first needed. */
  size: number;
  /** A job running longer fails with TimeLimitError, and its runner is replaced. */
  timeLimitMs: number;
  spawn: () => Runner<In, Out>;
}

/**
 * Runs jobs on a few runners, fairly between keys (users). One key holds at most `size - 1`
 * runners (all of them when `size` is 1), so another key always finds one free or next free;
 * the next job comes from the waiting key with the fewest jobs running, ties going to the key
 * served longest ago (never served: first). One user's four slow photos never queue another's.
 */
export class FairPool<In, Out> {
  private readonly waiting = new Map<string, Job<In, Out>[]>();
  private readonly running = new Map<string, number>();
  /** When each key with work waiting or running last had a job started (a counter). */
  private readonly lastServed = new Map<string, number>();
  private turns = 0;
  private readonly idle: Runner<In, Out>[] = [];
  private started = 0;
  private closed = false;
  private readonly perKey: number;

  constructor(private readonly options: FairPoolOptions<In, Out>) {
    this.perKey = Math.max(1, options.size - 1);
  }

  run(key: string, input: In): Promise<Out> {
    if (this.closed) return Promise.reject(new PoolClosedError());
    return new Promise<Out>((resolve, reject) => {
      const queue = this.waiting.get(key);
      if (queue) queue.push({ input, resolve, reject });
      else this.waiting.set(key, [{ input, resolve, reject }]);
      this.dispatch();
    });
  }

  /** Fails the waiting jobs and stops every idle runner; running jobs stop their own at the end. */
  close() {
    this.closed = true;
    for (const queue of this.waiting.values()) {
      for (const job of queue) job.reject(new PoolClosedError());
    }
    this.waiting.clear();
    for (const runner of this.idle.splice(0)) runner.terminate();
  }

  private dispatch() {
    for (;;) {
      const key = this.nextKey();
      if (key === undefined) return;
      const runner = this.idle.pop() ?? (this.started < this.options.size ? this.spawn() : null);
      if (!runner) return;
      const queue = this.waiting.get(key)!;
      const job = queue.shift()!;
      if (queue.length === 0) this.waiting.delete(key);
      this.lastServed.set(key, ++this.turns);
      void this.execute(key, runner, job);
    }
  }

  /** The waiting key with the fewest jobs running, below its share; served longest ago of equals. */
  private nextKey(): string | undefined {
    let best: string | undefined;
    let fewest = this.perKey;
    let servedAt = Infinity;
    for (const key of this.waiting.keys()) {
      const running = this.running.get(key) ?? 0;
      const served = this.lastServed.get(key) ?? 0;
      if (running < fewest || (running === fewest && best !== undefined && served < servedAt)) {
        [best, fewest, servedAt] = [key, running, served];
      }
    }
    return best;
  }

  private spawn() {
    const runner = this.options.spawn(); // counted only once it exists
    this.started += 1;
    return runner;
  }

  private async execute(key: string, runner: Runner<In, Out>, job: Job<In, Out>) {
    this.running.set(key, (this.running.get(key) ?? 0) + 1);
    let timer: NodeJS.Timeout | undefined;
    const overrun = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(
        () => reject(new TimeLimitError(this.options.timeLimitMs)),
        this.options.timeLimitMs,
      );
    });
    let healthy = true;
    try {
      job.resolve(await Promise.race([runner.run(job.input), overrun]));
    } catch (error) {
      healthy = false; // overran or crashed: a stuck worker is not given another job
      job.reject(error);
    } finally {
      clearTimeout(timer);
    }
    const left = (this.running.get(key) ?? 1) - 1;
    if (left > 0) this.running.set(key, left);
    else this.running.delete(key);
    if (left === 0 && !this.waiting.has(key)) this.lastServed.delete(key); // a user gone idle
    if (healthy && !this.closed) this.idle.push(runner);
    else {
      runner.terminate();
      this.started -= 1; // a fresh runner takes its place when needed
    }
    this.dispatch();
  }
}
