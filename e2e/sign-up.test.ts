import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from './browser.js';

const baseURL = inject('baseURL');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  return context.newPage();
}

const pathOf = (page: Page) => new URL(page.url()).pathname;

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

describe('a new visitor', () => {
  it('signs up, signs out and signs in again', async () => {
    const page = await newPage();
    const email = `ada-${randomUUID()}@example.com`;
    const password = 'correct horse battery';

    await page.goto('/');
    await page.getByText('Track Wildlife Sightings with Precision').waitFor();
    await page.getByRole('link', { name: 'Get Started' }).click();
    await page.waitForURL('**/login?signup=true');

    // a newcomer has no account yet: Get Started opens the create-account form (issue 23)
    await page.getByRole('tab', { name: 'Create account', selected: true }).waitFor();
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Tester');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Create Account', exact: true }).click();

    await page.getByRole('heading', { name: 'Wildlife Logs' }).waitFor();
    expect(pathOf(page)).toBe('/');
    await page.getByText('No logs found').waitFor();
    await page
      .getByText('Start logging your wildlife sightings to build your observation database.')
      .waitFor();

    await page.getByRole('button', { name: 'Ada Tester' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.getByText('Track Wildlife Sightings with Precision').waitFor();
    expect(pathOf(page)).toBe('/');

    await page.getByRole('link', { name: 'Sign In' }).click();
    await page.waitForURL('**/login');
    await signIn(page, email, password);
    await page.getByRole('heading', { name: 'Wildlife Logs' }).waitFor();
    expect(pathOf(page)).toBe('/');
  });

  it('is told under the field, before anything is sent, that a password is too easy to guess', async () => {
    const page = await newPage();
    const sent: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/auth/register') sent.push(request.method());
    });
    await page.goto('/login?signup=true');
    await page.getByLabel('Email').fill(`cy-${randomUUID()}@example.com`);
    const password = page.getByLabel('Password');
    await password.fill('aaaaaaaa');
    await page.getByLabel('First name').focus(); // leaving the field checks it

    // the server's words (tests/auth/password-strength.test.ts), tied to the field
    const message = page.getByText(
      'Repeated characters like "aaa" are easy to guess: add more words or characters.',
    );
    await message.waitFor();
    const messageId = await message.getAttribute('id');
    expect(await password.getAttribute('aria-describedby')).toContain(messageId);
    expect(await password.getAttribute('aria-invalid')).toBe('true');
    await page.getByRole('button', { name: 'Create Account', exact: true }).click();
    await message.waitFor();
    expect(sent).toEqual([]);

    // typed away while refused: the message goes as soon as the password is good enough
    await password.fill('password1');
    await page
      .getByText('This is a commonly used password: add more words or characters.')
      .waitFor();
    await password.fill('a heron at dawn');
    await expect.poll(() => page.getByText(/add more words or characters/).count()).toBe(0);
    await page.getByRole('button', { name: 'Create Account', exact: true }).click();
    await page.getByRole('heading', { name: 'Wildlife Logs' }).waitFor();
    expect(sent).toEqual(['POST']);
  });

  it('is told when the password is wrong', async () => {
    const page = await newPage();
    const email = `bob-${randomUUID()}@example.com`;

    await page.goto('/login');
    await page.getByRole('tab', { name: 'Create account' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('the right password');
    await page.getByRole('button', { name: 'Create Account', exact: true }).click();
    await page.getByRole('heading', { name: 'Wildlife Logs' }).waitFor();

    const stranger = await newPage(); // another browser profile, signed out
    await stranger.goto('/login');
    await signIn(stranger, email, 'a wrong password');
    await expect
      .poll(() =>
        stranger.getByRole('alert').filter({ hasText: 'Invalid email or password' }).count(),
      )
      .toBe(1);
    expect(pathOf(stranger)).toBe('/login');
  });
});
