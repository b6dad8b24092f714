#!/usr/bin/env node
// Photo uploads through the built server with the local driver: N photos of about 5 MB (real
// 12-megapixel JPEGs) PUT to their signed URLs, then completed one by one (type check,
// thumbnail, share preview and metadata-free copy made with sharp). Prints the upload
// throughput against streaming the same bytes from file to file with fs in the same run (the
// ceiling), the server's peak resident memory (VmHWM) after the uploads and at the end, and the
// completion time per photo. Needs `npm run build` first.
// Usage: node bench/photos.mjs [photos=50] [concurrency=4]
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { requireBuild, signUp, startBuiltServer } from './built-app.mjs';

const photos = Number(process.argv[2] ?? 50);
const concurrency = Number(process.argv[3] ?? 4);
requireBuild();

/** A 4000x3000 JPEG of noise at high quality: about 5 MB, like a phone photo. */
async function twelveMegapixelJpeg(seed) {
  const width = 4000;
  const height = 3000;
  const pixels = Buffer.alloc(width * height * 3);
  let state = seed * 2654435761;
  for (let i = 0; i < pixels.length; i++) {
    state = (state * 1103515245 + 12345) >>> 0;
    pixels[i] = ((i / 3) % width) / 16 + (state >>> 26); // a gradient with grain
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 82 })
    .toBuffer();
}

const work = await mkdtemp(join(tmpdir(), 'sightbook-bench-photos-'));
const server = await startBuiltServer({ DATA_DIR: join(work, 'data') });
const { base } = server;

try {
  const headers = await signUp(base);

  const images = await Promise.all([1, 2, 3, 4, 5].map(twelveMegapixelJpeg));
  const bytesOf = (i) => images[i % images.length];
  const totalBytes = Array.from({ length: photos }, (_, i) => bytesOf(i).length).reduce(
    (a, b) => a + b,
  );

  const inParallel = async (task) => {
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < photos) await task(next++);
      }),
    );
  };
  const rssMb = async () => {
    const status = await readFile(`/proc/${server.pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+) kB/.exec(status)[1]) / 1024;
  };
  /** The highest resident size seen while `task` runs (sampled every 10 ms). */
  async function peakDuring(task) {
    let peak = await rssMb();
    let running = true;
    const sampler = (async () => {
      while (running) {
        peak = Math.max(peak, await rssMb());
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();
    try {
      await task();
    } finally {
      running = false;
      await sampler;
    }
    return peak;
  }

  // The ceiling: the same bytes streamed from file to file by fs, as many at a time.
  const sources = await Promise.all(
    images.map(async (image, i) => {
      const path = join(work, `source-${i}.jpg`);
      await writeFile(path, image);
      return path;
    }),
  );
  const copyStart = performance.now();
  await inParallel((i) =>
    pipeline(
      createReadStream(sources[i % sources.length]),
      createWriteStream(join(work, `copy-${i}.jpg`)),
    ),
  );
  const copySeconds = (performance.now() - copyStart) / 1000;

  // A second reference: a bare node:http server streaming the same PUTs to disk (no app).
  const bare = createServer((request, response) => {
    pipeline(request, createWriteStream(join(work, `bare-${Math.random()}`))).then(
      () => response.writeHead(204).end(),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise((resolve) => bare.listen(0, '127.0.0.1', resolve));
  const bareStart = performance.now();
  await inParallel(async (i) => {
    await fetch(`http://127.0.0.1:${bare.address().port}/`, { method: 'PUT', body: bytesOf(i) });
  });
  const bareSeconds = (performance.now() - bareStart) / 1000;
  bare.close();

  // 1. the uploads: upload URL, then the PUT of the whole file to it
  const uploadUrls = [];
  const restingRss = await rssMb();
  const uploadStart = performance.now();
  const uploadPeak = await peakDuring(() =>
    inParallel(async (i) => {
      const body = bytesOf(i);
      const start = await fetch(`${base}/api/photos/upload`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ size: body.length }),
      }).then((r) => r.json());
      const put = await fetch(`${base}${start.uploadURL}`, {
        method: 'PUT',
        headers: { 'content-type': 'image/jpeg' },
        body,
      });
      if (put.status !== 204) throw new Error(`PUT answered ${put.status}`);
      uploadUrls[i] = start.uploadURL;
    }),
  );
  const uploadSeconds = (performance.now() - uploadStart) / 1000;

  // 2. the completions, one by one: type check, thumbnail, preview, metadata-free copy
  const completeMs = [];
  const overallPeak = await peakDuring(async () => {
    for (const photoURL of uploadUrls) {
      const started = performance.now();
      const complete = await fetch(`${base}/api/photos/complete`, {
        method: 'PUT',
        headers,
        body: JSON.stringify({ photoURL }),
      });
      if (complete.status !== 200) throw new Error(`complete answered ${complete.status}`);
      completeMs.push(performance.now() - started);
    }
  });

  const mb = totalBytes / 1024 / 1024;
  const sorted = completeMs.toSorted((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  console.log(
    `photos: ${photos} × ${(mb / photos).toFixed(1)} MB (12 MP JPEG), ${concurrency} at a time`,
  );
  console.log(`upload throughput: ${(mb / uploadSeconds).toFixed(0)} MB/s`);
  console.log(`fs stream copy (ceiling): ${(mb / copySeconds).toFixed(0)} MB/s`);
  console.log(`ratio upload / fs copy: ${(copySeconds / uploadSeconds).toFixed(2)} (goal ≥ 0.5)`);
  console.log(
    `bare node:http PUT to disk: ${(mb / bareSeconds).toFixed(0)} MB/s (ratio upload / bare: ${(bareSeconds / uploadSeconds).toFixed(2)})`,
  );
  console.log(`database: ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'embedded (PGlite)'}`);
  console.log(
    `server RSS at rest ${restingRss.toFixed(0)} MB, peak during uploads ${uploadPeak.toFixed(0)} MB (+${(uploadPeak - restingRss).toFixed(0)} MB; goal ≤ 150 MB)`,
  );
  console.log(
    `completion per 12 MP JPEG (thumbnail + preview + metadata-free copy): median ${at(0.5).toFixed(0)} ms, p90 ${at(0.9).toFixed(0)} ms`,
  );
  console.log(`server peak RSS during completions: ${overallPeak.toFixed(0)} MB`);
} finally {
  await server.stop();
  await rm(work, { recursive: true, force: true });
}
