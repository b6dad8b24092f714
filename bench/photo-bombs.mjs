#!/usr/bin/env node
// Image bombs against the built server (local driver; embedded store, or PostgreSQL under
// scripts/with-postgres.mjs). Each run starts a fresh server and measures:
//  1. its resident memory at rest and at its peak while one 16000×16000 JPEG (1.5 MB) is
//     completed (refused, once PHOTO_MAX_PIXELS works);
//  2. an ordinary 12-megapixel upload's completion from one user, alone and while another user's
//     four bombs are being completed: 16000² JPEGs, animated GIFs (500×500, 300 frames) and
//     49-megapixel JPEGs (under the limit, so always processed). Goal: ≤ 2 s.
// The kinds alternate within every run; medians over the runs are printed. Needs `npm run build`.
// Usage: node bench/photo-bombs.mjs [runs=3]
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { peakRssDuring, requireBuild, rssMb, signUp, startBuiltServer } from './built-app.mjs';

const runs = Number(process.argv[2] ?? 3);
requireBuild();

const solidJpeg = (width, height) =>
  sharp({ create: { width, height, channels: 3, background: '#3a7' } })
    .jpeg()
    .toBuffer();

/** An animated GIF whose frames all differ (no encoder merges them): small file, slow to decode. */
async function animatedGif(side, frames) {
  const frame = side * side * 3;
  const pixels = Buffer.alloc(frame * frames);
  for (let i = 0; i < frames; i++) {
    pixels.fill(
      Buffer.from([(i * 37) % 256, (i * 91) % 256, (i * 13) % 256]),
      i * frame,
      (i + 1) * frame,
    );
  }
  return sharp(pixels, {
    raw: { width: side, height: side * frames, channels: 3, pageHeight: side },
  })
    .gif()
    .toBuffer();
}

console.log('making the images…');
const ordinary = await sharp({
  create: {
    width: 4000,
    height: 3000,
    channels: 3,
    background: '#5a8',
    noise: { type: 'gaussian', mean: 128, sigma: 20 },
  },
})
  .jpeg({ quality: 82 })
  .toBuffer();
const bombs = {
  '16000² JPEG': await solidJpeg(16000, 16000),
  'animated GIF': await animatedGif(500, 300),
  '49 MP JPEG': await solidJpeg(7000, 7000),
};

/** The upload URL and PUT of one photo, ready to complete. */
async function uploaded(base, headers, body) {
  const start = await fetch(`${base}/api/photos/upload`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ size: body.length }),
  }).then((r) => r.json());
  const put = await fetch(`${base}${start.uploadURL}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/octet-stream' },
    body,
  });
  if (put.status !== 204) throw new Error(`PUT answered ${put.status}`);
  return start.uploadURL;
}

/** PUT /api/photos/complete: its status, message and how long it took (ms). */
async function complete(base, headers, photoURL) {
  const started = performance.now();
  const res = await fetch(`${base}/api/photos/complete`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({ photoURL }),
  });
  const body = await res.json();
  return { status: res.status, message: body.message, ms: performance.now() - started };
}

const results = { rest: [], peak: [], rise: [], alone: [], refusal: new Set() };
for (const kind of Object.keys(bombs)) results[kind] = [];

for (let run = 1; run <= runs; run++) {
  const work = await mkdtemp(join(tmpdir(), 'sightbook-bench-bombs-'));
  const server = await startBuiltServer({ DATA_DIR: join(work, 'data') });
  try {
    const { base, pid } = server;
    const ada = await signUp(base);
    const bob = await signUp(base);

    // 1. memory while one 16000² bomb is completed
    const bombUrl = await uploaded(base, ada, bombs['16000² JPEG']);
    await new Promise((resolve) => setTimeout(resolve, 500)); // let the PUT's buffers settle
    const rest = await rssMb(pid);
    const { peak, result } = await peakRssDuring(pid, () => complete(base, ada, bombUrl));
    results.rest.push(rest);
    results.peak.push(peak);
    results.rise.push(peak - rest);
    results.refusal.add(`${result.status} ${result.message ?? ''}`.trim());

    // 2. an ordinary upload alone, then behind four bombs of each kind
    results.alone.push((await complete(base, bob, await uploaded(base, bob, ordinary))).ms);
    for (const [kind, bomb] of Object.entries(bombs)) {
      const bombUrls = await Promise.all([1, 2, 3, 4].map(() => uploaded(base, ada, bomb)));
      const photoURL = await uploaded(base, bob, ordinary);
      const bombing = Promise.all(bombUrls.map((url) => complete(base, ada, url)));
      await new Promise((resolve) => setTimeout(resolve, 100)); // the bombs are in first
      const mine = await complete(base, bob, photoURL);
      if (mine.status !== 200) throw new Error(`the ordinary upload answered ${mine.status}`);
      results[kind].push(mine.ms);
      const done = await bombing;
      console.log(
        `run ${run}: behind four ${kind}: ${mine.ms.toFixed(0)} ms (bombs: ${done.map((b) => `${b.status} in ${(b.ms / 1000).toFixed(1)} s`).join(', ')})`,
      );
    }
    console.log(
      `run ${run}: RSS at rest ${rest.toFixed(0)} MB, peak while the 16000² bomb was completed ${peak.toFixed(0)} MB (${result.status})`,
    );
  } finally {
    await server.stop();
    await rm(work, { recursive: true, force: true });
  }
}

const median = (values) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)];
console.log(
  `\nmedians of ${runs} runs (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'embedded store'}):`,
);
console.log(
  `server RSS at rest ${median(results.rest).toFixed(0)} MB, peak while a 16000² JPEG is completed ${median(results.peak).toFixed(0)} MB (rise +${median(results.rise).toFixed(0)} MB); answer: ${[...results.refusal].join(' | ')}`,
);
console.log(`ordinary 12 MP upload completed alone: ${median(results.alone).toFixed(0)} ms`);
for (const kind of Object.keys(bombs)) {
  console.log(
    `ordinary upload behind another user's four ${kind}: ${median(results[kind]).toFixed(0)} ms (goal ≤ 2000 ms)`,
  );
}
