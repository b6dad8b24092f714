import { describe, expect, it } from 'vitest';
import { logWriteSchema, type Log, type LogWriteInput } from '../../../../common/logs/schemas';
import { parseIsoDateTime } from '../../../../common/dates';
import { formValues, newLogValues, toRequest } from './form-values';
import { toWritePayload } from './log-payload';

const BERLIN = 'Europe/Berlin';

/** What the form hands over on save: its values through the schema, as the resolver does. */
const saved = (values: LogWriteInput) => logWriteSchema.parse(values);
const form = (changes: Partial<LogWriteInput>): LogWriteInput => ({
  ...newLogValues(),
  speciesCommon: 'Steller’s Jay',
  observedAt: '2024-01-06T10:40',
  ...changes,
});

const log: Log = {
  id: 'a0000000-0000-4000-8000-000000000001',
  userId: 'b0000000-0000-4000-8000-000000000002',
  speciesCommon: 'Steller’s Jay',
  speciesScientific: null,
  taxon: null,
  count: 2,
  countKind: 'counted',
  observedAt: '2024-01-06T17:40:00.000Z',
  timeZone: 'America/Denver',
  timeKnown: true,
  placeName: 'Boulder',
  latitude: 40.015,
  longitude: -105.27,
  coordinateUncertainty: 12,
  description: null,
  notes: null,
  isPublic: false,
  showExactLocation: false,
  createdAt: '2024-01-06T18:00:00.000Z',
  updatedAt: '2024-01-06T18:00:00.000Z',
  firstOfSpecies: true,
  outingId: null,
  county: null,
  stateProvince: null,
  countryCode: null,
  locationId: null,
  breedingCode: null,
  captive: false,
  mediaUrls: [],
  sourceUrl: null,
  locationPrivacy: 'open',
  locationEmbargoUntil: null,
  locationShown: { level: 'open', reason: null },
  unusual: null,
  review: null,
  photos: [],
  recordings: [],
};

describe('the form payload', () => {
  it.each([
    ['Asia/Calcutta', 'Asia/Kolkata'],
    ['Europe/Kiev', 'Europe/Kyiv'],
    ['America/Buenos_Aires', 'America/Argentina/Buenos_Aires'],
  ])("records a browser in %s by the zone's IANA name, %s", (browser, iana) => {
    const was = process.env.TZ;
    process.env.TZ = browser; // Node takes it at once, Intl too; Chrome's ICU names these old
    try {
      expect(newLogValues().timeZone).toBe(iana);
    } finally {
      if (was === undefined) delete process.env.TZ;
      else process.env.TZ = was;
    }
  });

  it("records the browser's zone with a new log and sends the time with its offset", () => {
    const values = newLogValues();
    expect(values.timeZone).toBe(new Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(values.timeKnown).toBe(true);

    const request = toRequest(saved(form({ timeZone: BERLIN })), BERLIN);
    expect(request).toMatchObject({
      observedAt: '2024-01-06T10:40:00+01:00',
      timeZone: BERLIN,
      timeKnown: true,
    });
  });

  it("sends a time taken in the place's zone with that zone's offset", () => {
    const request = toRequest(saved(form({ timeZone: 'America/Denver' })), BERLIN);
    expect(request.observedAt).toBe('2024-01-06T10:40:00-07:00');
    expect(parseIsoDateTime(request.observedAt as string)?.toISOString()).toBe(
      '2024-01-06T17:40:00.000Z',
    );
    expect(request.timeZone).toBe('America/Denver');
  });

  it('stores a date-only log at noon of its day at the place', () => {
    const denver = toRequest(
      saved(form({ timeZone: 'America/Denver', timeKnown: false, observedAt: '2024-01-06T08:15' })),
      BERLIN,
    );
    expect(denver).toMatchObject({ observedAt: '2024-01-06T12:00:00-07:00', timeKnown: false });
    // a log from before zones were kept: noon UTC, as it was stored
    const noZone = toRequest(saved(form({ timeZone: null, timeKnown: false })), BERLIN);
    expect(noZone).toMatchObject({ observedAt: '2024-01-06T12:00:00Z', timeZone: null });
  });

  it('reads a time in a gap of summer time forward', () => {
    // 02:30 on 2024-03-31 does not exist in Berlin: it is 03:30 summer time
    const request = toRequest(saved(form({ timeZone: BERLIN, observedAt: '2024-03-31T02:30' })));
    expect(request.observedAt).toBe('2024-03-31T03:30:00+02:00');
  });

  it('sends the coordinate uncertainty with coordinates only', () => {
    const located = { latitude: 40.015, longitude: -105.27, coordinateUncertainty: 12 };
    expect(toRequest(saved(form(located))).coordinateUncertainty).toBe(12);
    const cleared = { ...located, latitude: null, longitude: null };
    expect(toRequest(saved(form(cleared))).coordinateUncertainty).toBeNull();
    expect(() => saved(form({ ...located, coordinateUncertainty: 0 }))).toThrow(
      'Coordinate uncertainty must be at least 1 metre',
    );
  });
});

describe("an existing log's form", () => {
  it("shows the time at the log's place, whatever the browser's zone", () => {
    expect(formValues(log, BERLIN)).toMatchObject({
      observedAt: '2024-01-06T10:40',
      timeZone: 'America/Denver',
      coordinateUncertainty: 12,
    });
  });

  it('sends an unchanged log back as it was', () => {
    const request = toRequest(saved(formValues(log, BERLIN)), BERLIN);
    expect(parseIsoDateTime(request.observedAt as string)?.toISOString()).toBe(log.observedAt);
    expect(request).toMatchObject({
      timeZone: 'America/Denver',
      timeKnown: true,
      coordinateUncertainty: 12,
    });
    const dateOnly = { ...log, observedAt: '2024-01-06T19:00:00.000Z', timeKnown: false };
    expect(formValues(dateOnly, BERLIN).observedAt).toBe('2024-01-06T12:00');
    const back = toRequest(saved(formValues(dateOnly, BERLIN)), BERLIN);
    expect(parseIsoDateTime(back.observedAt as string)?.toISOString()).toBe(dateOnly.observedAt);
  });

  it("keeps a log without a zone without one, read in the browser's zone", () => {
    const old = { ...log, timeZone: null };
    expect(formValues(old, BERLIN).observedAt).toBe('2024-01-06T18:40');
    expect(toRequest(saved(formValues(old, BERLIN)), BERLIN)).toMatchObject({
      observedAt: '2024-01-06T18:40:00+01:00',
      timeZone: null,
    });
  });

  it('keeps an X or a 0 as it is (issue 32)', () => {
    const uncounted = { ...log, count: null, countKind: 'present' as const };
    expect(saved(formValues(uncounted, BERLIN))).toMatchObject({
      count: null,
      countKind: 'present',
    });
    const evidence = { ...log, count: 0, countKind: 'evidence' as const };
    expect(saved(toWritePayload(evidence))).toMatchObject({ count: 0, countKind: 'evidence' });
  });

  it("keeps the location privacy and embargo, and leaves a new log's to the account", () => {
    const obscured: Log = {
      ...log,
      locationPrivacy: 'obscured',
      locationEmbargoUntil: '2027-06-01',
    };
    expect(toRequest(saved(formValues(obscured, BERLIN)), BERLIN)).toMatchObject({
      locationPrivacy: 'obscured',
      locationEmbargoUntil: '2027-06-01',
    });
    // the server applies the account's default to a create without a level (issue 35)
    expect(toRequest(saved(form({})))).not.toHaveProperty('locationPrivacy');
    expect(toRequest(saved(form({ locationPrivacy: 'private' }))).locationPrivacy).toBe('private');
  });

  it('keeps the zone, date-only flag and uncertainty on a sharing update', () => {
    expect(
      saved({ ...toWritePayload({ ...log, timeKnown: false }), isPublic: true }),
    ).toMatchObject({
      timeZone: 'America/Denver',
      timeKnown: false,
      coordinateUncertainty: 12,
      isPublic: true,
    });
  });
});
