import { describe, expect, it } from 'vitest';
import { logSchema, type Log, type LogWriteInput } from '../../../common/logs/schemas';
import { withPendingEdit } from './pending-edit';

const upload = (n: number) => `/objects/uploads/${n}1111111-1111-4111-8111-111111111111`;

const log: Log = {
  id: 'a0000000-0000-4000-8000-000000000001',
  userId: 'b0000000-0000-4000-8000-000000000002',
  speciesCommon: 'Barn Owl',
  speciesScientific: 'Tyto alba',
  taxon: null,
  count: 1,
  countKind: 'counted',
  observedAt: '2026-05-01T06:30:00.000Z',
  timeZone: 'Europe/London',
  timeKnown: true,
  placeName: 'Marsh Lane',
  latitude: 51.5,
  longitude: -0.12,
  coordinateUncertainty: 30,
  description: null,
  notes: null,
  isPublic: true,
  showExactLocation: false,
  createdAt: '2026-05-01T07:00:00.000Z',
  updatedAt: '2026-05-01T07:00:00.000Z',
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
  recordings: [],
  photos: [
    {
      id: 'c0000000-0000-4000-8000-000000000003',
      url: 'https://example.com/owl.jpg',
      sourceType: 'external',
      label: 'On the fence',
    },
    {
      id: 'd0000000-0000-4000-8000-000000000004',
      url: upload(1),
      sourceType: 'uploaded',
      label: 'In flight',
    },
    {
      id: 'e0000000-0000-4000-8000-000000000005',
      url: 'https://example.com/gone.jpg',
      sourceType: 'external',
      label: null,
    },
  ],
};

const edit: LogWriteInput = {
  speciesCommon: 'Tawny Owl',
  speciesScientific: 'Strix aluco',
  count: 2,
  observedAt: '2026-05-01T08:30:00+02:00',
  placeName: 'Marsh Lane',
  latitude: 51.5,
  longitude: -0.12,
  description: 'Calling',
  notes: null,
  isPublic: true,
  showExactLocation: true,
  photoLinks: ['https://example.com/owl.jpg', 'https://example.com/new.jpg'],
  uploadedPhotoUrls: [upload(1), upload(2)],
};

describe('the preview of an edit queued offline', () => {
  it('is a log of the API shape with the edited fields, showExactLocation too', () => {
    const preview = withPendingEdit(log, edit);
    expect(logSchema.parse(preview)).toEqual(preview);
    expect(preview).toMatchObject({
      id: log.id,
      userId: log.userId,
      speciesCommon: 'Tawny Owl',
      count: 2,
      observedAt: '2026-05-01T06:30:00.000Z',
      description: 'Calling',
      showExactLocation: true,
      createdAt: log.createdAt,
    });
  });

  it('keeps the photos: links then uploads, known ones with their ids and labels', () => {
    const { photos } = withPendingEdit(log, edit);
    expect(photos).toEqual([
      log.photos[0],
      {
        id: expect.any(String),
        url: 'https://example.com/new.jpg',
        sourceType: 'external',
        label: null,
      },
      log.photos[1],
      { id: expect.any(String), url: upload(2), sourceType: 'uploaded', label: null },
    ]);
    expect(new Set(photos.map((photo) => photo.id)).size).toBe(4);
    expect(withPendingEdit(log, edit).photos).toEqual(photos); // the same on every render
    expect(withPendingEdit(log, { ...edit, photoLinks: [], uploadedPhotoUrls: [] }).photos).toEqual(
      [],
    );
  });

  it('shows an edit that keeps an X as present, not counted (issue 32)', () => {
    const uncounted = withPendingEdit(log, { ...edit, count: null, countKind: 'present' });
    expect(uncounted).toMatchObject({ count: null, countKind: 'present' });
    // a queued edit from before countKind: a count of individuals
    expect(withPendingEdit(log, edit)).toMatchObject({ count: 2, countKind: 'counted' });
  });

  it('keeps what the source record brought when the edit leaves it out, as the server does', () => {
    const imported: Log = { ...log, county: 'Boulder', breedingCode: 'FY', captive: true };
    expect(withPendingEdit(imported, edit)).toMatchObject({
      county: 'Boulder',
      breedingCode: 'FY',
      captive: true,
    });
    expect(
      withPendingEdit(imported, { ...edit, breedingCode: 'nb', captive: false }),
    ).toMatchObject({ county: 'Boulder', breedingCode: 'NB', captive: false });
  });

  it("keeps the location privacy when the edit leaves it out, and shows a new one's level", () => {
    expect(withPendingEdit(log, edit)).toMatchObject({
      locationPrivacy: 'open',
      locationShown: { level: 'open', reason: null },
    });
    expect(withPendingEdit(log, { ...edit, locationPrivacy: 'obscured' })).toMatchObject({
      locationPrivacy: 'obscured',
      locationShown: { level: 'obscured', reason: 'owner' },
    });
    const embargoed = withPendingEdit(log, { ...edit, locationEmbargoUntil: '2999-06-01' });
    expect(embargoed).toMatchObject({
      locationEmbargoUntil: '2999-06-01',
      locationShown: { level: 'private', reason: 'embargo' },
    });
    // an embargo over is no more; a null one clears it
    expect(
      withPendingEdit(log, { ...edit, locationEmbargoUntil: '2001-06-01' }).locationShown,
    ).toEqual({ level: 'open', reason: null });
    const cleared = withPendingEdit(
      { ...embargoed, locationShown: { level: 'private', reason: 'embargo' } },
      { ...edit, locationEmbargoUntil: null },
    );
    expect(cleared).toMatchObject({ locationEmbargoUntil: null, locationShown: { level: 'open' } });
  });

  it("keeps a sensitive species' level when the owner opens its location", () => {
    const sensitive: Log = {
      ...log,
      locationPrivacy: 'obscured',
      locationShown: { level: 'obscured', reason: 'sensitive' },
    };
    expect(withPendingEdit(sensitive, { ...edit, locationPrivacy: 'open' })).toMatchObject({
      locationPrivacy: 'open',
      locationShown: { level: 'obscured', reason: 'sensitive' },
    });
    expect(withPendingEdit(sensitive, { ...edit, locationPrivacy: 'private' })).toMatchObject({
      locationShown: { level: 'private', reason: 'owner' },
    });
  });

  it('keeps the log as it is when the payload is not valid', () => {
    expect(withPendingEdit(log, { ...edit, count: 0 })).toBe(log);
  });
});
