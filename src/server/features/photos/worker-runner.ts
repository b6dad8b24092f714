import { Worker } from 'node:worker_threads';
import type { Runner } from './fair-pool.js';

/**
 * A worker thread of `entry` (a module beside its caller, `import.meta.url`-relative) as a pool
 * runner: one message in, one reply out; it rejects when the thread dies under a job. Run from
 * the sources (tests, npm run dev) the worker is TypeScript, loaded through tsx.
 */
export function spawnWorkerRunner<In, Out>(entry: URL): Runner<In, Out> {
  const execArgv = entry.pathname.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const worker = new Worker(entry, { execArgv });
  worker.unref(); // idle workers never keep the process alive
  worker.on('error', () => undefined); // a crash between jobs: the next run() sees the exit
  return {
    run: (request) =>
      new Promise<Out>((resolve, reject) => {
        const settle = () => worker.off('message', done).off('error', died).off('exit', died);
        const died = (error: unknown) => {
          settle();
          reject(error instanceof Error ? error : new Error(`worker exited with ${error}`));
        };
        const done = (reply: Out) => {
          settle();
          resolve(reply);
        };
        if (worker.threadId === -1) return died('before its job'); // exited while idle
        worker.once('message', done).once('error', died).once('exit', died);
        worker.postMessage(request);
      }),
    // Native code under way runs on until its own timeout stops it; the thread is dropped now.
    terminate: () => void worker.terminate(),
  };
}

/** The worker module `name` beside `base` (an `import.meta.url`), as .ts from the sources. */
export const workerEntry = (base: string, name: string) =>
  new URL(base.endsWith('.ts') ? `./${name}.ts` : `./${name}.js`, base);
