import { describe, expect, it } from 'vitest';
import {
  distanceKm,
  encodeLikelyPack,
  LIKELY_PACK_FORMAT,
  LikelyPackError,
  likelyUnits,
  packCovers,
  readLikelyPack,
  seasonMask,
  seenHereText,
  unitOfScientificName,
  weekBit,
  type LikelyPack,
} from '../../src/common/likely-pack.js';

// Issue 36, step 2: the "likely here" pack's text and what it says is likely at a place and date.

const LAKE: [number, number] = [42.44, -76.5];
const pack: LikelyPack = {
  header: {
    format: LIKELY_PACK_FORMAT,
    region: '812b3ffffffffff',
    centre: [42.5, -76.4],
    reachKm: 300,
    builtAt: '2026-05-20T03:00:00.000Z',
    cells: [
      [42.45, -76.45], // by the lake
      [43.6, -76.5], // about 130 km north
    ],
  },
  units: new Map([
    // May (weeks 18–21) by the lake
    ['sci:turdus migratorius', [{ cell: 0, weeks: weekBit(18) + weekBit(21), records: 25 }]],
    // winter, by the lake: weeks 52 and 1
    ['sci:plectrophenax nivalis', [{ cell: 0, weeks: weekBit(52) + weekBit(1), records: 6 }]],
    // May, but only far away
    ['sci:erithacus rubecula', [{ cell: 1, weeks: weekBit(19), records: 3 }]],
    // autumn only: a bit past the 32nd
    ['sci:setophaga cerulea', [{ cell: 0, weeks: weekBit(40), records: 1 }]],
  ]),
};

describe('the likely-here pack', () => {
  it('reads back what it writes', () => {
    const text = encodeLikelyPack(pack);
    expect(text.split('\n')).toHaveLength(5);
    expect(text.split('\n')[1]).toBe('sci:erithacus rubecula\t1:5m9s:3'); // week 19: 2^18 in base 36
    const read = readLikelyPack(text);
    expect(read.header).toEqual(pack.header);
    expect(read.units).toEqual(pack.units);
    expect(read.units.get('sci:plectrophenax nivalis')?.[0]?.weeks).toBe(2 ** 51 + 1);
  });

  it('refuses a foreign text or another format', () => {
    expect(() => readLikelyPack('hello')).toThrow(LikelyPackError);
    expect(() => readLikelyPack(JSON.stringify({ ...pack.header, format: 99 }))).toThrow(
      'Likely-here pack format 99 is not 1',
    );
  });

  it('names the units recorded within 100 km in the week ±2, wrapping round the year', () => {
    const read = readLikelyPack(encodeLikelyPack(pack));
    expect([...likelyUnits(read, ...LAKE, '2026-05-10')]).toEqual(['sci:turdus migratorius']);
    expect([...likelyUnits(read, ...LAKE, '2026-06-05')]).toEqual(['sci:turdus migratorius']);
    expect([...likelyUnits(read, ...LAKE, '2026-07-01')]).toEqual([]);
    // week 2 reaches back to week 52
    expect([...likelyUnits(read, ...LAKE, '2026-01-10')]).toEqual(['sci:plectrophenax nivalis']);
    expect([...likelyUnits(read, ...LAKE, '2026-10-01')]).toEqual(['sci:setophaga cerulea']);
    // by the northern cell, the lake's are over 100 km away
    expect([...likelyUnits(read, 43.6, -76.4, '2026-05-10')]).toEqual(['sci:erithacus rubecula']);
  });

  it('measures great circles and covers the points near its centre', () => {
    expect(distanceKm([0, 0], [0, 1])).toBeCloseTo(111.2, 1);
    expect(distanceKm(LAKE, LAKE)).toBe(0);
    expect(packCovers(pack.header, ...LAKE)).toBe(true);
    expect(packCovers(pack.header, 48.85, 2.35)).toBe(false);
  });

  it('masks the season of a date', () => {
    expect(seasonMask('2026-05-10')).toBe(
      [17, 18, 19, 20, 21].reduce((mask, week) => mask + weekBit(week), 0),
    );
    expect(seasonMask('2026-12-31')).toBe(
      weekBit(50) + weekBit(51) + weekBit(52) + weekBit(1) + weekBit(2),
    );
  });

  it("makes a scientific name's unit as species_binomial does", () => {
    expect(unitOfScientificName('Turdus migratorius')).toBe('sci:turdus migratorius');
    expect(unitOfScientificName('Tyto alba [alba Group]')).toBe('sci:tyto alba');
    expect(unitOfScientificName('Junco hyemalis hyemalis/carolinensis')).toBe('sci:junco hyemalis');
    expect(unitOfScientificName('Turdus')).toBeNull();
    expect(unitOfScientificName('Larus argentatus/smithsonianus')).toBeNull();
  });
});

describe('the hint', () => {
  it("names the date's month", () => {
    expect(seenHereText('2026-05-10')).toBe('Seen here in May');
    expect(seenHereText('2026-12-31')).toBe('Seen here in December');
  });
});
