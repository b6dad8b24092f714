import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.js';
import {
  baseURL,
  createLog,
  createOuting,
  expectAccessible,
  signUp,
  type SignedIn,
} from './support.js';

// Issue 37: a log's recordings play on its details page, its shared page and its outing's page,
// the playhead moving over the spectrogram; a visitor hears the copy without the metadata.

const SHOTS = '/tmp/shots-player';
const PHONE = { width: 390, height: 844 };
/** A phone with a touch screen: its controls are 44 × 44 px at least (issue 34). */
const TOUCH_PHONE = { viewport: PHONE, hasTouch: true, isMobile: true };
const DESKTOP = { width: 1280, height: 800 };
const SECONDS = 12;
const POSITION = 'Loc Position:54.75656 -1.59106';

/** A RIFF chunk, padded to an even length. */
function chunk(id: string, body: Buffer) {
  const head = Buffer.alloc(8);
  head.write(id, 0, 'latin1');
  head.writeUInt32LE(body.length, 4);
  return Buffer.concat([head, body, Buffer.alloc(body.length % 2)]);
}

/**
 * `seconds` of a whistle rising from 2 to 3 kHz each second, 16 kHz mono WAV, with a Song Meter's
 * GUANO after the sound (the recorder's position: the owner's only).
 */
function recorderWav(seconds: number, hz = 2000) {
  const rate = 16_000;
  const sound = Buffer.alloc(seconds * rate * 2);
  for (let i = 0; i < seconds * rate; i += 1) {
    const t = i / rate;
    const phase = 2 * Math.PI * (hz * t + 500 * (t % 1) ** 2);
    sound.writeInt16LE(Math.round(9000 * Math.sin(phase)), i * 2);
  }
  const format = Buffer.alloc(16);
  format.writeUInt16LE(1, 0); // PCM
  format.writeUInt16LE(1, 2);
  format.writeUInt32LE(rate, 4);
  format.writeUInt32LE(rate * 2, 8);
  format.writeUInt16LE(2, 12);
  format.writeUInt16LE(16, 14);
  const guano = Buffer.from(`GUANO|Version:1.0\nMake:Wildlife Acoustics, Inc.\n${POSITION}\n`);
  return chunk(
    'RIFF',
    Buffer.concat([
      Buffer.from('WAVE'),
      chunk('fmt ', format),
      chunk('data', sound),
      chunk('guan', guano),
    ]),
  );
}

/** The recordings' three calls, as `uploadRecording` makes them: the object path. */
async function uploadRecording(context: BrowserContext, bytes: Buffer) {
  const start = await context.request.post('/api/recordings/upload', {
    data: { size: bytes.length },
  });
  const { uploadURL } = (await start.json()) as { uploadURL: string };
  const put = await context.request.put(uploadURL, {
    data: bytes,
    headers: { 'content-type': 'audio/wav' },
  });
  expect(put.status()).toBe(204);
  const complete = await context.request.put('/api/recordings/complete', {
    data: { recordingURL: uploadURL },
  });
  expect(complete.status(), await complete.text()).toBe(200);
  return ((await complete.json()) as { objectPath: string }).objectPath;
}

interface Audio {
  currentTime: number;
  paused: boolean;
  currentSrc: string;
}
const audioOf = (player: Locator) => player.locator('audio');
const audioState = (player: Locator) =>
  audioOf(player).evaluate((node) => {
    const { currentTime, paused, currentSrc } = node as unknown as Audio;
    return { currentTime, paused, currentSrc };
  });
const playheadX = async (player: Locator) =>
  (await player.getByTestId('playhead').boundingBox())!.x;

/** Waits until the spectrogram has arrived and been decoded. */
async function spectrogramLoaded(player: Locator) {
  const image = player.getByRole('img', { name: /^Spectrogram of the / });
  await image.scrollIntoViewIfNeeded();
  await expect
    .poll(() => image.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
    .toBeGreaterThan(0);
}

/** Play until the sound has gone on a while, then the playhead has moved along; paused again. */
async function playsWithMovingPlayhead(player: Locator) {
  const before = await playheadX(player);
  await player.getByRole('button', { name: 'Play recording' }).click();
  await player.getByRole('button', { name: 'Pause recording' }).waitFor();
  await expect
    .poll(async () => (await audioState(player)).currentTime, { timeout: 10_000 })
    .toBeGreaterThan(1.2);
  expect(await playheadX(player)).toBeGreaterThan(before + 3);
  await player.getByRole('button', { name: 'Pause recording' }).click();
  await player.getByRole('button', { name: 'Play recording' }).waitFor();
}

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

let browser: Browser;
let ada: SignedIn;
let outingId: string;
let logId: string;
let path: string;
beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
  ada = await signUp(browser, { viewport: DESKTOP, timezoneId: 'UTC' });
  ({ id: outingId } = await createOuting(ada.context, {
    startedAt: '2026-05-02T05:10:00Z',
    protocol: 'stationary',
    complete: true,
    placeName: 'Wicken Fen',
    isPublic: true,
  }));
  path = await uploadRecording(ada.context, recorderWav(SECONDS));
  const second = await uploadRecording(ada.context, recorderWav(6, 3000));
  ({ id: logId } = await createLog(ada.context, {
    speciesCommon: 'Nightingale',
    speciesScientific: 'Luscinia megarhynchos',
    observedAt: '2026-05-02T05:20:00Z',
    placeName: 'Wicken Fen',
    outingId,
    uploadedRecordingUrls: [path],
  }));
  await createLog(ada.context, {
    speciesCommon: 'Cetti’s Warbler',
    observedAt: '2026-05-02T05:40:00Z',
    outingId,
    uploadedRecordingUrls: [second],
  });
});
afterAll(async () => {
  await browser?.close();
});

describe('the recording player', () => {
  it('plays on the details page, its playhead moving, and seeks where the spectrogram is clicked', async () => {
    const { page } = ada;
    await page.goto(`/logs/${logId}`);
    await page.getByRole('heading', { name: 'Recordings' }).waitFor();
    const player = page.getByTestId('recording-player');
    await spectrogramLoaded(player);
    await player.getByRole('img', { name: 'Spectrogram of the recording, 0–8 kHz' }).waitFor(); // 16 kHz: up to half the rate
    await expect
      .poll(() => player.getByTestId('recording-clock').textContent())
      .toBe('0:00 / 0:12');
    const link = player.getByRole('link', { name: 'Download original' });
    expect(await link.getAttribute('href')).toBe(path);

    await playsWithMovingPlayhead(player);
    expect((await audioState(player)).currentSrc).toBe(`${baseURL}${path}`); // no MP3 copy

    // the spectrogram's middle is the recording's middle
    const slider = player.getByRole('slider', { name: 'Position in the recording' });
    const box = (await slider.boundingBox())!;
    await slider.click({ position: { x: box.width / 2, y: box.height / 2 } });
    await expect
      .poll(async () => (await audioState(player)).currentTime)
      .toBeCloseTo(SECONDS / 2, 0);
    await expect.poll(() => slider.getAttribute('aria-valuenow')).toBe('6');
    expect(await slider.getAttribute('aria-valuetext')).toBe('0:06 of 0:12');
    const playhead = (await player.getByTestId('playhead').boundingBox())!;
    expect(playhead.x + playhead.width / 2).toBeCloseTo(box.x + box.width / 2, -1);
    await shoot(page, 'details-desktop');

    // a slider for the keyboard too: 5 s a step, Home and End
    await slider.press('ArrowRight');
    await expect.poll(() => slider.getAttribute('aria-valuenow')).toBe('11');
    await slider.press('Home');
    await expect.poll(() => slider.getAttribute('aria-valuenow')).toBe('0');
    await slider.press('End');
    await expect.poll(() => slider.getAttribute('aria-valuenow')).toBe('12');
    await expectAccessible(page);

    const phone = await browser.newContext({ ...TOUCH_PHONE, baseURL, locale: 'en-US' });
    await phone.addCookies(await ada.context.cookies());
    const onPhone = await phone.newPage();
    await onPhone.goto(`/logs/${logId}`);
    await spectrogramLoaded(onPhone.getByTestId('recording-player'));
    const play = (await onPhone.getByRole('button', { name: 'Play recording' }).boundingBox())!;
    expect(Math.min(play.width, play.height)).toBeGreaterThanOrEqual(44);
    await shoot(onPhone, 'details-phone');
    await phone.close();
  });

  it("plays the shared page's copy, without the recorder's metadata, to a visitor", async () => {
    const visitor = await browser.newContext({ ...TOUCH_PHONE, baseURL, locale: 'en-US' });
    const page = await visitor.newPage();
    await page.goto(`/shared/${logId}`);
    await page.getByRole('heading', { name: 'Wildlife Sighting' }).waitFor();
    const player = page.getByTestId('recording-player');
    await spectrogramLoaded(player);
    await playsWithMovingPlayhead(player);
    // a finger seeks where it is lifted
    const slider = player.getByRole('slider');
    const box = (await slider.boundingBox())!;
    await slider.tap({ position: { x: box.width / 4, y: box.height / 2 } });
    await expect.poll(() => slider.getAttribute('aria-valuenow')).toBe('3');

    const heard = await visitor.request.get((await audioState(player)).currentSrc);
    expect(heard.status()).toBe(200);
    expect((await heard.body()).includes(POSITION)).toBe(false);
    const original = await ada.context.request.get(path);
    expect((await original.body()).includes(POSITION)).toBe(true);
    await shoot(page, 'shared-phone');
    await visitor.close();
  });

  it("lists the outing's recordings under their species, one sounding at a time", async () => {
    const { page } = ada;
    await page.goto(`/outings/${outingId}`);
    await page.getByRole('heading', { name: 'Recordings' }).waitFor();
    const players = page.getByTestId('outing-recording');
    await expect.poll(() => players.count()).toBe(2);
    const [first, second] = [players.nth(0), players.nth(1)];
    await first.getByText('Nightingale', { exact: true }).waitFor();
    await second.getByText('Cetti’s Warbler', { exact: true }).waitFor();
    await spectrogramLoaded(first);
    await spectrogramLoaded(second);
    await first
      .getByRole('img', { name: 'Spectrogram of the Nightingale recording, 0–8 kHz' })
      .waitFor();

    await first.getByRole('button', { name: 'Play recording' }).click();
    await expect
      .poll(async () => (await audioState(first)).currentTime, { timeout: 10_000 })
      .toBeGreaterThan(0.3);
    await second.getByRole('button', { name: 'Play recording' }).click();
    await expect
      .poll(async () => (await audioState(second)).currentTime, { timeout: 10_000 })
      .toBeGreaterThan(0.3);
    expect((await audioState(first)).paused).toBe(true);
    await first.getByRole('button', { name: 'Play recording' }).waitFor();
    await second.getByRole('button', { name: 'Pause recording' }).click();
    await expectAccessible(page);
    await shoot(page, 'outing-desktop');
    await page.setViewportSize(PHONE);
    await shoot(page, 'outing-phone');
    await page.setViewportSize(DESKTOP);

    const visitor = await browser.newContext({ baseURL, locale: 'en-US', viewport: DESKTOP });
    const shared = await visitor.newPage();
    await shared.goto(`/shared/outings/${outingId}`);
    await shared.getByRole('heading', { name: 'Recordings' }).waitFor();
    await expect.poll(() => shared.getByTestId('outing-recording').count()).toBe(2);
    await spectrogramLoaded(shared.getByTestId('outing-recording').first());
    await shoot(shared, 'shared-outing-desktop');
    await visitor.close();
  });

  it('says so in the card when the sound cannot be played', async () => {
    const { page } = ada;
    await page.route(`**${path}`, (route) => route.abort());
    await page.goto(`/logs/${logId}`);
    const player = page.getByTestId('recording-player');
    await spectrogramLoaded(player); // the spectrogram still shows
    await player.getByRole('button', { name: 'Play recording' }).click();
    await player.getByRole('alert').getByText('This recording could not be played.').waitFor();
    await page.unroute(`**${path}`);
  });
});
