import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import {
  IMPORT_ARCHIVE_TYPES,
  IMPORT_CONTENT_TYPES,
} from '../../src/common/data-exchange/import.js';
import { aLog, sampleImage, stores, uniqueEmail } from '../support/helpers.js';
import {
  startServerProcess,
  stopServerProcess,
  type ServerProcess,
} from '../support/server-processes.js';
import { tempDir } from '../support/temp-dirs.js';

// Issue 31: a 383-byte zip sent as application/zip froze the server for minutes (the NUL check
// walked the raw body stream, its socket and the server). Every body type the server accepts is
// sent here over real HTTP to a server process of its own (a frozen server must not freeze the
// test), and /healthz must answer within a second all the while.

/** A small zip holding one CSV, as a hostile or careless client would send it. */
function smallZip(): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from('species,count\nRobin,1\n'), 'sightings.csv');
  zip.end();
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

function multipartBody(boundary: string, name: string, body: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    body,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
}

describe.each(stores)('every accepted body type on $store', ({ databaseUrl }) => {
  let server: ServerProcess;
  let origin: string;
  const ada = { cookie: '' };
  beforeAll(async () => {
    // a small heap: a walk that never ends kills the process instead of the machine
    server = await startServerProcess(
      ['--max-old-space-size=256', '--import', 'tsx', 'src/server/main.ts'],
      {
        DATABASE_URL: databaseUrl,
        DATA_DIR: tempDir('bodies'),
      },
    );
    origin = server.url;
    const registered = await fetch(`${origin}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: uniqueEmail('bodies'), password: 'every body type' }),
    });
    expect(registered.status).toBe(201);
    ada.cookie = (registered.headers.get('set-cookie') ?? '').split(';')[0]!;
  });
  afterAll(() => stopServerProcess(server.child));

  /**
   * Sends the request while /healthz is asked every 50 ms; returns the reply's status and the
   * slowest health answer in milliseconds.
   */
  async function sendWhileWatching(url: string, init: RequestInit) {
    let slowest = 0;
    let done = false;
    const watch = (async () => {
      while (!done) {
        const started = performance.now();
        const health = await fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(5_000) });
        expect(health.status).toBe(200);
        slowest = Math.max(slowest, performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    try {
      const res = await fetch(`${origin}${url}`, {
        ...init,
        headers: { cookie: ada.cookie, ...init.headers },
        signal: AbortSignal.timeout(20_000),
      });
      await res.arrayBuffer();
      return { status: res.status, slowest };
    } finally {
      done = true;
      await watch;
    }
  }

  it.each(IMPORT_ARCHIVE_TYPES)(
    'reads a small zip sent as %s and stays responsive',
    async (type) => {
      const { status, slowest } = await sendWhileWatching('/api/import?dryRun=true', {
        method: 'POST',
        headers: { 'content-type': type },
        body: new Uint8Array(await smallZip()),
      });
      expect(status).toBeGreaterThanOrEqual(200);
      expect(status).toBeLessThan(500);
      expect(slowest).toBeLessThan(1_000);
    },
  );

  it.each(IMPORT_CONTENT_TYPES)('reads a CSV sent as %s and stays responsive', async (type) => {
    const csv = 'speciesCommon,count,observedAt\nRobin,1,2026-05-01T06:30\n';
    const { status, slowest } = await sendWhileWatching('/api/import?dryRun=true', {
      method: 'POST',
      headers: { 'content-type': type },
      body: csv,
    });
    expect(status).toBeGreaterThanOrEqual(200);
    expect(status).toBeLessThan(500);
    expect(slowest).toBeLessThan(1_000);
  });

  it('reads a zip or a CSV in a form, and refuses a truncated form with 400', async () => {
    const boundary = 'sightbook-boundary';
    const headers = { 'content-type': `multipart/form-data; boundary=${boundary}` };
    const whole = multipartBody(boundary, 'archive.zip', await smallZip());
    const sent = await sendWhileWatching('/api/import?dryRun=true', {
      method: 'POST',
      headers,
      body: new Uint8Array(whole),
    });
    expect(sent.status).toBeLessThan(500);
    expect(sent.slowest).toBeLessThan(1_000);

    const truncated = await sendWhileWatching('/api/import?dryRun=true', {
      method: 'POST',
      headers,
      body: new Uint8Array(whole.subarray(0, whole.length - 30)),
    });
    expect(truncated.status).toBe(400);
    expect(truncated.slowest).toBeLessThan(1_000);
  });

  it('reads JSON and plain text on a JSON route and stays responsive', async () => {
    const json = await sendWhileWatching('/api/logs', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(aLog({ notes: 'Line one\nLine two' })),
    });
    expect(json.status).toBe(201);
    expect(json.slowest).toBeLessThan(1_000);
    const text = await sendWhileWatching('/api/logs', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'speciesCommon=Robin',
    });
    expect(text.status).toBe(400);
    expect(text.slowest).toBeLessThan(1_000);
    // any other type is refused before its body is read
    for (const [url, type] of [
      ['/api/logs', 'application/x-www-form-urlencoded'],
      ['/api/import?dryRun=true', 'application/json'],
      ['/api/import?dryRun=true', 'image/png'],
    ]) {
      const refused = await sendWhileWatching(url!, {
        method: 'POST',
        headers: { 'content-type': type! },
        body: 'a=1',
      });
      expect(refused.status, `${url} ${type}`).toBe(415);
      expect(refused.slowest).toBeLessThan(1_000);
    }
  });

  it('takes a photo upload as its stream and stays responsive', async () => {
    const start = await fetch(`${origin}/api/photos/upload`, {
      method: 'POST',
      headers: { cookie: ada.cookie, 'content-type': 'application/json' },
      body: '{}',
    });
    const { uploadURL } = (await start.json()) as { uploadURL: string };
    const { status, slowest } = await sendWhileWatching(uploadURL, {
      method: 'PUT',
      headers: { 'content-type': 'image/png' },
      body: new Uint8Array(await sampleImage()),
    });
    expect(status).toBe(204);
    expect(slowest).toBeLessThan(1_000);
  });

  it('refuses a NUL in a JSON body or a query, and looks no further than parsed data', async () => {
    const body = await sendWhileWatching('/api/logs', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(aLog({ speciesCommon: 'Robin\u0000' })),
    });
    expect(body.status).toBe(400);
    const query = await sendWhileWatching('/api/logs?q=%00', { method: 'GET' });
    expect(query.status).toBe(400);
  });
});
