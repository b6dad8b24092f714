#!/usr/bin/env node
// Photo uploads through the built server with the local driver: N photos of about 5 MB (real
// 12-megapixel JPEGs) PUT to their signed URLs, then completed one by one (type check,
// thumbnail, share preview and metadata-free copy made with sharp). Prints the upload
// throughput against streaming the same bytes from file to file with fs in the same run (the
// ceiling), the server's peak resident memory (VmHWM) after the uploads and at the end, and the
// completion time per photo; P6 of issue 38: the uploads beside a bare node:http server taking
// the same PUTs, alternated BENCH_ROUNDS (3) times, with where the cores went. BENCH_SERVER_FLAGS
// adds node flags to the server (--cpu-prof …). Needs `npm run build` first.
// Usage: node bench/photos.mjs [photos=50] [concurrency=4]
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { requireBuild, signUp, startBuiltServer } from './built-app.mjs';
import { cpuShares } from './pgbench.mjs';

const photos = Number(process.argv[2] ?? 50);
const concurrency = Number(process.argv[3] ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3); // the server's uploads and bare node:http's, alternated
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
// uploads need no species backbone: a first start's seed would share the rounds' cores
const server = await startBuiltServer({ DATA_DIR: join(work, 'data'), SEED_TAXA: 'false' });
const { base } = server;

try {
  let headers = await signUp(base);

  const images = await Promise.all([1, 2, 3, 4, 5].map(twelveMegapixelJpeg));
  const bytesOf = (i) => images[i % images.length];
  const totalBytes = Array.from({ length: photos }, (_, i) => bytesOf(i).length).reduce(
    (a, b) => a + b,
  );
  const mb = totalBytes / 1024 / 1024;

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

  // P6's ceiling: a bare node:http server streaming the same PUTs to disk (no app). It and the
  // server take turns, ROUNDS times (the machine's speed drifts within minutes); each of the
  // server's rounds is a new user's, so the quota counts one round's photos.
  const bare = createServer((request, response) => {
    pipeline(request, createWriteStream(join(work, `bare-${Math.random()}`))).then(
      () => response.writeHead(204).end(),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise((resolve) => bare.listen(0, '127.0.0.1', resolve));
  const bareUploads = () =>
    inParallel(async (i) => {
      await fetch(`http://127.0.0.1:${bare.address().port}/`, { method: 'PUT', body: bytesOf(i) });
    });

  // 1. the uploads: upload URL, then the PUT of the whole file to it
  let uploadUrls = [];
  const serverUploads = async () => {
    const owner = await signUp(base);
    uploadUrls = [];
    await inParallel(async (i) => {
      const body = bytesOf(i);
      const start = await fetch(`${base}/api/photos/upload`, {
        method: 'POST',
        headers: owner,
        body: JSON.stringify({ size: body.length }),
      }).then((r) => r.json());
      const put = await fetch(`${base}${start.uploadURL}`, {
        method: 'PUT',
        headers: { 'content-type': 'image/jpeg' },
        body,
      });
      if (put.status !== 204) throw new Error(`PUT answered ${put.status}`);
      uploadUrls[i] = start.uploadURL;
    });
    return owner;
  };
  const restingRss = await rssMb();
  const rounds = [];
  let uploadPeak = 0;
  for (let round = 0; round < ROUNDS; round += 1) {
    const bareRun = await cpuShares(server.pid, async () => {
      const started = performance.now();
      await bareUploads();
      return (performance.now() - started) / 1000;
    });
    let peak = 0;
    const serverRun = await cpuShares(server.pid, async () => {
      const started = performance.now();
      peak = await peakDuring(async () => (headers = await serverUploads()));
      return (performance.now() - started) / 1000;
    });
    uploadPeak = Math.max(uploadPeak, peak);
    rounds.push({ bare: bareRun.result, served: serverRun.result });
    console.log(
      `round ${round + 1}: server ${(mb / serverRun.result).toFixed(0)} MB/s (${serverRun.text}) | ` +
        `bare node:http ${(mb / bareRun.result).toFixed(0)} MB/s (${bareRun.text})`,
    );
  }
  bare.close();
  const median = (values) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)];
  const uploadSeconds = median(rounds.map((r) => r.served));
  const bareSeconds = median(rounds.map((r) => r.bare));

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

  const sorted = completeMs.toSorted((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  console.log(
    `photos: ${photos} × ${(mb / photos).toFixed(1)} MB (12 MP JPEG), ${concurrency} at a time`,
  );
  console.log(`upload throughput: ${(mb / uploadSeconds).toFixed(0)} MB/s`);
  console.log(`fs stream copy (ceiling): ${(mb / copySeconds).toFixed(0)} MB/s`);
  console.log(`ratio upload / fs copy: ${(copySeconds / uploadSeconds).toFixed(2)} (goal ≥ 0.5)`);
  const p6 = bareSeconds / uploadSeconds;
  console.log(
    `P6 bare node:http PUT to disk: ${(mb / bareSeconds).toFixed(0)} MB/s; ratio upload / bare ` +
      `(medians of ${ROUNDS}): ${p6.toFixed(2)} (goal ≥ 0.85: ${p6 >= 0.85 ? 'met' : 'MISSED'})`,
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
