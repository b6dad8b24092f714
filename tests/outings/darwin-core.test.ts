import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { parse } from 'csv-parse/sync';
import { XMLParser } from 'fast-xml-parser';
import { buildApp } from '../../src/server/app.js';
import {
  as,
  createLogAs,
  getFor,
  signUp,
  stores,
  testConfig,
  type TestUser,
} from '../support/helpers.js';
import { unzipText } from './support.js';

// Darwin Core of outings (issue 22): a log of an outing names its sampling event (eventID), the
// protocol and the effort; a complete outing's logs say so, and eml.xml says what follows.

const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' });
const asList = <T>(value: T | T[]) => (Array.isArray(value) ? value : [value]);
const DWC = 'http://rs.tdwg.org/dwc/terms/';

/** occurrence.txt read as meta.xml describes it: each row's cells by the term's name. */
function occurrences(files: Record<string, string>) {
  const core = xml.parse(files['meta.xml']!).archive.core;
  expect(core.fieldsTerminatedBy).toBe('\\t');
  expect(core.fieldsEnclosedBy).toBe('');
  const fields = asList(core.field as Array<{ index: string; term: string }>);
  const lines = files[core.files.location]!.split('\n').slice(Number(core.ignoreHeaderLines));
  return lines
    .filter((line) => line !== '')
    .map((line) => {
      const cells = line.split('\t');
      return Object.fromEntries(
        fields.map(({ index, term }) => [term.replace(DWC, ''), cells[Number(index)]!]),
      );
    });
}

/** The paragraphs of eml.xml's methods, in order. */
const methods = (files: Record<string, string>): string[] =>
  asList(xml.parse(files['eml.xml']!)['eml:eml'].dataset.methods.methodStep).map(
    (step: { description: { para: string } }) => step.description.para,
  );

describe.each(stores)('Darwin Core of outings on $store', ({ databaseUrl }) => {
  let app: FastifyInstance;
  let ada: TestUser;
  let walk: string; // complete, traveling: a Wren and a Robin
  let sit: string; // not complete, stationary: a Heron
  const ids: Record<string, string> = {};
  const get = getFor(() => app);

  const startOuting = async (payload: Record<string, unknown>) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/outings',
      headers: as(ada),
      payload: { startedAt: '2026-05-02T06:10:00+01:00', timeZone: 'Europe/London', ...payload },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };

  beforeAll(async () => {
    app = await buildApp(testConfig({ databaseUrl }));
    ada = await signUp(app, 'dwc');
    walk = await startOuting({
      protocol: 'traveling',
      durationMinutes: 90,
      distanceKm: 2.4,
      partySize: 3,
      complete: true,
    });
    sit = await startOuting({ protocol: 'stationary', durationMinutes: 20, partySize: 1 });
    for (const [species, outingId] of [
      ['Wren', walk],
      ['Robin', walk],
      ['Heron', sit],
      ['Kestrel', null],
    ] as const) {
      ids[species] = (await createLogAs(app, ada, { speciesCommon: species, outingId })).id;
    }
  });
  afterAll(() => app.close());

  const expected = {
    Wren: {
      eventID: () => `urn:uuid:${walk}`,
      samplingProtocol: 'Traveling count',
      samplingEffort: '90 minutes, 2.4 km, 3 observers',
      dynamicProperties: '{"allSpeciesReported":true}',
    },
    Heron: {
      eventID: () => `urn:uuid:${sit}`,
      samplingProtocol: 'Stationary count',
      samplingEffort: '20 minutes, 1 observer',
      dynamicProperties: '{"allSpeciesReported":false}',
    },
    Kestrel: {
      eventID: () => '',
      samplingProtocol: '',
      samplingEffort: '',
      dynamicProperties: '',
    },
  };
  const cellsOf = (row: Record<string, string>) => ({
    eventID: row.eventID,
    samplingProtocol: row.samplingProtocol,
    samplingEffort: row.samplingEffort,
    dynamicProperties: row.dynamicProperties,
  });

  it('names the event, protocol and effort in the Darwin Core CSV', async () => {
    const res = await get(ada, '/api/export.csv?format=dwc');
    expect(res.statusCode).toBe(200);
    const rows = parse(res.body, { bom: true, columns: true }) as Array<Record<string, string>>;
    const byId = new Map(rows.map((row) => [row.occurrenceID, row]));
    for (const [species, cells] of Object.entries(expected)) {
      expect(cellsOf(byId.get(`urn:uuid:${ids[species]}`)!), species).toEqual({
        ...cells,
        eventID: cells.eventID(),
      });
    }
    // the two logs of one outing are one event
    expect(byId.get(`urn:uuid:${ids.Robin}`)!.eventID).toBe(`urn:uuid:${walk}`);
    expect(JSON.parse(byId.get(`urn:uuid:${ids.Wren}`)!.dynamicProperties!)).toEqual({
      allSpeciesReported: true,
    });
  });

  it('carries them in the archive, and says in eml.xml when absence can be inferred', async () => {
    const res = await get(ada, '/api/export/dwca.zip');
    expect(res.statusCode).toBe(200);
    const files = await unzipText(res.rawPayload);
    const rows = occurrences(files);
    expect(rows).toHaveLength(4);
    const byId = new Map(rows.map((row) => [row.occurrenceID, row]));
    for (const [species, cells] of Object.entries(expected)) {
      expect(cellsOf(byId.get(`urn:uuid:${ids[species]}`)!), species).toEqual({
        ...cells,
        eventID: cells.eventID(),
      });
    }
    const [presence, events, complete] = methods(files);
    expect(presence).toContain('every record is a presence');
    expect(events).toContain('Records with an eventID were made on an outing');
    expect(events).toContain('samplingEffort');
    expect(complete).toContain(
      'Where dynamicProperties reads {"allSpeciesReported":true}, the observers reported every species',
    );
    expect(complete).toContain('can be inferred absent');
  });

  it('states only what holds: no complete outing, no inference', async () => {
    // one outing's logs: the Heron's, not complete
    const some = await get(ada, `/api/export/dwca.zip?outingId=${sit}`);
    const files = await unzipText(some.rawPayload);
    expect(occurrences(files)).toHaveLength(1);
    const steps = methods(files);
    expect(steps).toHaveLength(2);
    expect(steps.join(' ')).not.toContain('inferred absent');

    const bea = await signUp(app, 'no-outings');
    await createLogAs(app, bea, { speciesCommon: 'Kestrel' });
    const plain = await unzipText((await get(bea, '/api/export/dwca.zip')).rawPayload);
    expect(methods(plain)).toEqual([expect.stringContaining('the absence of a species cannot')]);
  });
});
