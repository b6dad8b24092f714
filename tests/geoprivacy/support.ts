import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { LogWriteInput } from '../../src/common/logs/schemas.js';
import { unzipText } from '../outings/support.js';
import { as, createLogAs, type TestUser } from '../support/helpers.js';

// What the location-privacy tests share: a nest's exact place, and every surface where a log or
// outing leaves its owner.

/** A nest by Cayuga Lake: its cell is 42.4–42.6 N, 76.6–76.4 W. */
export const NEST = { latitude: 42.443617, longitude: -76.501943 };
/**
 * Text that would give the nest away: its point to the 6 decimals it was logged with (an
 * obscured point has 5: it cannot hold them by chance), its name, its county, its id.
 */
export const GIVEAWAYS = ['42.443617', '76.501943', 'Smith', 'Tompkins', 'L123456'];

export const nestLog = (overrides: Partial<LogWriteInput> = {}): Partial<LogWriteInput> => ({
  speciesCommon: 'Bald Eagle',
  speciesScientific: 'Haliaeetus leucocephalus',
  ...NEST,
  coordinateUncertainty: 10,
  placeName: "Eagle nest, Smith's farm",
  county: 'Tompkins',
  stateProvince: 'New York',
  countryCode: 'US',
  locationId: 'L123456',
  isPublic: true,
  ...overrides,
});

/** occurrence.txt's rows by occurrenceID. */
export function occurrences(content: string): Map<string, Record<string, string>> {
  const [header, ...rows] = content
    .trimEnd()
    .split('\n')
    .map((line) => line.split('\t'));
  return new Map(
    rows.map((row) => {
      const record = Object.fromEntries(header!.map((name, i) => [name, row[i] ?? '']));
      return [record.occurrenceID!, record];
    }),
  );
}

export function surfacesOf(app: () => FastifyInstance) {
  const get = (url: string, user?: TestUser) =>
    app().inject({ method: 'GET', url, headers: user ? as(user) : {} });

  /** The public archive of the owner's logs, as text files. */
  async function publicArchive(owner: TestUser) {
    const res = await get('/api/export/dwca.zip?scope=public&sourced=include', owner);
    expect(res.statusCode, res.body).toBe(200);
    const files = await unzipText(res.rawPayload);
    return { files, rows: occurrences(files['occurrence.txt']!) };
  }

  /**
   * A log as others get it: its API reply, its page with the link preview, and its row in the
   * owner's public archive (`viewer`: signed in as them).
   */
  async function sharedLogSurfaces(owner: TestUser, id: string, viewer?: TestUser) {
    const api = await get(`/api/logs/shared/${id}`, viewer);
    expect(api.statusCode, api.body).toBe(200);
    const page = await get(`/shared/${id}`);
    expect(page.statusCode).toBe(200);
    const { files, rows } = await publicArchive(owner);
    return {
      json: api.json() as Record<string, unknown> & {
        latitude: number | null;
        longitude: number | null;
        placeName: string | null;
      },
      bodies: [api.body, page.body, ...Object.values(files)],
      row: rows.get(`urn:uuid:${id}`)!,
    };
  }

  return { get, publicArchive, sharedLogSurfaces };
}

export async function createPrivacyLog(
  app: FastifyInstance,
  user: TestUser,
  overrides: Partial<LogWriteInput> = {},
) {
  return createLogAs(app, user, nestLog(overrides));
}

/** No body holds any of the giveaways. */
export function expectNothingGivenAway(bodies: string[], giveaways = GIVEAWAYS) {
  for (const body of bodies) {
    for (const giveaway of giveaways) expect(body, giveaway).not.toContain(giveaway);
  }
}

export const inCell = (
  point: { latitude: number | null; longitude: number | null },
  cell: { south: number; west: number; north: number; east: number },
) =>
  point.latitude !== null &&
  point.longitude !== null &&
  point.latitude >= cell.south &&
  point.latitude < cell.north &&
  point.longitude >= cell.west &&
  point.longitude < cell.east;

export const NEST_CELL = { south: 42.4, west: -76.6, north: 42.6, east: -76.4 };
