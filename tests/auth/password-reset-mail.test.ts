import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { buildApp } from '../../src/server/app.js';
import { randomIp, signUp, stores, testConfig, uniqueEmail } from '../support/helpers.js';
import { logInto } from './support.js';

// SMTP_URL set: users ask for a reset link by email. A real SMTP server (smtp-server) receives
// the mail in this process.

interface Received {
  to: string[];
  raw: string;
}

/** An SMTP server on a free port that keeps every mail it receives. */
async function startMailbox(password: string) {
  const mails: Received[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'], // plain SMTP on localhost
    onAuth: (auth, _session, done) =>
      auth.password === password ? done(null, { user: auth.username }) : done(new Error('no')),
    onData: (stream, session, done) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    mails,
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Waits until `mails` holds `count` mails (SMTP delivery happens after the 202). */
async function waitForMails(mails: Received[], count: number) {
  for (let i = 0; i < 100 && mails.length < count; i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(mails).toHaveLength(count);
}

/** The reset link in a mail (quoted-printable soft breaks undone). */
const linkIn = (mail: Received) => {
  const body = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  return /http:\/\/\S+\/reset-password\?token=[\w-]+/.exec(body)?.[0];
};

describe.each(stores)('password-reset mail on $store', ({ databaseUrl }) => {
  const smtpPassword = 'smtp-secret-pass-word';
  let mailbox: Awaited<ReturnType<typeof startMailbox>>;
  let app: FastifyInstance;
  const logLines: string[] = [];

  beforeAll(async () => {
    mailbox = await startMailbox(smtpPassword);
    app = await buildApp(
      testConfig({
        databaseUrl,
        logLevel: 'info',
        mail: {
          url: `smtp://sightbook:${smtpPassword}@127.0.0.1:${mailbox.port}`,
          from: 'Sightbook <no-reply@sightbook.test>',
        },
      }),
      { logStream: logInto(logLines) },
    );
  });
  afterAll(async () => {
    await app.close();
    await mailbox.close();
  });

  const requestReset = (email: string, remoteAddress = randomIp()) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/password-reset-request',
      remoteAddress,
      payload: { email },
    });

  it('mails a one-time link to the account, and answers the same for an unknown email', async () => {
    const ada = await signUp(app, 'mailed');
    const laptop = ada.cookie;
    const before = mailbox.mails.length;
    const unknown = await requestReset(uniqueEmail('nobody'));
    const known = await requestReset(ada.email.toUpperCase());
    for (const res of [unknown, known]) {
      expect(res.statusCode).toBe(202);
      expect(res.body).toBe('');
    }
    await waitForMails(mailbox.mails, before + 1);
    const mail = mailbox.mails.at(-1)!;
    expect(mail.to).toEqual([ada.email]);
    expect(mail.raw).toMatch(/^Subject: Reset your Sightbook password/m);
    expect(mail.raw).toMatch(/^From: Sightbook <no-reply@sightbook\.test>/m);
    const link = linkIn(mail)!;
    expect(link).toMatch(/^http:\/\/localhost(:\d+)?\/reset-password\?token=[\w-]{43}$/);

    const token = new URL(link).searchParams.get('token')!;
    const reset = await app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      payload: { token, newPassword: 'a freshly mailed passphrase' },
    });
    expect(reset.statusCode).toBe(200);
    const me = await app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: laptop },
    });
    expect(me.statusCode).toBe(401); // the other sessions ended
    const again = await app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      payload: { token, newPassword: 'another passphrase here' },
    });
    expect(again.statusCode).toBe(400);

    const logs = logLines.join('\n');
    expect(logs).not.toContain(token);
    expect(logs).not.toContain(smtpPassword);
  });

  it('sends at most 3 mails an hour for one email, and still answers 202', async () => {
    const ada = await signUp(app, 'flooded');
    const before = mailbox.mails.length;
    for (let i = 0; i < 5; i++) expect((await requestReset(ada.email)).statusCode).toBe(202);
    await waitForMails(mailbox.mails, before + 3);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailbox.mails.filter((mail) => mail.to.includes(ada.email))).toHaveLength(3);
    // only the last link works: each replaced the one before
    const links = mailbox.mails.slice(before).map((mail) => linkIn(mail)!);
    expect(new Set(links).size).toBe(3);
  });

  it('allows 10 requests an hour from one address, then 429', async () => {
    const address = randomIp();
    for (let i = 0; i < 10; i++) {
      expect((await requestReset(uniqueEmail('probe'), address)).statusCode).toBe(202);
    }
    const limited = await requestReset(uniqueEmail('probe'), address);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });
});

describe('password-reset requests without SMTP_URL', () => {
  it('answer 404 with what to do instead', async () => {
    const app = await buildApp(testConfig());
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/password-reset-request',
        payload: { email: uniqueEmail() },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        message: 'This server cannot send mail. Ask its admin for a link to reset your password.',
      });
    } finally {
      await app.close();
    }
  });
});
