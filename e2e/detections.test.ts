import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DETECTION_TEXTS } from '../src/common/detections.js';
import { launchBrowser } from './browser.js';
import { baseURL, createOuting, expectAccessible, signUp, type SignedIn } from './support.js';

// Issue 37 in the browser: BirdNET files imported through the dialog (a dry run first), an
// outing's species to confirm (with a clip attached) or reject, and a station's token.

const fixture = (path: string) =>
  fileURLToPath(new URL(`../tests/fixtures/${path}`, import.meta.url));
const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
];

/**
 * When SCREENSHOTS is set: the page at a phone's size and a desktop's, in that folder; all of
 * it, or what the screen shows (a dialog).
 */
async function shootBothSizes(page: Page, name: string, fullPage = true) {
  const folder = process.env.SCREENSHOTS;
  for (const { name: size, width, height } of SIZES) {
    await page.setViewportSize({ width, height });
    if (folder) await page.screenshot({ path: join(folder, `${name}-${size}.png`), fullPage });
  }
}

const textOf = async (locator: Locator) => (await locator.innerText()).replace(/\s+/g, ' ').trim();

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('detections on the web', () => {
  let ada: SignedIn;
  beforeAll(async () => {
    ada = await signUp(browser, { timezoneId: 'Europe/Berlin' });
  });
  afterAll(() => ada.context.close());

  it("imports BirdNET-Pi's BirdDB.txt from the outings page: a dry run, then the outings", async () => {
    const { page } = ada;
    await page.goto('/outings');
    await page.getByText('0 outings').waitFor();
    await shootBothSizes(page, 'outings-page');
    await page.getByRole('button', { name: 'Import Detections' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Import Detections' }).waitFor();
    await dialog.getByText('Detections below it are left out.').waitFor();
    expect(await dialog.getByLabel('Minimum confidence', { exact: true }).inputValue()).toBe('0.7');
    await dialog.getByLabel('Detection file').setInputFiles(fixture('detections/BirdDB.txt'));
    await dialog.getByRole('button', { name: 'Check File' }).click();

    const report = dialog.getByRole('status', { name: 'What the import would do' });
    await report.getByText('BirdNET-Pi file: 20 detections to import').waitFor();
    const figures = await textOf(report);
    expect(figures).toContain('Read 20');
    expect(figures).toContain('To import 20');
    expect(figures).toContain('Below the minimum 0');
    expect(figures).toContain('Already imported 0');
    expect(figures).toContain('April 25, 2023 (Europe/Berlin): 5 groups to confirm (a new outing)');
    expect(figures).toContain('April 26, 2023 (Europe/Berlin): 3 groups to confirm');
    // the file names the station's position: nothing to ask about it
    expect(await dialog.getByLabel('Latitude').count()).toBe(0);
    await page.getByText('0 outings').waitFor(); // nothing made yet
    await expectAccessible(page);
    await shootBothSizes(page, 'import-dry-run', false);

    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    const done = dialog.getByRole('status', { name: 'What was imported' });
    await done.getByText('Imported 20 detections').waitFor();
    await page.getByText('2 outings').waitFor();
    await done.getByRole('link', { name: /^April 25, 2023/ }).click();
    await page.waitForURL(/\/outings\/[0-9a-f-]+$/);
    expect(await dialog.count()).toBe(0);
    await page.getByRole('heading', { name: 'BirdNET-Pi detections', level: 1 }).waitFor();
  });

  it('confirms a species with its count and a clip, and rejects another', async () => {
    const { page } = ada;
    await page.setViewportSize({ width: 1280, height: 800 });
    const section = page.getByRole('region', { name: 'To confirm' });
    const species = section.getByTestId('species-to-confirm');
    await species.first().waitFor();
    expect(await species.count()).toBe(5);
    const redstart = species.filter({ hasText: 'Hausrotschwanz' });
    const redstartText = await textOf(redstart);
    expect(redstartText).toContain('Hausrotschwanz Phoenicurus ochruros');
    expect(redstartText).toMatch(/19:00–20:00 · 5 detections · best \d+%/);
    expect(redstartText).toMatch(/19:\d\d:\d\d · \d+%/); // a clip's time of day and score
    await expectAccessible(page);
    await shootBothSizes(page, 'to-confirm');
    await page.setViewportSize({ width: 1280, height: 800 });

    const chooser = page.waitForEvent('filechooser');
    await redstart.getByRole('button', { name: 'Attach Clip…' }).click();
    await (await chooser).setFiles(fixture('audio/pcm-16k.wav'));
    await redstart.getByText('pcm-16k.wav · uploaded, 0:03').waitFor();
    await redstart.getByLabel('Count').fill('2');
    await redstart.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Hausrotschwanz confirmed and logged').waitFor();

    const decided = section.getByTestId('detections-decided');
    await decided.getByText('Hausrotschwanz', { exact: true }).waitFor();
    await redstart.waitFor({ state: 'detached' });
    expect(await species.count()).toBe(4);
    // the outing's species, refreshed: the log with its count
    const logged = page.getByTestId('outing-species').filter({ hasText: 'Hausrotschwanz' });
    expect(await textOf(logged)).toMatch(/^Hausrotschwanz Phoenicurus ochruros .*2$/);
    const href = await decided
      .getByRole('link', { name: 'Open log of Hausrotschwanz' })
      .getAttribute('href');
    const log = await (await ada.context.request.get(`/api${href}`)).json();
    expect(log).toMatchObject({ speciesScientific: 'Phoenicurus ochruros', count: 2 });
    expect(log.recordings).toHaveLength(1);
    expect(log.recordings[0]).toMatchObject({ mime: 'audio/wav', durationSeconds: 3 });

    const blackbird = species.filter({ hasText: 'Amsel' });
    await blackbird.getByRole('button', { name: 'Reject' }).click();
    await page.getByText('Amsel rejected').waitFor();
    await blackbird.waitFor({ state: 'detached' });
    const rows = decided.getByRole('listitem');
    await rows.nth(1).waitFor();
    const texts = await Promise.all((await rows.all()).map(textOf));
    expect(texts.find((text) => text.startsWith('Amsel'))).toMatch(/Rejected$/);
    expect(texts.find((text) => text.startsWith('Hausrotschwanz'))).toMatch(
      /Confirmed Open log of Hausrotschwanz$/,
    );
    expect(await page.getByTestId('outing-species').count()).toBe(1); // a rejection logs nothing
    await shootBothSizes(page, 'decided');
  });

  it("asks for a recording's start when the file's times have none, on an outing's page", async () => {
    const { page } = ada;
    const outing = await createOuting(ada.context, {
      startedAt: '2024-05-01T05:00:00+02:00',
      timeZone: 'Europe/Berlin',
      protocol: 'stationary',
      placeName: 'Garden',
    });
    await page.goto(`/outings/${outing.id}`);
    await page.getByRole('heading', { name: 'Garden', level: 1 }).waitFor();
    expect(await page.getByRole('region', { name: 'To confirm' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Import Detections' }).click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByLabel('Detection file')
      .setInputFiles(fixture('detections/soundscape.BirdNET.selection.table.txt'));
    await dialog.getByRole('button', { name: 'Check File' }).click();
    await dialog.getByText('BirdNET-Analyzer file: 0 detections to import').waitFor();
    await dialog.getByText('Nothing new to import.').waitFor();
    await dialog.getByText(`Line 2: ${DETECTION_TEXTS.unknownStart}`).waitFor();
    // the field the rows need, and the words by it
    const start = dialog.getByLabel('Recording start (optional)');
    const alert = dialog.getByRole('alert').filter({ hasText: DETECTION_TEXTS.unknownStart });
    await alert.waitFor();
    await expectAccessible(page);
    await shootBothSizes(page, 'import-needs-start', false);
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await dialog.getByRole('button', { name: 'Import', exact: true }).isDisabled()).toBe(
      true,
    );
    await start.fill('2024-05-01T05:30:00');
    await dialog.getByRole('button', { name: 'Check File' }).click();
    const report = dialog.getByRole('status', { name: 'What the import would do' });
    await report.getByText('BirdNET-Analyzer file: 2 detections to import').waitFor();
    expect(await textOf(report)).toContain('Below the minimum 4');
    expect(await alert.count()).toBe(0);
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await dialog.getByText('Imported 2 detections').waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();

    const section = page.getByRole('region', { name: 'To confirm' });
    const junco = section.getByTestId('species-to-confirm').filter({ hasText: 'Dark-eyed Junco' });
    expect(await textOf(junco)).toContain('05:30:42 · 74% · soundscape.wav at 0:42');
  });

  it('decides a species hour by hour when it was heard in several', async () => {
    const bea = await signUp(browser, { timezoneId: 'Europe/Berlin' });
    const { page } = bea;
    const outing = await createOuting(bea.context, {
      startedAt: '2023-04-25T19:00:00+02:00',
      timeZone: 'Europe/Berlin',
      protocol: 'stationary',
      placeName: 'Balcony',
    });
    const posted = await bea.context.request.post(`/api/detections/import?outingId=${outing.id}`, {
      headers: { 'content-type': 'text/plain' },
      data: readFileSync(fixture('detections/BirdDB.txt')),
    });
    expect(posted.status()).toBe(201);
    await page.goto(`/outings/${outing.id}`);
    const section = page.getByRole('region', { name: 'To confirm' });
    const redstart = section
      .getByTestId('species-to-confirm')
      .filter({ hasText: 'Hausrotschwanz' });
    await redstart.waitFor();
    expect(await textOf(redstart)).toContain('9 detections · best 96%');
    const evening = redstart.getByLabel(/^Apr 25, 2023, 19:00–20:00/);
    const morning = redstart.getByLabel(/^Apr 26, 2023, 06:00–07:00/);
    await morning.uncheck();
    await redstart.getByRole('button', { name: 'Reject' }).click();
    await page.getByText('Hausrotschwanz rejected').waitFor();
    await evening.waitFor({ state: 'detached' });
    // the morning's hour is left to decide, on its own
    expect(await textOf(redstart)).toContain('Apr 26, 2023, 06:00–07:00 · 4 detections');
    expect(await redstart.getByRole('checkbox').count()).toBe(0);
    await section.getByTestId('detections-decided').getByText('Rejected').waitFor();
    await bea.context.close();
  });

  it('makes a station token, shows its secret once, and revokes it', async () => {
    const { page } = ada;
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/account');
    const section = page.getByRole('region', { name: 'Station tokens' });
    await section.getByText('No tokens yet.').waitFor();
    await section.getByLabel('Name of a new token').fill('Garden BirdNET-Pi');
    await section.getByRole('button', { name: 'Create Token' }).click();

    const dialog = page.getByRole('dialog', { name: 'Token for Garden BirdNET-Pi' });
    await dialog.getByText('Copy it now: it will not be shown again.').waitFor();
    const token = await dialog.getByLabel('Token', { exact: true }).inputValue();
    expect(token).toMatch(/^sbk_/);
    expect(await dialog.locator('pre').innerText()).toBe(
      `curl -H "Authorization: Bearer ${token}" -H "Content-Type: text/plain" --data-binary @BirdDB.txt "${baseURL}/api/detections/import?latitude=…&longitude=…"`,
    );
    await expectAccessible(page);
    await shootBothSizes(page, 'token-created', false);
    await page.setViewportSize({ width: 1280, height: 800 });
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'detached' });

    const station = (authorization: string) =>
      fetch(`${baseURL}/api/detections/import?dryRun=true`, {
        method: 'POST',
        headers: { Authorization: authorization, 'Content-Type': 'text/plain' },
        body: readFileSync(fixture('detections/BirdDB.txt')),
      });
    expect((await station(`Bearer ${token}`)).status).toBe(200);

    await page.reload();
    const row = section.getByRole('listitem').filter({ hasText: 'Garden BirdNET-Pi' });
    await row.getByText(/last used/).waitFor();
    expect(await page.content()).not.toContain(token); // shown once
    await shootBothSizes(page, 'tokens-section');
    await page.setViewportSize({ width: 1280, height: 800 });

    await row.getByRole('button', { name: 'Revoke Garden BirdNET-Pi' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Revoke Garden BirdNET-Pi?' });
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await confirm.waitFor({ state: 'detached' });
    await row.getByText('Revoked', { exact: true }).waitFor();
    expect(await row.getByRole('button', { name: /Revoke/ }).count()).toBe(0);
    expect((await station(`Bearer ${token}`)).status).toBe(401);
  });
});
