// npm run lint:openapi: builds the app (in-memory database), writes its OpenAPI document and
// lints it with Redocly's recommended rules (redocly.yaml). Runs offline: Redocly's telemetry and
// update check are off. `-- --out openapi.json` keeps the document; other arguments go to
// `redocly lint` (e.g. `--format=json`, which tests/server/openapi-lint.test.ts reads).
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';

const root = new URL('../', import.meta.url).pathname;
const args = process.argv.slice(2);
const outAt = args.indexOf('--out');
const out = outAt >= 0 ? resolve(args[outAt + 1] ?? 'openapi.json') : undefined;
const redoclyArgs = outAt >= 0 ? args.toSpliced(outAt, 2) : args;

const dir = mkdtempSync(join(tmpdir(), 'sightbook-openapi-'));
try {
  const config = loadConfig({
    DATA_DIR: dir,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
  });
  const app = await buildApp({ ...config, embeddedDatabase: 'memory://' });
  await app.ready();
  const file = out ?? join(dir, 'openapi.json');
  writeFileSync(file, `${JSON.stringify(app.swagger(), null, 2)}\n`);
  await app.close();

  const redocly = spawnSync(
    process.execPath,
    [
      join(root, 'node_modules/@redocly/cli/bin/cli.js'),
      'lint',
      file,
      '--config',
      join(root, 'redocly.yaml'),
      ...redoclyArgs,
    ],
    {
      stdio: 'inherit',
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    },
  );
  process.exitCode = redocly.status ?? 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
