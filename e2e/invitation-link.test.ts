import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startServerProcess,
  stopServerProcess,
  type ServerProcess,
} from '../tests/support/server-processes.js';
import { launchBrowser } from './browser.js';
import { expectAccessible } from './support.js';

// An invitation link says at once when it can no longer be used (issue 31), instead of a form
// that fails once filled. A server of this file's own: REGISTRATION=invite, its admin first.

const root = new URL('..', import.meta.url).pathname;
const password = 'correct horse battery';

let browser: Browser;
let server: ServerProcess;
let dataDir: string;
let admin: BrowserContext;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'sightbook-e2e-invitation-'));
  [browser, server] = await Promise.all([
    launchBrowser(),
    startServerProcess(
      ['dist/server/main.js'],
      { DATA_DIR: dataDir, DATABASE_URL: undefined, REGISTRATION: 'invite' },
      { cwd: root },
    ),
  ]);
  admin = await newContext();
  const first = await admin.request.post('/api/auth/register', {
    data: { email: 'rosa@example.org', password },
  });
  expect((await first.json()).role).toBe('admin');
});
afterAll(async () => {
  await browser?.close();
  if (server) await stopServerProcess(server.child);
  await rm(dataDir, { recursive: true, force: true });
});

const newContext = () =>
  browser.newContext({ baseURL: server.url, locale: 'en-US', serviceWorkers: 'block' });

async function openLink(link: string): Promise<Page> {
  const page = await (await newContext()).newPage();
  await page.goto(link);
  return page;
}

/** A new invitation's link, made by the admin. */
async function anInvitation(): Promise<string> {
  const res = await admin.request.post('/api/admin/invitations');
  expect(res.status()).toBe(201);
  return ((await res.json()) as { url: string }).url;
}

describe('an invitation link', () => {
  it('opens the create-account form while it can be used', async () => {
    const page = await openLink(await anInvitation());
    await page.getByText('You have an invitation: create your account below.').waitFor();
    await page.getByLabel('Password').waitFor();
    await expectAccessible(page);
  });

  it('says at once that it was used, and leads to sign in', async () => {
    const link = await anInvitation();
    const invited = await newContext();
    const used = await invited.request.post('/api/auth/register', {
      data: {
        email: `jonas-${randomUUID()}@example.org`,
        password,
        invitation: new URL(link).searchParams.get('invitation'),
      },
    });
    expect(used.status()).toBe(201);

    const page = await openLink(link);
    await page.getByText('This invitation has already been used.').waitFor();
    await page
      .getByText(
        'If you made your account with it, sign in. If not, ask the admin of this server for a new invitation.',
      )
      .waitFor();
    expect(await page.getByLabel('Password').count()).toBe(0); // no form that would fail
    expect(await page.getByText('You have an invitation').count()).toBe(0);
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByRole('tab', { name: 'Sign In', selected: true }).waitFor();
    await page.getByLabel('Email').waitFor();
  });

  it('says at once that it expired', async () => {
    const link = await anInvitation();
    const page = await (await newContext()).newPage();
    // The server's answer for an expired one (tests/auth/invitation-status.test.ts): a browser
    // cannot move the clock of the server's database.
    await page.route('**/api/auth/invitation?*', (route) =>
      route.fulfill({ json: { status: 'expired' } }),
    );
    await page.goto(link);
    await page.getByText('This invitation has expired.').waitFor();
    await page
      .getByText(
        'Ask the admin of this server for a new invitation. If you already have an account, sign in.',
      )
      .waitFor();
    expect(await page.getByLabel('Password').count()).toBe(0);
  });

  it('says a revoked or made-up one is not valid', async () => {
    const page = await openLink('/login?invitation=made-up-token');
    await page
      .getByText(
        'This invitation link is not valid: it was revoked, or only part of it was copied. Ask the admin for a new one.',
      )
      .waitFor();
    expect(await page.getByLabel('Password').count()).toBe(0);
  });
});
