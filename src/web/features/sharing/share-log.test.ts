import { describe, expect, it } from 'vitest';
import type { LogPhoto } from '../../../common/logs/schemas';
import { shareData } from './share-log';

const photo = (sourceType: LogPhoto['sourceType']): LogPhoto => ({
  id: crypto.randomUUID(),
  url: sourceType === 'uploaded' ? '/objects/uploads/a' : 'https://example.com/a.jpg',
  sourceType,
  label: null,
});

describe('shareData', () => {
  const log = { id: 'abc', speciesCommon: 'Barn Owl', count: 2, placeName: null, photos: [] };

  it('names the species, count and link', () => {
    expect(shareData(log, 'https://birds.example')).toEqual({
      title: 'Barn Owl sighting',
      text: 'Check out the 2 Barn Owl I spotted!',
      url: 'https://birds.example/shared/abc',
    });
  });

  it('says no number for an X or a 0 (issue 32)', () => {
    const at = { ...log, placeName: 'Marsh Lane' };
    expect(shareData({ ...at, count: null }, '').text).toBe(
      'Check out the Barn Owl I spotted at Marsh Lane!',
    );
    expect(shareData({ ...at, count: 0 }, '').text).toBe(
      'Check out the signs of Barn Owl I found at Marsh Lane!',
    );
  });

  it('adds the place and the uploaded photos, not the external ones', () => {
    const shared = shareData(
      {
        ...log,
        placeName: 'Marsh Lane',
        photos: [photo('uploaded'), photo('external'), photo('uploaded')],
      },
      'https://birds.example',
    );
    expect(shared.text).toBe('Check out the 2 Barn Owl I spotted at Marsh Lane! I took 2 photos!');
    expect(shareData({ ...log, photos: [photo('uploaded')] }, '').text).toBe(
      'Check out the 2 Barn Owl I spotted! I took 1 photo!',
    );
  });
});
