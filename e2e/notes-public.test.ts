import type { Browser } from 'playwright-core';
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.js';
import { baseURL, createLog, createOuting, signUp, type SignedIn } from './support.js';

// One rule for notes (issue 34, decision 025): a public log's notes are public wherever the log
// is (its shared page, its outing's shared page, the public archive), the form says so under the
// field and the export dialog does not call them private; a private log's notes are nowhere.

let browser: Browser;
let ada: SignedIn;
beforeAll(async () => {
  browser = await launchBrowser();
  ada = await signUp(browser, { timezoneId: 'UTC' });
});
afterAll(async () => {
  await ada?.context.close();
  await browser?.close();
});

/** The files of a zip, as text. */
async function unzip(zip: Buffer): Promise<Record<string, string>> {
  const archive = await yauzl.fromBufferPromise(zip);
  const files: Record<string, string> = {};
  await new Promise<void>((resolve, reject) => {
    archive.on('entry', (entry: yauzl.Entry) => {
      void archive.openReadStreamPromise(entry).then(async (stream) => {
        const chunks: Buffer[] = [];
        for await (const chunk of stream) chunks.push(chunk as Buffer);
        files[entry.fileName] = Buffer.concat(chunks).toString('utf8');
        archive.readEntry();
      }, reject);
    });
    archive.on('end', resolve);
    archive.on('error', reject);
    archive.readEntry();
  });
  return files;
}

describe('notes of public and private logs', () => {
  it('shows a public log’s notes on every public surface and a private one’s on none', async () => {
    const PUBLIC_NOTE = 'Pair at the nest box by the orchard gate';
    const PRIVATE_NOTE = 'Roost behind the neighbour’s shed';
    const outing = await createOuting(ada.context, {
      startedAt: '2026-05-02T06:00:00Z',
      protocol: 'traveling',
      complete: true,
      isPublic: true,
    });
    const owl = await createLog(ada.context, {
      speciesCommon: 'Little Owl',
      notes: PUBLIC_NOTE,
      isPublic: true,
      outingId: outing.id,
      observedAt: '2026-05-02T06:30:00Z',
    });
    const hidden = await createLog(ada.context, {
      speciesCommon: 'Tawny Owl',
      notes: PRIVATE_NOTE,
      isPublic: false,
      outingId: outing.id,
      observedAt: '2026-05-02T06:40:00Z',
    });

    // the form says it, under the field
    const { page } = ada;
    await page.goto('/logs/new');
    await page
      .getByText(
        'Shown with the log wherever it is public: its shared page and exports for publishing.',
      )
      .waitFor();

    const visitor = await browser.newContext({ baseURL, locale: 'en-US' });
    const seen = await visitor.newPage();
    await seen.goto(`/shared/${owl.id}`);
    await seen.getByText(PUBLIC_NOTE).waitFor();
    await seen.goto(`/shared/${hidden.id}`);
    await seen.getByRole('heading', { name: 'Log not found' }).waitFor();
    expect(await seen.getByText(PRIVATE_NOTE).count()).toBe(0);
    await seen.goto(`/shared/outings/${outing.id}`);
    await seen.getByText(PUBLIC_NOTE).waitFor();
    expect(await seen.content()).not.toContain(PRIVATE_NOTE);
    const api = await visitor.request.get(`/api/logs/shared/${owl.id}`);
    expect(((await api.json()) as { notes: string }).notes).toBe(PUBLIC_NOTE);
    await visitor.close();

    // the export dialog says notes come with the public archive, which carries them
    await page.goto('/');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('radio', { name: /Darwin Core Archive/ }).check();
    await dialog
      .getByText(/public ones come as their shared pages show them, notes included/)
      .waitFor();
    expect(await dialog.getByText(/private notes|notes are private/i).count()).toBe(0);
    const archive = await ada.context.request.get('/api/export/dwca.zip?scope=public');
    expect(archive.status()).toBe(200);
    const files = await unzip(await archive.body());
    expect(files['occurrence.txt']).toContain(PUBLIC_NOTE);
    expect(Object.values(files).join('\n')).not.toContain(PRIVATE_NOTE);
  });
});
