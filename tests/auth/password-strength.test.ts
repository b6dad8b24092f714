import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import {
  as,
  randomIp,
  signUp,
  stores,
  testConfig,
  uniqueEmail,
  type TestUser,
} from '../support/helpers.js';
import { adminResetToken, resetPasswordWith } from './support.js';

// A new password is refused when it is easy to guess (issue 31): zxcvbn-ts's estimate beside the
// list of common passwords, wherever a password is set, with the reason and what to do.

const weak = [
  ['aaaaaaaa', 'Repeated characters like "aaa" are easy to guess: add more words or characters.'],
  ['password1', 'This is a commonly used password: add more words or characters.'],
  ['qwertyuiop', 'This is a frequently used password: add more words or characters.'],
  ['1985-06-21', 'Dates are easy to guess: add more words or characters.'],
  // on the list alone: the estimator finds it hard enough
  ['birdwatcher', 'This password is too easy to guess: add more words or characters.'],
] as const;

describe.each(stores)('new passwords on $store', ({ databaseUrl }) => {
  let app: FastifyInstance;
  let admin: TestUser;
  beforeAll(async () => {
    app = await buildApp(testConfig({ databaseUrl }));
    admin = await signUp(app, 'admin'); // the first account of the server
  });
  afterAll(() => app.close());

  const register = (password: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: randomIp(),
      payload: { email: uniqueEmail('strength'), password },
    });

  it.each(weak)(
    'refuses %s at sign-up with the reason and what to do',
    async (password, message) => {
      const res = await register(password);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message, issues: [{ path: ['password'], message }] });
      expect(res.cookies).toEqual([]);
    },
  );

  it.each(['correct horse battery', 'a heron at dawn', 'Tr0ub4dor&3'])(
    'accepts %s',
    async (password) => {
      expect((await register(password)).statusCode).toBe(201);
    },
  );

  it('refuses a weak new password on the account page', async () => {
    const ada = await signUp(app, 'change');
    const res = await app.inject({
      method: 'PUT',
      url: '/api/account/password',
      headers: as(ada),
      payload: { currentPassword: ada.password, newPassword: 'aaaaaaaa' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: weak[0][1],
      issues: [{ path: ['newPassword'], message: weak[0][1] }],
    });
  });

  it('refuses a weak password set through a reset link, and keeps the link', async () => {
    const ada = await signUp(app, 'reset');
    const token = await adminResetToken(app, admin, ada);
    const reset = (newPassword: string) => resetPasswordWith(app, token, newPassword);
    const refused = await reset('qwertyuiop');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message: weak[2][1],
      issues: [{ path: ['newPassword'], message: weak[2][1] }],
    });
    expect((await reset('a heron at dawn')).statusCode).toBe(200);
  });
});
