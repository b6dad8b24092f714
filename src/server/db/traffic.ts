import type { FastifyInstance } from 'fastify';
import { perDatabase, type Db } from './client.js';

// How many requests the app serving a database is answering now: long writers (an import)
// give way to other requests only when there are some (issue 38, P13). Counted per database,
// as an app has one and tests run several apps in a process.

const traffic = perDatabase(() => ({ inFlight: 0 }));

/** Counts the app's requests from their arrival until their response is done or abandoned. */
export function countRequests(app: FastifyInstance) {
  const counter = traffic(app.db);
  app.addHook('onRequest', (request, reply, done) => {
    counter.inFlight += 1;
    reply.raw.once('close', () => void (counter.inFlight -= 1));
    done();
  });
}

/** Whether requests other than the caller's own are being answered on `db`'s app. */
export const othersInFlight = (db: Db) => traffic(db).inFlight > 1;
