import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.js';
import {
  baseURL,
  createLog,
  expectToast,
  pathOf,
  signUp,
  withWorker,
  controlledBy,
  type SignedIn,
} from './support.js';

// Issue 23, field use: one form makes one log however it is submitted, a wrong password is
// answered in the form, every screen has its own title, and no screen logs an error.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const combobox = (page: Page, name: string) => page.getByRole('combobox', { name, exact: true });

async function typeSpecies(page: Page, species: string) {
  await combobox(page, 'Common Name').click();
  await page.getByPlaceholder('Type to search or add new...').fill(species);
  await page.getByRole('option', { name: `Use "${species}"` }).click();
}

/** Holds every POST /api/logs for a moment, as a slow phone network does. */
async function slowCreates(page: Page) {
  const posts: string[] = [];
  await page.route('**/api/logs', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    posts.push(route.request().headers()['idempotency-key'] ?? '');
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.fallback();
  });
  return posts;
}

async function logsNamed(ada: SignedIn, species: string) {
  const list = await (await ada.context.request.get(`/api/logs?q=${species}`)).json();
  return (list.items as Array<{ speciesCommon: string }>).filter(
    (log) => log.speciesCommon === species,
  ).length;
}

describe('one form, one log', () => {
  let ada: SignedIn;
  beforeAll(async () => {
    ada = await signUp(browser);
  });
  afterAll(() => ada.context.close());

  it('makes one log of a double-click on Create Log', async () => {
    const page = await ada.context.newPage();
    const posts = await slowCreates(page);
    await page.goto('/logs/new');
    await typeSpecies(page, 'Doubleclick Wren');
    await page.getByRole('button', { name: 'Create Log' }).dblclick();
    await page.waitForURL(/\/logs\/[0-9a-f-]{36}$/);
    expect(await logsNamed(ada, 'Doubleclick Wren')).toBe(1);
    expect(new Set(posts).size).toBe(1); // and any second try carried the same key
    await page.close();
  });

  it('makes one log of Enter pressed twice', async () => {
    const page = await ada.context.newPage();
    const posts = await slowCreates(page);
    await page.goto('/logs/new');
    await typeSpecies(page, 'Enter Wren');
    await page.getByLabel('Count').fill('3');
    await page.getByLabel('Count').press('Enter');
    await page.getByLabel('Count').press('Enter');
    await page.waitForURL(/\/logs\/[0-9a-f-]{36}$/);
    expect(await logsNamed(ada, 'Enter Wren')).toBe(1);
    expect(new Set(posts).size).toBe(1);
    await page.close();
  });

  it('sends the same key again after a failed try, so a lost reply makes no second log', async () => {
    const page = await ada.context.newPage();
    const keys: string[] = [];
    let first = true;
    await page.route('**/api/logs', async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      keys.push(route.request().headers()['idempotency-key'] ?? '');
      if (!first) return route.fallback();
      first = false;
      // the server makes the log, but its reply never arrives
      await route.fetch();
      await route.fulfill({ status: 502, body: 'Bad gateway' });
    });
    await page.goto('/logs/new');
    await typeSpecies(page, 'Retry Wren');
    await page.getByRole('button', { name: 'Create Log' }).click();
    await expectToast(page, 'Error', 'Bad gateway');
    await page.getByRole('button', { name: 'Create Log' }).click();
    await page.waitForURL(/\/logs\/[0-9a-f-]{36}$/);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
    expect(await logsNamed(ada, 'Retry Wren')).toBe(1);
    await page.close();
  });
});

describe('signing in', () => {
  it('answers a wrong password in the form and stays, with what was typed', async () => {
    const ada = await signUp(browser);
    const email = (await (await ada.context.request.get('/api/auth/user')).json()).email as string;
    const context = await browser.newContext({ baseURL, locale: 'en-US' });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Invalid email or password').waitFor();
    await page.waitForTimeout(1000); // the signed-out flow would reload after 500 ms
    expect(pathOf(page)).toBe('/login');
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    expect(
      await page.locator('[data-sonner-toast]').filter({ hasText: 'Unauthorized' }).count(),
    ).toBe(0);
    await context.close();
    await ada.context.close();
  });
});

describe('every screen', () => {
  let ada: SignedIn;
  let logId: string;
  beforeAll(async () => {
    ada = await signUp(browser, withWorker); // the worker's registration must log nothing either
    logId = (await createLog(ada.context, { speciesCommon: 'Title Owl' })).id;
  });
  afterAll(() => ada.context.close());

  it('has its own title and logs no error, CSP violations included', async () => {
    const page = await ada.context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      // map tiles come from the internet, which this machine has not
      if (message.type() === 'error' && !message.text().includes('ERR_NAME_NOT_RESOLVED')) {
        problems.push(`${pathOf(page)}: ${message.text()}`);
      }
    });
    page.on('pageerror', (error) => problems.push(`${pathOf(page)}: ${error.message}`));
    const screens: Array<[string, string]> = [
      ['/', 'Wildlife Logs - Sightbook'],
      ['/logs/new', 'New Log - Sightbook'],
      [`/logs/${logId}`, 'Title Owl - Sightbook'],
      [`/logs/${logId}/edit`, 'Edit Log - Sightbook'],
      ['/stats', 'Statistics - Sightbook'],
      ['/map', 'Map - Sightbook'],
      ['/lists', 'Lists - Sightbook'],
      ['/account', 'Account - Sightbook'],
      ['/admin', 'Admin - Sightbook'],
      ['/no/such/page', 'Page Not Found - Sightbook'],
    ];
    for (const [path, title] of screens) {
      await page.goto(path);
      await expect.poll(() => page.title(), { timeout: 5000 }).toBe(title);
      await page.waitForLoadState('networkidle');
    }
    expect(problems).toEqual([]);
  });

  it('signed out, logs no error either', async () => {
    const context = await browser.newContext({ baseURL, locale: 'en-US' });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`${pathOf(page)}: ${message.text()}`);
    });
    const screens: Array<[string, string]> = [
      ['/', 'Sightbook'],
      ['/login', 'Sign In - Sightbook'],
    ];
    for (const [path, title] of screens) {
      await page.goto(path);
      await expect.poll(() => page.title()).toBe(title);
      await page.waitForLoadState('networkidle');
    }
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('the list past its last page', () => {
  let ada: SignedIn;
  beforeAll(async () => {
    ada = await signUp(browser);
    for (let n = 0; n < 24; n += 1) {
      await createLog(ada.context, {
        speciesCommon: n < 4 ? `Pager Heron ${n}` : `Pager Gull ${n}`,
        observedAt: new Date(Date.UTC(2026, 0, 1 + n)).toISOString(),
      });
    }
  });
  afterAll(() => ada.context.close());

  it('keeps the page while it exists and shows the last one past it', async () => {
    const { page } = ada;
    await page.goto('/?page=2');
    await page.getByText('Page 2 of 2').waitFor();
    await page.getByText('24 logs').waitFor();
    await page.getByRole('searchbox', { name: 'Search' }).fill('heron');
    await page.getByText('4 matching logs').waitFor();
    await expect.poll(() => new URL(page.url()).search).toBe('?q=heron');
    expect(await page.getByText('No logs found').count()).toBe(0);
    // the cards' species are h3s, under the h2 of their day
    await expect.poll(() => page.locator('h3', { hasText: 'Pager Heron' }).count()).toBe(4);

    await page.goto('/?page=99');
    await page.getByText('Page 2 of 2').waitFor();
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');
    expect(await page.getByText('Start logging').count()).toBe(0);
  });
});

describe('scrolling between pages', () => {
  it('opens a page at its top and takes back and forward to where the person was', async () => {
    const ada = await signUp(browser, { viewport: { width: 390, height: 844 } });
    await createLog(ada.context, { speciesCommon: 'Scroll Owl', count: 3 });
    const { page } = ada;
    const scrollY = () => page.evaluate('window.scrollY') as Promise<number>;
    await page.goto('/stats');
    await page.getByText('Top Species by Count').waitFor();
    // every card in (its skeletons are shorter or taller than it), so the bottom stays the bottom
    await expect.poll(() => page.locator('[data-slot="skeleton"]').count()).toBe(0);
    await page.evaluate('window.scrollTo(0, document.body.scrollHeight)');
    const bottom = await scrollY();
    expect(bottom).toBeGreaterThan(300);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Logs' })
      .click();
    await page.waitForURL(`${baseURL}/`);
    await page.getByText('Scroll Owl').waitFor();
    expect(await scrollY()).toBe(0);
    await page.goBack();
    await page.waitForURL(`${baseURL}/stats`);
    await expect.poll(scrollY).toBeGreaterThan(bottom - 5);
    await page.goForward();
    await page.waitForURL(`${baseURL}/`);
    await expect.poll(scrollY).toBe(0);
    await ada.context.close();
  });
});

describe('the create form', () => {
  it('has the Public switch, on by default, and keeps a log private from the start', async () => {
    const ada = await signUp(browser);
    const { page } = ada;
    await page.goto('/logs/new');
    const publicSwitch = page.getByRole('switch', { name: 'Public', exact: true });
    expect(await publicSwitch.getAttribute('aria-checked')).toBe('true');
    await typeSpecies(page, 'Private Nightjar');
    await publicSwitch.click();
    await page.getByText('Only you can see this log').waitFor();
    await page.getByRole('button', { name: 'Create Log' }).click();
    await page.waitForURL(/\/logs\/[0-9a-f-]{36}$/);
    const id = pathOf(page).split('/').pop();
    const log = await (await ada.context.request.get(`/api/logs/${id}`)).json();
    expect(log).toMatchObject({ speciesCommon: 'Private Nightjar', isPublic: false });
    await ada.context.close();
  });
});

describe('the cards', () => {
  it('mark a private log, and a public one not', async () => {
    const ada = await signUp(browser);
    await createLog(ada.context, { speciesCommon: 'Hidden Crake', isPublic: false });
    await createLog(ada.context, { speciesCommon: 'Open Crake', isPublic: true });
    const { page } = ada;
    await page.goto('/');
    const card = (species: string) =>
      page.getByTestId('log-card').filter({ has: page.getByRole('heading', { name: species }) });
    await card('Hidden Crake').getByText('Private', { exact: true }).waitFor();
    await card('Open Crake').waitFor();
    expect(await card('Open Crake').getByText('Private', { exact: true }).count()).toBe(0);
    await ada.context.close();
  });
});

describe('a form with changes', () => {
  let ada: SignedIn;
  beforeAll(async () => {
    ada = await signUp(browser);
  });
  afterAll(() => ada.context.close());

  const discardDialog = (page: Page) =>
    page.getByRole('alertdialog', { name: 'Discard this sighting?' });

  it('asks before Escape throws it away, even from a textarea, and keeps it on Keep editing', async () => {
    const page = await ada.context.newPage();
    await page.goto('/logs/new');
    await page.getByLabel('Notes').fill('Two calling from the alders');
    await page.keyboard.press('Escape'); // focus still in the textarea
    await discardDialog(page).waitFor();
    await page.getByRole('button', { name: 'Keep editing' }).click();
    await discardDialog(page).waitFor({ state: 'detached' });
    expect(pathOf(page)).toBe('/logs/new');
    expect(await page.getByLabel('Notes').inputValue()).toBe('Two calling from the alders');

    await page.getByRole('button', { name: 'Cancel' }).click();
    await discardDialog(page).waitFor();
    await page.getByRole('button', { name: 'Discard' }).click();
    await page.waitForURL(`${baseURL}/`);
    await page.close();
  });

  it('leaves Escape to an open picker, and asks before a link takes the page away', async () => {
    const page = await ada.context.newPage();
    await page.goto('/logs/new');
    await page.getByLabel('Description').fill('Flew over the lake');
    await combobox(page, 'Common Name').click();
    await page.getByPlaceholder('Type to search or add new...').waitFor();
    await page.keyboard.press('Escape'); // closes the picker only
    await page.getByPlaceholder('Type to search or add new...').waitFor({ state: 'detached' });
    expect(await discardDialog(page).count()).toBe(0);
    expect(pathOf(page)).toBe('/logs/new');

    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Stats' })
      .click();
    await discardDialog(page).waitFor();
    expect(pathOf(page)).toBe('/logs/new');
    await page.getByRole('button', { name: 'Discard' }).click();
    await page.waitForURL(`${baseURL}/stats`);
    await page.close();
  });

  it("asks before the browser's Back leaves it, then goes back to where the person was", async () => {
    const log = await createLog(ada.context, { speciesCommon: 'Grey Wagtail' });
    const page = await ada.context.newPage();
    await page.goto('/');
    await page
      .getByRole('link', { name: /Grey Wagtail/ })
      .first()
      .click();
    await page.waitForURL(`${baseURL}/logs/${log.id}`);
    await page.getByRole('link', { name: 'Edit' }).click();
    await page.waitForURL(`${baseURL}/logs/${log.id}/edit`);
    await page.getByLabel('Notes').fill('By the weir');

    await page.goBack();
    await discardDialog(page).waitFor();
    expect(pathOf(page)).toBe(`/logs/${log.id}/edit`);
    await page.getByRole('button', { name: 'Keep editing' }).click();
    expect(await page.getByLabel('Notes').inputValue()).toBe('By the weir');

    await page.goBack(); // asks again
    await discardDialog(page).waitFor();
    await page.getByRole('button', { name: 'Discard' }).click();
    await page.waitForURL(`${baseURL}/logs/${log.id}`);
    await page.getByRole('heading', { name: 'Grey Wagtail' }).waitFor();
    // one entry for the form, not two: Back from the details reaches the list
    await page.goBack();
    await page.waitForURL(`${baseURL}/`);
    expect((await (await ada.context.request.get(`/api/logs/${log.id}`)).json()).notes).toBeFalsy();
    await page.close();
  });

  it('keeps a new sighting on the device and offers it back when the form opens again', async () => {
    const page = await ada.context.newPage();
    await page.goto('/logs/new');
    await typeSpecies(page, 'Draft Kingfisher');
    await page.getByLabel('Count').fill('2');
    await page.getByLabel('Notes').fill('Perched on the bridge rail');
    await page.close(); // the tab is gone, the phone died: nothing was saved

    const again = await ada.context.newPage();
    await again.goto('/logs/new');
    await again.getByText('Restore your unsaved sighting?').waitFor();
    await again.getByText('Draft Kingfisher').waitFor();
    await again.getByRole('button', { name: 'Restore' }).click();
    expect(await again.getByLabel('Notes').inputValue()).toBe('Perched on the bridge rail');
    expect(await again.getByLabel('Count').inputValue()).toBe('2');
    expect(await combobox(again, 'Common Name').textContent()).toBe('Draft Kingfisher');
    await again.getByRole('button', { name: 'Create Log' }).click();
    await again.waitForURL(/\/logs\/[0-9a-f-]{36}$/);

    // saved: nothing is offered any more
    await again.goto('/logs/new');
    await again.getByRole('heading', { name: 'New Wildlife Log' }).waitFor();
    await again.waitForTimeout(300);
    expect(await again.getByText('Restore your unsaved sighting?').count()).toBe(0);
    await again.close();
  });
});

describe('the stats page', () => {
  it('draws a month without sightings as a month at zero, and clears its dates', async () => {
    const ada = await signUp(browser, { timezoneId: 'UTC' });
    await createLog(ada.context, {
      speciesCommon: 'Axis Teal',
      count: 4,
      observedAt: '2025-12-03T10:00:00Z',
    });
    await createLog(ada.context, {
      speciesCommon: 'Axis Teal',
      count: 2,
      observedAt: '2026-03-10T10:00:00Z',
    });
    const { page } = ada;
    await page.goto('/stats');
    await page.getByLabel('Time Bucket').selectOption('month');
    // the chart's table for screen readers holds the buckets the line is drawn through
    const rows = page
      .locator('table')
      .filter({ hasText: 'Total Sightings per month' })
      .locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(4);
    expect((await rows.allInnerTexts()).map((row) => row.replace(/\s+/g, ' ').trim())).toEqual([
      'December 2025 4',
      'January 2026 0',
      'February 2026 0',
      'March 2026 2',
    ]);

    await page.getByLabel('From Date').fill('2026-01-01');
    await page.getByText('Clear dates').click();
    expect(await page.getByLabel('From Date').inputValue()).toBe('');
    await ada.context.close();
  });
});

describe('offline', () => {
  it('says so, with when it last synced, and keeps what needs the network out of reach', async () => {
    const ada = await signUp(browser, withWorker);
    await createLog(ada.context, { speciesCommon: 'Offline Dipper' });
    const { page, context } = ada;
    await controlledBy(page, '/');
    await page.getByText('Offline Dipper').waitFor();
    const me = (await (await context.request.get('/api/auth/user')).json()) as {
      email: string;
      firstName: string | null;
      lastName: string | null;
    };
    const menuName = me.firstName && me.lastName ? `${me.firstName} ${me.lastName}` : me.email;
    await context.setOffline(true);
    await page.getByText(/^You are offline — showing what was synced at \d{1,2}:\d{2}/).waitFor();
    const exportButton = page.getByRole('button', { name: 'Export CSV' });
    expect(await exportButton.isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Import' }).isDisabled()).toBe(true);
    await exportButton.hover({ force: true });
    await page.getByRole('tooltip', { name: 'Not available offline' }).waitFor();
    await page.getByRole('button', { name: menuName }).click();
    const signOut = page.getByRole('menuitem', { name: /Sign Out/ });
    expect(await signOut.getAttribute('aria-disabled')).toBe('true');
    await page.keyboard.press('Escape');
    expect(pathOf(page)).toBe('/');

    // a page this device never loaded
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Lists' })
      .click();
    await page.getByText('Not available offline').waitFor();
    expect(await page.getByText('Failed to fetch').count()).toBe(0);
    await context.setOffline(false);
    await page.getByText('You are offline').waitFor({ state: 'detached' });
    await context.close();
  });
});

describe('first visits', () => {
  let ada: SignedIn;
  beforeAll(async () => {
    ada = await signUp(browser);
    await createLog(ada.context, { speciesCommon: 'Swift Visit' });
  });
  afterAll(() => ada.context.close());

  it("asks for the list's first page once: the page named it, the app takes that reply", async () => {
    const page = await ada.context.newPage();
    const listRequests: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/logs' && request.method() === 'GET') listRequests.push(url.search);
    });
    await page.goto('/');
    await page.getByRole('heading', { name: 'Swift Visit' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(listRequests).toEqual(['?page=1&pageSize=20']);
    await page.close();
  });

  it("loads a page's code when its link is pointed at, and opens it without a spinner", async () => {
    const page = await ada.context.newPage();
    const statsCode: string[] = [];
    page.on('requestfinished', (request) => {
      if (/\/assets\/stats-page-[\w-]+\.js$/.test(request.url())) statsCode.push(request.url());
    });
    await page.goto('/');
    await page.getByRole('heading', { name: 'Swift Visit' }).waitFor();
    const stats = page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Stats' });
    await stats.hover();
    await expect.poll(() => statsCode.length, { timeout: 5000 }).toBe(1);
    // a page-wide spinner shown at any moment after the click is noted
    await page.evaluate(`
      new MutationObserver(() => {
        if (document.querySelector('.min-h-screen > [role="status"]'))
          document.documentElement.dataset.pageSpinner = 'shown';
      }).observe(document.body, { childList: true, subtree: true });
    `);
    await stats.click();
    await page.getByRole('heading', { name: 'Statistics' }).waitFor();
    expect(await page.evaluate('document.documentElement.dataset.pageSpinner')).toBeUndefined();
    expect(statsCode).toHaveLength(1); // not asked again
    await page.close();
  });

  it("shows the list's heading before the app's code arrives, then the page in its place", async () => {
    const page = await ada.context.newPage();
    await page.route('**/assets/*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500)); // a slow phone network
      await route.fallback();
    });
    // every heading and page-wide spinner the page shows on the way is noted
    await page.addInitScript(`
      const seen = (window.__seen = []);
      new MutationObserver(() => {
        // nothing is painted before the stylesheet: a layout forced before it is no one's view
        const css = document.querySelector('link[rel="stylesheet"]');
        if (css && !css.sheet) return;
        for (const h of document.querySelectorAll('h1')) {
          const box = h.getBoundingClientRect();
          seen.push(h.textContent + ' ' + box.x + ',' + box.y + ' ' + box.width + 'x' + box.height);
        }
        if (document.querySelector('.min-h-screen > [role="status"]')) seen.push('spinner');
      }).observe(document, { childList: true, subtree: true });
    `);
    await page.goto('/', { waitUntil: 'commit' });
    const heading = page.getByRole('heading', { name: 'Wildlife Logs', level: 1 });
    await heading.waitFor();
    expect(await page.getByRole('heading', { name: 'Swift Visit' }).count()).toBe(0); // no code yet
    await page.getByRole('heading', { name: 'Swift Visit' }).waitFor();
    const seen = [...new Set((await page.evaluate('window.__seen')) as string[])];
    expect(seen).toHaveLength(1); // one heading, in one place: no spinner, no landing page
    expect(seen[0]).toMatch(/^Wildlife Logs /);
    await page.close();
  });

  it('says why a page whose code did not arrive is missing, and opens it once it can', async () => {
    const page = await ada.context.newPage();
    // the stats page's code is lost on the way, as on a connection that drops
    await page.route(/\/assets\/stats-page-[\w-]+\.js$/, (route) =>
      route.abort('internetdisconnected'),
    );
    await page.goto('/');
    await page.getByRole('heading', { name: 'Swift Visit' }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Stats' }).click();
    await page.getByRole('heading', { name: 'This page could not be loaded' }).waitFor();
    expect(await page.getByRole('button', { name: 'Reload' }).isVisible()).toBe(true);
    expect(await nav.isVisible()).toBe(true); // the header stays, and the other pages open
    await nav.getByRole('link', { name: 'Logs' }).click();
    await page.getByRole('heading', { name: 'Swift Visit' }).waitFor();

    await ada.context.setOffline(true);
    await nav.getByRole('link', { name: 'Stats' }).click();
    await page.getByRole('heading', { name: 'Not available offline' }).waitFor();
    await page.unroute(/\/assets\/stats-page-[\w-]+\.js$/);
    await ada.context.setOffline(false); // back online, the page loads without a reload
    await page.getByRole('heading', { name: 'Statistics' }).waitFor();
    await page.close();
  });
});
