import type { FastifyInstance } from 'fastify';
import { embeddedMaintenance } from './db/embedded-maintenance.js';
import {
  deleteExpiredLinks,
  deleteExpiredRateLimits,
  deleteExpiredSessions,
} from './features/auth/index.js';
import { deleteStaleImports, importsDir } from './features/data-exchange/index.js';
import { deleteOrphanUploads } from './features/photos/index.js';
import { linkLogsToBackbone } from './features/logs/index.js';
import { buildOccurrenceModel, modelOlderThan } from './features/occurrences/index.js';
import { seedBackbone } from './features/taxonomy/index.js';
import { renameStoredZones } from './db/zone-names.js';

// Every periodic job of the server, in one list: what it does, how often, and whether it runs
// when the app starts. startJobs() starts them once the app is ready and stops them when it
// closes, waiting for a run under way so that none meets a closed database.

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
/**
 * A file being received is written to at least every few seconds, and Node ends a request that
 * takes over 5 minutes to arrive (requestTimeout): one untouched for 10 minutes is a crash's.
 * (An import still reading its file has it open: removing the name takes nothing from it.)
 */
const STALE_IMPORT_MS = 10 * MINUTE;
/** The occurrence model is built again when its last build is this old: about nightly. */
const OCCURRENCE_MODEL_AGE_MS = 23 * HOUR;

interface Job {
  /** null: once, at start. */
  everyMs: number | null;
  /** 'awaited': before the app is ready; 'background': as it gets ready, not waited for. */
  atStart: 'awaited' | 'background' | 'no';
  /** A background job's run at start waits this long (the first requests go first). */
  startDelayMs?: number;
  run(): Promise<void>;
  /** Logged as a warning when a run fails; the next interval tries again. */
  failure: string;
}

/** The server's jobs; each runs at most once at a time. */
function serverJobs(app: FastifyInstance, options: JobOptions): Job[] {
  const { seedTaxa, dataDir } = options;
  return [
    ...(seedTaxa ? [backboneSeed(app)] : []),
    ...(app.databaseStore === 'pglite'
      ? [embeddedVacuum(app, options.maintenanceStartDelayMs)]
      : []),
    {
      // uploads no log took within PHOTO_LIMITS.orphanHours, and their objects
      everyMs: HOUR,
      atStart: 'background',
      run: async () => {
        const deleted = await deleteOrphanUploads(app.db, app.storage);
        if (deleted > 0) app.log.info({ deleted }, 'deleted photos no log took');
      },
      failure: 'could not delete orphan photos',
    },
    {
      // sessions past their expiry (30 idle days)
      everyMs: HOUR,
      atStart: 'awaited',
      run: async () => void (await deleteExpiredSessions(app.db, new Date())),
      failure: 'could not delete expired sessions',
    },
    {
      // files of imports a crash broke off (a request removes its own), first of all at start
      everyMs: HOUR,
      atStart: 'awaited',
      run: async () => {
        const deleted = await deleteStaleImports(importsDir(dataDir), STALE_IMPORT_MS);
        if (deleted > 0) app.log.info({ deleted }, 'deleted files of broken-off imports');
      },
      failure: 'could not delete files of broken-off imports',
    },
    {
      // zones kept under names the tz database has since changed (issue 32): a one-off fix
      everyMs: null,
      atStart: 'background',
      run: async () => {
        const renamed = await renameStoredZones(app.db);
        if (renamed > 0) app.log.info({ renamed }, 'renamed time zones to their IANA names');
      },
      failure: 'could not rename time zones to their IANA names',
    },
    {
      // the occurrence model of the flags and the picker (issue 36): nightly, and at start when
      // the last build is older than a day (or none was made)
      everyMs: HOUR,
      atStart: 'background',
      run: async () => {
        if (!(await modelOlderThan(app.db, OCCURRENCE_MODEL_AGE_MS))) return;
        const build = await buildOccurrenceModel(app.db, app.streamRows);
        app.log.info(build, 'built the occurrence model');
      },
      failure: 'could not build the occurrence model',
    },
    {
      // rate-limit counters whose window has passed
      everyMs: HOUR,
      atStart: 'no',
      run: () => deleteExpiredRateLimits(app.db),
      failure: 'could not delete expired rate limits',
    },
    {
      // password-reset links past their expiry, invitations a month after they expired unused
      everyMs: HOUR,
      atStart: 'no',
      run: () => deleteExpiredLinks(app.db),
      failure: 'could not delete expired reset links and invitations',
    },
  ];
}

/**
 * The species backbone, on the first start and after an upgrade of its package (a check of one
 * row otherwise): about 10 s of decoding in a worker, then the writes.
 */
function backboneSeed(app: FastifyInstance): Job {
  return {
    everyMs: 24 * HOUR,
    atStart: 'background',
    run: async () => {
      const written = await seedBackbone(app.db);
      if (written === 0) return;
      app.log.info({ taxa: written }, 'loaded the species backbone');
      const links = await linkLogsToBackbone(app.db);
      app.log.info(links, 'linked logs to the species backbone');
    },
    failure: 'could not load the species backbone',
  };
}

/**
 * PGlite has no autovacuum: a VACUUM (ANALYZE) after start and every ten minutes, when logs
 * were written since (docs/decisions/006-embedded-vacuum-job.md).
 */
function embeddedVacuum(app: FastifyInstance, startDelayMs: number): Job {
  const failure = 'VACUUM of the embedded database failed';
  const maintenance = embeddedMaintenance(app.db, (error) => app.log.warn({ err: error }, failure));
  return {
    everyMs: 10 * MINUTE,
    atStart: 'background',
    startDelayMs,
    run: () => maintenance.run(),
    failure,
  };
}

interface JobOptions {
  seedTaxa: boolean;
  dataDir: string;
  maintenanceStartDelayMs: number;
}

/** Runs the server's jobs with the app: from its ready hook to its close hook. */
export function startJobs(app: FastifyInstance, options: JobOptions) {
  const jobs = serverJobs(app, options);
  const timers: NodeJS.Timeout[] = [];
  const running = new Map<Job, Promise<void>>();
  const runOnce = (job: Job) => {
    let run = running.get(job);
    if (run) return run;
    run = job
      .run()
      .catch((error: unknown) => app.log.warn({ err: error }, job.failure))
      .finally(() => running.delete(job));
    running.set(job, run);
    return run;
  };
  app.addHook('onReady', async () => {
    for (const job of jobs) {
      if (job.everyMs !== null)
        timers.push(setInterval(() => void runOnce(job), job.everyMs).unref());
      if (job.atStart === 'awaited') await runOnce(job);
      else if (job.atStart === 'background' && job.startDelayMs)
        timers.push(setTimeout(() => void runOnce(job), job.startDelayMs).unref());
      else if (job.atStart === 'background') void runOnce(job);
    }
  });
  app.addHook('onClose', async () => {
    for (const timer of timers) clearInterval(timer); // a timeout too
    await Promise.all(running.values());
  });
}
