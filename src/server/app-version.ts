import { readFileSync } from 'node:fs';

// What package.json says of the app: its version and licence (the API document, the archive).
export const { version: appVersion, license: appLicense } = JSON.parse(
  readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
) as { version: string; license: string };
