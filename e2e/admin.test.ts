import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startServerProcess,
  stopServerProcess,
  type ServerProcess,
} from '../tests/support/server-processes.js';
import { launchBrowser } from './browser.js';
import { expectAccessible } from './support.js';

// An instance run by its admin (issue 21), on servers of this file's own: REGISTRATION=invite
// on an empty embedded store (the shared e2e server is open and full of other suites' users),
// and one that sends reset mail to an SMTP server in this process.

const root = new URL('..', import.meta.url).pathname;
const password = 'correct horse battery';

let browser: Browser;
const servers: ServerProcess[] = [];
const dataDirs: string[] = [];

async function startServer(env: NodeJS.ProcessEnv = {}) {
  const dataDir = await mkdtemp(join(tmpdir(), 'sightbook-e2e-admin-'));
  dataDirs.push(dataDir);
  const server = await startServerProcess(
    ['dist/server/main.js'],
    { DATA_DIR: dataDir, DATABASE_URL: undefined, REGISTRATION: 'invite', ...env },
    { cwd: root },
  );
  servers.push(server);
  return server.url;
}

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  for (const server of servers) await stopServerProcess(server.child);
  for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
});

async function newPage(baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: 'en-US', serviceWorkers: 'block' });
  return context.newPage();
}

const pathOf = (page: Page) => new URL(page.url()).pathname;

async function createAccount(page: Page, firstName: string, email: string) {
  await page.getByLabel('First name').fill(firstName);
  await page.getByLabel('Last name').fill('Tester');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create Account', exact: true }).click();
}

describe('an admin', () => {
  it('invites someone, who signs up with the link, then disables them', async () => {
    const baseURL = await startServer();

    // the first visitor of the empty server becomes its admin, without an invitation
    const admin = await newPage(baseURL);
    await admin.goto('/login');
    await admin.getByRole('tab', { name: 'Create account' }).click();
    await admin
      .getByText('This server has no accounts yet: the first one becomes its admin.')
      .waitFor();
    await createAccount(admin, 'Rosa', 'rosa@example.org');
    await admin.getByRole('heading', { name: 'Wildlife Logs' }).waitFor();

    await admin.getByRole('button', { name: 'Rosa Tester' }).click();
    await admin.getByRole('menuitem', { name: 'Admin' }).click();
    await admin.getByRole('heading', { name: 'Admin', exact: true }).waitFor();
    expect(pathOf(admin)).toBe('/admin');

    await admin.getByRole('button', { name: 'Create invitation' }).click();
    const linkBox = admin.getByRole('textbox', { name: 'Link' });
    await linkBox.waitFor();
    const link = await linkBox.inputValue();
    expect(link).toMatch(new RegExp(`^${baseURL}/login\\?invitation=[\\w-]{43}$`));
    await admin.getByText(/^Works once, until /).waitFor();
    await admin.getByRole('button', { name: 'Done' }).click();
    await admin
      .getByRole('list', { name: 'Open invitations' })
      .getByText(/^Expires /)
      .waitFor();
    await expectAccessible(admin);

    // a stranger without the link is told plainly, instead of getting a form that would fail
    const stranger = await newPage(baseURL);
    await stranger.goto('/login');
    await stranger.getByRole('tab', { name: 'Create account' }).click();
    await stranger
      .getByText('Sign-up on this server needs an invitation. Ask its admin for one.')
      .waitFor();
    expect(await stranger.getByLabel('Password').count()).toBe(0);

    // the invited person opens the link: the create-account form, and in
    const invited = await newPage(baseURL);
    await invited.goto(link);
    await invited.getByText('You have an invitation: create your account below.').waitFor();
    await createAccount(invited, 'Jonas', 'jonas@example.org');
    await invited.getByRole('heading', { name: 'Wildlife Logs' }).waitFor();

    // the link was single use: its page says so at once (e2e/invitation-link.test.ts)
    const latecomer = await newPage(baseURL);
    await latecomer.goto(link);
    await latecomer.getByText('This invitation has already been used.').waitFor();
    expect(await latecomer.getByLabel('Password').count()).toBe(0);

    // the admin sees the new user and disables them
    await admin.reload();
    await admin.getByText('No open invitations.').waitFor();
    await admin.getByRole('button', { name: 'Actions for Jonas Tester' }).click();
    await admin.getByRole('menuitem', { name: 'Disable' }).click();
    await admin.getByRole('alertdialog', { name: 'Disable Jonas Tester?' }).waitFor();
    await admin.getByRole('button', { name: 'Disable', exact: true }).click();
    await admin.getByText('Jonas Tester is disabled').waitFor();
    await admin
      .getByRole('row', { name: /Jonas Tester/ })
      .getByText('Disabled')
      .waitFor();

    // their session ended at once: a signed-in page sends them to sign in, which is refused
    await invited.goto('/lists');
    await invited.waitForURL('**/login?next=%2Flists');
    await invited.getByLabel('Email').fill('jonas@example.org');
    await invited.getByLabel('Password').fill(password);
    await invited.getByRole('button', { name: 'Sign In', exact: true }).click();
    await invited.getByText(/^This account has been disabled\./).waitFor();
    expect(pathOf(invited)).toBe('/login');
  });

  it('shows anyone else a plain "Admins only" page at /admin', async () => {
    const baseURL = servers[0]!.url;
    const page = await newPage(baseURL);
    const registration = await (await fetch(`${baseURL}/api/auth/registration`)).json();
    expect(registration).toEqual({ mode: 'invite', firstAccount: false });
    await page.goto('/login');
    await page.getByLabel('Email').fill('rosa@example.org');
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByRole('heading', { name: 'Wildlife Logs' }).waitFor();
    // Rosa makes Mei's invitation; Mei is a user, not an admin
    await page.goto('/admin');
    await page.getByRole('button', { name: 'Create invitation' }).click();
    const link = await page.getByRole('textbox', { name: 'Link' }).inputValue();
    const mei = await newPage(baseURL);
    await mei.goto(link);
    await createAccount(mei, 'Mei', 'mei@example.org');
    await mei.getByRole('heading', { name: 'Wildlife Logs' }).waitFor();
    await mei.goto('/admin');
    await mei.getByRole('heading', { name: 'Admins only' }).waitFor();
    await mei.getByRole('button', { name: 'Mei Tester' }).click();
    expect(await mei.getByRole('menuitem', { name: 'Admin' }).count()).toBe(0);
  });
});

describe('the sign-in page on a forgotten password', () => {
  it('says to ask the admin when the server sends no mail', async () => {
    const page = await newPage(servers[0]!.url);
    await page.goto('/login');
    await page
      .getByText('Forgot your password? Ask the admin of this server for a reset link.')
      .waitFor();
    expect(await page.getByRole('button', { name: 'Forgot your password?' }).count()).toBe(0);
  });

  it('mails a reset link when it can, which sets a new password and signs in', async () => {
    const mails: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData: (stream, _session, done) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          mails.push(Buffer.concat(chunks).toString('utf8'));
          done();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    try {
      const port = (smtp.server.address() as AddressInfo).port;
      const baseURL = await startServer({ SMTP_URL: `smtp://127.0.0.1:${port}` });
      const owner = await newPage(baseURL);
      await owner.goto('/login');
      await owner.getByRole('tab', { name: 'Create account' }).click();
      await createAccount(owner, 'Grace', 'grace@example.org');
      await owner.getByRole('heading', { name: 'Wildlife Logs' }).waitFor();

      const page = await newPage(baseURL);
      await page.goto('/login');
      await page.getByRole('button', { name: 'Forgot your password?' }).click();
      await page.getByLabel('Email').fill('grace@example.org');
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await page
        .getByText(/^If an account uses grace@example\.org, a link to reset its password/)
        .waitFor();

      await expect.poll(() => mails.length, { timeout: 10_000 }).toBe(1);
      const body = mails[0]!.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      const link = /http:\/\/\S+\/reset-password\?token=[\w-]+/.exec(body)![0];
      await page.goto(link);
      await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
      await page.getByLabel('New password', { exact: true }).fill('a brand new passphrase');
      await page.getByLabel('New password again').fill('a brand new passphrase');
      await page.getByRole('button', { name: 'Set password and sign in' }).click();
      await page.getByRole('heading', { name: 'Wildlife Logs' }).waitFor();

      // the owner's other session ended; the link is spent
      await owner.goto('/lists');
      await owner.waitForURL('**/login?next=%2Flists');
      await page.goto(link);
      await page.getByLabel('New password', { exact: true }).fill('yet another passphrase');
      await page.getByLabel('New password again').fill('yet another passphrase');
      await page.getByRole('button', { name: 'Set password and sign in' }).click();
      await page
        .getByText('This reset link has expired or was already used. Ask for a new one.')
        .waitFor();
    } finally {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });
});
