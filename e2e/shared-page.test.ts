import type { Browser, BrowserContext } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.js';
import { baseURL, createLog, expectAccessible, pathOf, signUp, type SignedIn } from './support.js';

let browser: Browser;
let ada: SignedIn;
beforeAll(async () => {
  browser = await launchBrowser();
  ada = await signUp(browser, { timezoneId: 'UTC' });
});
afterAll(async () => {
  await browser?.close();
});

/** The upload flow of SPEC §4 through the API; returns the stored object path. */
async function uploadPhoto(context: BrowserContext): Promise<string> {
  const start = await context.request.post('/api/photos/upload');
  const { uploadURL } = (await start.json()) as { uploadURL: string };
  const image = await sharp({
    create: { width: 800, height: 600, channels: 3, background: { r: 90, g: 120, b: 60 } },
  })
    .png()
    .toBuffer();
  const put = await context.request.put(uploadURL, {
    headers: { 'content-type': 'image/png' },
    data: image,
  });
  expect(put.status()).toBe(204);
  const complete = await context.request.put('/api/photos/complete', {
    data: { photoURL: uploadURL },
  });
  return ((await complete.json()) as { objectPath: string }).objectPath;
}

const metaSelector = (key: string) => `meta[property="${key}"], meta[name="${key}"]`;

describe('sharing through the device share sheet', () => {
  it('hands title, text and link to navigator.share, and says nothing when cancelled', async () => {
    const context = await browser.newContext({ baseURL, locale: 'en-US' });
    await context.addInitScript({
      content: `
        window.shared = [];
        navigator.share = async (data) => {
          if (window.cancelShare) throw new DOMException('Share canceled', 'AbortError');
          window.shared.push(data);
        };`,
    });
    await context.request.post('/api/auth/register', {
      data: { email: `sheet-${Date.now()}@example.com`, password: 'correct horse battery' },
    });
    const owl = await createLog(context, {
      speciesCommon: 'Barn Owl',
      count: 2,
      placeName: 'Marsh Lane',
    });
    const page = await context.newPage();
    await page.goto(`/logs/${owl.id}`);
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    await expect.poll(() => page.evaluate('window.shared.length')).toBe(1);
    expect(await page.evaluate('window.shared[0]')).toEqual({
      title: 'Barn Owl sighting',
      text: 'Check out the 2 Barn Owl I spotted at Marsh Lane!',
      url: `${baseURL}/shared/${owl.id}`,
    });

    await page.evaluate('window.cancelShare = true');
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    await page.waitForTimeout(300);
    expect(await page.locator('[data-sonner-toast]').count()).toBe(0);
    await context.close();
  });
});

describe('the public shared log page', () => {
  it('shows the read-only card to a visitor, with title and preview tags restored on leaving', async () => {
    const owl = await createLog(ada.context, {
      speciesCommon: 'Barn Owl',
      speciesScientific: 'Tyto alba',
      count: 3,
      placeName: 'Marsh Lane',
      description: 'Hunting at dusk',
    });
    const visitor = await browser.newContext({ baseURL, locale: 'en-US', timezoneId: 'UTC' });
    const page = await visitor.newPage();
    await page.goto(`/shared/${owl.id}`);
    await page.getByRole('heading', { name: 'Wildlife Sighting' }).waitFor();
    await page.getByRole('heading', { name: 'Barn Owl' }).waitFor();
    await page.getByText('3 observed').waitFor();
    await page.getByText('Hunting at dusk').waitFor();
    expect(await page.getByRole('switch').count()).toBe(0); // read-only
    const today = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }).format(new Date());
    await page.getByText(`Shared on ${today} • Powered by Sightbook`).waitFor();
    expect(await page.title()).toBe('Barn Owl sighting at Marsh Lane - Sightbook');
    expect(await page.locator(metaSelector('og:title')).getAttribute('content')).toBe(
      'Barn Owl sighting at Marsh Lane',
    );
    await expectAccessible(page);

    // client-side navigation away puts the page's own title back
    await page.evaluate(
      "history.pushState(null, '', '/no-such-page'); dispatchEvent(new PopStateEvent('popstate'))",
    );
    await page.getByRole('heading', { name: '404 - Page Not Found' }).waitFor();
    expect(await page.locator(metaSelector('og:title')).count()).toBe(0);
    expect(await page.title()).toBe('Page Not Found - Sightbook'); // that page's own (issue 23)
    await visitor.close();
  });

  it.each(['private', 'missing'])('says a %s log is not found, with a way home', async (kind) => {
    const log = await createLog(ada.context, { speciesCommon: 'Secret Owl', isPublic: false });
    const id = kind === 'private' ? log.id : '00000000-0000-4000-8000-000000000000';
    const visitor = await browser.newContext({ baseURL, locale: 'en-US' });
    const page = await visitor.newPage();
    await page.goto(`/shared/${id}`);
    await page.getByRole('heading', { name: 'Log not found' }).waitFor();
    await page.getByText("This log is either private or doesn't exist.").waitFor();
    expect(await page.getByText('Secret Owl').count()).toBe(0);
    await page.getByRole('link', { name: 'Go to Home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(pathOf(page)).toBe('/');
    await visitor.close();
  });

  it('serves the link preview in the HTML itself, escaped, for crawlers that run no script', async () => {
    const photo = await uploadPhoto(ada.context);
    const withPhoto = await createLog(ada.context, {
      speciesCommon: '</title><script>alert(1)</script>',
      placeName: 'Marsh Lane',
      uploadedPhotoUrls: [photo],
    });
    const plain = await createLog(ada.context, { speciesCommon: 'Wren', count: 2 });

    const html = await (await fetch(`${baseURL}/shared/${withPhoto.id}`)).text();
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain(
      '<meta property="og:title" content="&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; sighting at Marsh Lane" />',
    );
    expect(html).toContain(`<meta property="og:image" content="${baseURL}${photo}/preview.jpg" />`);
    expect(html).toContain('<meta property="og:image:width" content="1200" />');
    expect(html).toContain('<meta property="og:image:height" content="630" />');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    const preview = await fetch(`${baseURL}${photo}/preview.jpg`);
    expect(preview.status).toBe(200);
    const size = await sharp(Buffer.from(await preview.arrayBuffer())).metadata();
    expect([size.width, size.height]).toEqual([1200, 630]);

    const plainHtml = await (await fetch(`${baseURL}/shared/${plain.id}`)).text();
    expect(plainHtml).toContain('<meta name="twitter:card" content="summary" />');
    expect(plainHtml).toContain(
      '<meta property="og:description" content="2 Wren observed on May 1, 2026" />',
    );
    expect(plainHtml).not.toContain('og:image');
  });
});
