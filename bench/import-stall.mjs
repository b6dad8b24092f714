// Does one user's big import stall everyone else? One user imports 50,000 rows shaped like a
// real "My eBird Data" download while other users' list requests are timed; the same requests
// without an import are the ceiling. Runs alternate (ceiling, import, ceiling, import…) and the
// medians of their percentiles are printed, with the import's as a ratio of the ceiling's.
//
//   npm run build && npm run bench:import            (embedded store)
//   node scripts/with-postgres.mjs node bench/import-stall.mjs   (PostgreSQL)
//
// IMPORT_ROWS (50,000), RUNS (3 of each) and READERS (2 users listing at once) can be set.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { requireBuild, signUp, startBuiltServer } from './built-app.mjs';

const ROWS = Number(process.env.IMPORT_ROWS ?? 50_000);
const RUNS = Number(process.env.RUNS ?? 3);
const READERS = Number(process.env.READERS ?? 2);
const CEILING_MS = 8_000; // how long a run without an import lists

const HEADER =
  'Submission ID,Common Name,Scientific Name,Taxonomic Order,Count,State/Province,County,Location ID,Location,Latitude,Longitude,Date,Time,Protocol,Duration (Min),All Obs Reported,Distance Traveled (km),Area Covered (ha),Number of Observers,Breeding Code,Observation Details,Checklist Comments,ML Catalog Numbers';
const SPECIES = [
  ['Canada Goose', 'Branta canadensis', 324],
  ['Mallard', 'Anas platyrhynchos', 464],
  ['Mourning Dove', 'Zenaida macroura', 2489],
  ['Red-tailed Hawk', 'Buteo jamaicensis', 8341],
  ['Downy Woodpecker', 'Dryobates pubescens', 11012],
  ['Blue Jay', 'Cyanocitta cristata', 21201],
  ['Black-capped Chickadee', 'Poecile atricapillus', 27380],
  ['American Robin', 'Turdus migratorius', 30014],
  ['European Starling', 'Sturnus vulgaris', 30591],
  ['House Finch', 'Haemorhous mexicanus', 32173],
  ['American Goldfinch', 'Spinus tristis', 32379],
  ['Song Sparrow', 'Melospiza melodia', 33244],
  ['Red-winged Blackbird', 'Agelaius phoeniceus', 33950],
  ['Northern Cardinal', 'Cardinalis cardinalis', 34601],
  ['Yellow-rumped Warbler', 'Setophaga coronata', 34310],
  ['Dark-eyed Junco', 'Junco hyemalis', 33050],
  ['White-breasted Nuthatch', 'Sitta carolinensis', 27770],
  ['Cedar Waxwing', 'Bombycilla cedrorum', 29190],
  ['Great Blue Heron', 'Ardea herodias', 5720],
  ['Killdeer', 'Charadrius vociferus', 5140],
];
const PLACES = [
  ['US-CO', 'Boulder', 'L1234567', 'Chautauqua Park', 39.999, -105.2817],
  ['US-KS', 'Johnson', 'L1196180', 'Lake Lenexa & Black Hoof Park', 38.9644909, -94.8400998],
  ['US-VT', 'Washington', 'L2345678', 'Downtown Montpelier', 44.25988, -72.576138],
  ['US-WA', 'King', 'L3456789', '"East Montlake Park, Seattle"', 47.6464533, -122.3002768],
  ['DE-BE', '', 'L2087612', 'Tempelhofer Feld', 52.4736, 13.4012],
];

/** Checklists of 5–20 species at a few places over ten years; short rows, as eBird writes them. */
function eBirdFile(rows, seed) {
  const lines = [HEADER];
  let checklist = 0;
  while (lines.length <= rows) {
    checklist += 1;
    const [region, county, locationId, location, lat, lon] = PLACES[checklist % PLACES.length];
    const day = new Date(Date.UTC(2016, 0, 1) + ((checklist * 7919) % 3650) * 86_400_000);
    const date = day.toISOString().slice(0, 10);
    const hour = 6 + (checklist % 11);
    const time = `${String(((hour + 11) % 12) + 1).padStart(2, '0')}:${String((checklist * 13) % 60).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`;
    const species = 5 + (checklist % 16);
    for (let s = 0; s < species && lines.length <= rows; s += 1) {
      const [name, scientific, order] = SPECIES[(checklist + s) % SPECIES.length];
      const count = (checklist + s) % 17 === 0 ? 'X' : String(1 + ((checklist * s) % 30));
      const base = `S${seed}${String(checklist).padStart(7, '0')},${name},${scientific},${order},${count},${region},${county},${locationId},${location},${lat},${lon},${date},${time},eBird - Traveling Count,${20 + (checklist % 120)},1,${(checklist % 50) / 10}`;
      // 19 cells mostly; a species comment (21), now and then a checklist comment (22).
      if (s === 1) lines.push(`${base},,1,,Foraging along the path`);
      else if (s === 2 && checklist % 3 === 0) lines.push(`${base},,2,,,"Windy, light rain"`);
      else lines.push(`${base},,1`);
    }
  }
  return `${lines.join('\n')}\n`;
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Each reader lists its first page over and over until `until()`; every latency in ms. */
async function listWhile(base, readers, until) {
  const latencies = [];
  await Promise.all(
    readers.map(async (headers) => {
      while (!until()) {
        const start = performance.now();
        const res = await fetch(`${base}/api/logs?page=1`, { headers });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`list answered ${res.status}`);
        latencies.push(performance.now() - start);
      }
    }),
  );
  const sorted = latencies.sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
  };
}

requireBuild();
const work = mkdtempSync(join(tmpdir(), 'sightbook-import-bench-'));
const server = await startBuiltServer({ DATA_DIR: join(work, 'data') });
try {
  const { base } = server;
  const readers = [];
  for (let index = 0; index < READERS; index += 1) {
    const headers = await signUp(base);
    const seeded = await fetch(`${base}/api/import`, {
      method: 'POST',
      headers: { cookie: headers.cookie, 'content-type': 'text/csv' },
      body: eBirdFile(2_000, 900 + index),
    });
    if (seeded.status !== 201) throw new Error(`seeding answered ${seeded.status}`);
    readers.push({ cookie: headers.cookie });
  }
  const file = eBirdFile(ROWS, 1);
  console.log(
    `${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'embedded store'}: ${ROWS.toLocaleString('en')} eBird rows (${(file.length / 1e6).toFixed(1)} MB), ${READERS} other users listing`,
  );

  const ceilings = [];
  const imports = [];
  for (let run = 0; run < RUNS; run += 1) {
    const stopAt = performance.now() + CEILING_MS;
    ceilings.push(await listWhile(base, readers, () => performance.now() > stopAt));

    const importer = await signUp(base);
    let done = false;
    const started = performance.now();
    const importing = fetch(`${base}/api/import?onInvalid=skip`, {
      method: 'POST',
      headers: { cookie: importer.cookie, 'content-type': 'text/csv' },
      body: file,
    }).then(async (res) => {
      const body = await res.json();
      done = true;
      if (res.status !== 201) throw new Error(`import answered ${res.status}: ${body.message}`);
      return body;
    });
    const during = await listWhile(base, readers, () => done);
    const result = await importing;
    const seconds = (performance.now() - started) / 1000;
    imports.push({ ...during, seconds, imported: result.imported });
    console.log(
      `run ${run + 1}: ceiling p99 ${ceilings[run].p99.toFixed(1)} ms; import of ${result.imported} rows in ${seconds.toFixed(1)} s, list p99 ${during.p99.toFixed(1)} ms over ${during.n} requests`,
    );
  }

  console.log('\nmedians of the runs   without import   during import   ratio');
  for (const key of ['p50', 'p95', 'p99']) {
    const ceiling = median(ceilings.map((r) => r[key]));
    const during = median(imports.map((r) => r[key]));
    console.log(
      `  ${key}                 ${ceiling.toFixed(1).padStart(8)} ms   ${during.toFixed(1).padStart(10)} ms   ${(during / ceiling).toFixed(2).padStart(5)}×`,
    );
  }
  console.log(`  import time           ${median(imports.map((r) => r.seconds)).toFixed(1)} s`);
} finally {
  await server.stop();
  rmSync(work, { recursive: true, force: true });
}
