import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_A_RECORDING_MESSAGE } from '../src/common/recordings.js';
import { launchBrowser } from './browser.js';
import { baseURL, expectAccessible, shoot, signUp } from './support.js';

// Sound recordings made in the browser (issue 37), with Chromium's fake microphone (a beep a
// half-second) and its permission prompt answered yes: the outing tally's Record button, then
// the log form's Record and Upload Recording.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser([
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
  ]);
});
afterAll(async () => {
  await browser?.close();
});

interface ServerLog {
  id: string;
  speciesCommon: string;
  observedAt: string;
  latitude: number | null;
  outingId: string | null;
  recordings: Array<{ url: string; spectrogramUrl: string; durationSeconds: number; mime: string }>;
}

/** Asked from outside the browser, with the page's session. */
async function server(context: BrowserContext, path: string): Promise<Response> {
  const cookie = (await context.cookies()).map((one) => `${one.name}=${one.value}`).join('; ');
  return fetch(`${baseURL}${path}`, { headers: { cookie } });
}
async function serverLogs(context: BrowserContext): Promise<ServerLog[]> {
  const response = await server(context, '/api/logs?pageSize=100');
  expect(response.status).toBe(200);
  return ((await response.json()) as { items: ServerLog[] }).items;
}

/** Each recording's spectrogram is drawn: a PNG the owner gets. */
async function expectSpectrograms(context: BrowserContext, log: ServerLog) {
  for (const recording of log.recordings) {
    const picture = await server(context, recording.spectrogramUrl);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/png');
  }
}

const fixture = (name: string) => ({
  name,
  mimeType: 'audio/mpeg',
  buffer: readFileSync(`tests/fixtures/audio/${name}`),
});

describe('recording in the outing tally', () => {
  it('records 3 s, asks the species, and the outing ends with it on that log', async () => {
    const here = { latitude: 51.5072, longitude: -0.1276, accuracy: 12 };
    const { context, page } = await signUp(browser, {
      permissions: ['geolocation'],
      geolocation: here,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    await page.goto('/');
    await page.getByRole('button', { name: 'Start outing' }).click();
    await page.waitForURL((url) => url.pathname === '/outings/tally');
    await page.getByTestId('tally-distance').filter({ hasText: '0.00 km' }).waitFor();

    const record = page.getByRole('button', { name: 'Record', exact: true });
    const box = await record.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(56);
    expect(box!.width).toBeGreaterThan(390 - 2 * 16 - 2); // the column's width on a phone
    await shoot(page, 'tally-record-390');
    const pressed = Date.now();
    await record.click();
    const stop = page.getByRole('button', { name: /^Stop \d:\d\d$/ });
    await stop.waitFor();
    // the outing cannot end under a recording: it would be lost with the page
    expect(await page.getByRole('button', { name: 'End outing' }).isDisabled()).toBe(true);
    await page.waitForTimeout(3000);
    await expect.poll(() => stop.textContent()).toMatch(/Stop 0:0[2-4]/);
    await stop.click();

    const dialog = page.getByRole('dialog', { name: 'Which species is this?' });
    await dialog.getByRole('combobox', { name: 'Which species is this?' }).fill('Song Thrush');
    await expectAccessible(page);
    await shoot(page, 'tally-species-390');
    await dialog
      .getByRole('option', { name: /^(Use "Song Thrush"|Song Thrush)/ })
      .first()
      .click();
    await dialog.waitFor({ state: 'detached' });
    const row = page
      .getByTestId('tally-entry')
      .filter({ has: page.getByRole('heading', { name: 'Song Thrush' }) });
    await row.getByText('1 recording').waitFor();
    expect(await row.getByTestId('tally-count').textContent()).toBe('1');

    await page.getByRole('button', { name: 'End outing' }).click();
    await page
      .getByRole('dialog', { name: 'End outing' })
      .getByRole('button', { name: 'Save outing' })
      .click();
    await page.waitForURL((url) => /^\/outings\/[0-9a-f-]{36}$/.test(url.pathname));

    const [log, ...others] = await serverLogs(context);
    expect(others).toEqual([]);
    expect(log).toMatchObject({ speciesCommon: 'Song Thrush', latitude: here.latitude });
    expect(log!.outingId).toBe(new URL(page.url()).pathname.split('/').at(-1));
    // the log's time is when the sound began: after Record was pressed, within a second or two
    const began = Date.parse(log!.observedAt);
    expect(began).toBeGreaterThanOrEqual(pressed - 1000);
    expect(began).toBeLessThan(pressed + 5000);
    expect(log!.recordings).toHaveLength(1);
    const [recording] = log!.recordings;
    expect(recording!.durationSeconds).toBeGreaterThan(2.5);
    expect(recording!.durationSeconds).toBeLessThan(4);
    expect(recording!.mime).toBe('audio/mp4'); // Chromium records Opus in MP4
    await expectSpectrograms(context, log!);

    // the outing's page shows it: its spectrogram drawn, and it plays
    const player = page.getByTestId('outing-recording').filter({ hasText: 'Song Thrush' });
    const spectrogram = player.getByRole('img', { name: /^Spectrogram of the Song Thrush / });
    await expect
      .poll(() =>
        spectrogram.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth),
      )
      .toBeGreaterThan(0);
    await player.getByRole('button', { name: 'Play recording' }).click();
    await expect
      .poll(
        () =>
          player
            .locator('audio')
            .evaluate((audio) => (audio as unknown as { currentTime: number }).currentTime),
        {
          timeout: 10_000,
        },
      )
      .toBeGreaterThan(0.3);
    await context.close();
  });
});

describe('recording in the log form', () => {
  async function newLog(page: Page, species: string) {
    await page.goto('/logs/new');
    await page.getByRole('combobox', { name: 'Common Name', exact: true }).click();
    await page.getByPlaceholder('Type to search or add new...').fill(species);
    await page.getByRole('option', { name: `Use "${species}"`, exact: true }).click();
    return page.getByRole('group', { name: 'Sound Recordings' });
  }
  const items = (field: ReturnType<Page['getByRole']>) => field.getByTestId('form-recording');
  const sent = (field: ReturnType<Page['getByRole']>) =>
    expect.poll(() => field.getByText('Uploading…').count()).toBe(0);

  it('records 2 s and uploads a file, and the saved log has both', async () => {
    for (const width of [1280, 390]) {
      const { context, page } = await signUp(browser, {
        viewport: { width, height: width === 390 ? 844 : 800 },
      });
      const field = await newLog(page, 'Blackbird');
      await field.getByRole('button', { name: 'Record', exact: true }).click();
      const stop = field.getByRole('button', { name: /^Stop \d:\d\d$/ });
      await stop.waitFor();
      await page.waitForTimeout(2000);
      await stop.click();
      await items(field).first().waitFor();
      await sent(field);
      await field.getByLabel('Recording files').setInputFiles(fixture('song.mp3'));
      await field.getByText('song.mp3').waitFor();
      await sent(field);
      expect(await items(field).count()).toBe(2);
      await expect.poll(() => items(field).first().textContent()).toMatch(/^Recording 0:0[1-3]/);
      await field.scrollIntoViewIfNeeded();
      await expectAccessible(page);
      await shoot(page, `form-recordings-${width}`);
      const remove = field.getByRole('button', { name: 'Remove song.mp3' });
      const box = await remove.boundingBox();
      expect(Math.min(box!.width, box!.height)).toBeGreaterThanOrEqual(44);

      await page.getByRole('button', { name: /^Create( Log)?$/ }).click();
      await page.waitForURL((url) => /^\/logs\/[0-9a-f-]{36}$/.test(url.pathname));
      const [log] = await serverLogs(context);
      expect(log!.recordings.map((recording) => recording.mime)).toEqual([
        'audio/mp4',
        'audio/mpeg',
      ]);
      expect(log!.recordings[0]!.durationSeconds).toBeGreaterThan(1.5);
      expect(log!.recordings[1]!.durationSeconds).toBeCloseTo(3, 1);
      await expectSpectrograms(context, log!);

      // editing keeps them; one removed is gone from the log
      await page.goto(`/logs/${log!.id}/edit`);
      const editing = page.getByRole('group', { name: 'Sound Recordings' });
      await expect.poll(() => items(editing).count()).toBe(2);
      await items(editing)
        .nth(1)
        .getByRole('button', { name: /^Remove Recording 0:0\d$/ })
        .click();
      await page.getByRole('button', { name: 'Update Log' }).click();
      await page.waitForURL((url) => url.pathname === `/logs/${log!.id}`);
      const [edited] = await serverLogs(context);
      expect(edited!.recordings.map((recording) => recording.mime)).toEqual(['audio/mp4']);
      await context.close();
    }
  });

  it("refuses a text file named .mp3 with the server's message and keeps nothing", async () => {
    const { context, page } = await signUp(browser);
    const field = await newLog(page, 'Wren');
    await field.getByLabel('Recording files').setInputFiles(fixture('text.mp3'));
    await field
      .getByRole('alert')
      .filter({ hasText: `Could not add text.mp3. ${NOT_A_RECORDING_MESSAGE}` })
      .waitFor();
    expect(await items(field).count()).toBe(0);
    await page.getByRole('button', { name: 'Create Log' }).click();
    await page.waitForURL((url) => /^\/logs\/[0-9a-f-]{36}$/.test(url.pathname));
    const [log] = await serverLogs(context);
    expect(log).toMatchObject({ speciesCommon: 'Wren', recordings: [] });
    await context.close();
  });

  it('says recordings need a connection while offline, as photos do', async () => {
    const { context, page } = await signUp(browser);
    const field = await newLog(page, 'Dunnock');
    await context.setOffline(true);
    await field
      .getByRole('status')
      .filter({ hasText: 'Recordings need a connection: you can save this log offline' })
      .waitFor();
    expect(await field.getByRole('button', { name: 'Record', exact: true }).isDisabled()).toBe(
      true,
    );
    expect(await field.getByRole('button', { name: 'Upload Recording' }).isDisabled()).toBe(true);
    await context.setOffline(false);
    await expect
      .poll(() => field.getByRole('button', { name: 'Record', exact: true }).isDisabled())
      .toBe(false);
    await context.close();
  });
});
