import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { LogList } from '../../src/common/logs/schemas.js';
import { as, type TestUser } from '../support/helpers.js';

/**
 * `listAs(user, query)` on the app `app()` returns when called (a file's app is built in its
 * `beforeAll`): the user's page of the list for a query string (`?q=…`), answered with 200.
 */
export const listAsFor =
  (app: () => FastifyInstance) =>
  async (user: TestUser, query: string): Promise<LogList> => {
    const res = await app().inject({ method: 'GET', url: `/api/logs${query}`, headers: as(user) });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
