import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startTestProvider,
  TEST_CLIENT,
  type TestProvider,
} from '../tests/support/oidc-provider.js';
import {
  startServerProcess,
  stopServerProcess,
  type ServerProcess,
} from '../tests/support/server-processes.js';
import { launchBrowser } from './browser.js';

// The built app in OpenID Connect mode (its own server process, local accounts off) against a
// real provider on 127.0.0.1, driven by Chromium.

const root = new URL('..', import.meta.url).pathname;

let provider: TestProvider;
let server: ServerProcess;
let dataDir: string;
let browser: Browser;

beforeAll(async () => {
  provider = await startTestProvider();
  dataDir = await mkdtemp(join(tmpdir(), 'sightbook-e2e-oidc-'));
  server = await startServerProcess(
    ['dist/server/main.js'],
    {
      DATA_DIR: dataDir,
      DATABASE_URL: undefined,
      OIDC_ISSUER_URL: provider.issuer,
      OIDC_CLIENT_ID: TEST_CLIENT.id,
      OIDC_CLIENT_SECRET: TEST_CLIENT.secret,
      OIDC_PROVIDER_NAME: 'Test ID',
      ALLOW_LOCAL_ACCOUNTS: undefined,
    },
    { cwd: root },
  );
  provider.trustApp(server.url);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  if (server) await stopServerProcess(server.child);
  await provider?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url, locale: 'en-US' });
  return context.newPage();
}

describe('signing in through an OpenID Connect provider', () => {
  it('goes from the landing page to the provider and back, signed in, and out again', async () => {
    provider.accounts.set('grace', {
      email: 'grace@example.org',
      email_verified: true,
      given_name: 'Grace',
      family_name: 'Hopper',
    });
    const page = await newPage();
    await page.goto('/');
    await page.getByRole('link', { name: 'Get Started' }).click();
    await page.waitForURL(`${provider.issuer}/interaction/**`);
    await page.locator('input[name=login]').fill('grace');
    await page.locator('input[name=password]').fill('any password');
    await page.locator('button[type=submit]').click();
    await page.getByRole('button', { name: 'Continue' }).click(); // consent

    await page.getByRole('heading', { name: 'Wildlife Logs' }).waitFor();
    expect(page.url()).toBe(`${server.url}/`);
    await page.getByRole('button', { name: 'Grace Hopper' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.waitForURL(`${provider.issuer}/session/end**`);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByText('Track Wildlife Sightings with Precision').waitFor();
    expect(page.url()).toBe(`${server.url}/`);
  });

  it('forwards the sign-in page to the provider', async () => {
    const page = await newPage();
    await page.goto('/login?pwa=true');
    await page.waitForURL(`${provider.issuer}/interaction/**`);
  });

  it('shows why a sign-in failed, and offers only the provider to try again', async () => {
    const page = await newPage();
    await page.goto('/login?error=expired');
    await page
      .getByText('The sign-in took too long and has expired. Please sign in again.')
      .waitFor();
    await page.getByText('Sign in with your Test ID account.').waitFor();
    const retry = page.getByRole('link', { name: 'Sign in with Test ID' });
    expect(await retry.getAttribute('href')).toBe('/api/login');
    expect(await page.getByLabel('Email').count()).toBe(0);
    await retry.click();
    await page.waitForURL(`${provider.issuer}/interaction/**`);
  });
});
