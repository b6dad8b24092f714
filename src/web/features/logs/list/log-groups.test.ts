import { describe, expect, it } from 'vitest';
import { groupByDay, outingIdsOf } from './log-groups';

const viewer = { locale: 'en-US', timeZone: 'UTC' };
const walk = 'a0000000-0000-4000-8000-000000000001';
const lake = 'a0000000-0000-4000-8000-000000000002';

const log = (name: string, observedAt: string, outingId: string | null = null, timeZone = 'UTC') =>
  ({ name, observedAt, timeZone, timeKnown: true, outingId }) as const;

const summary = (groups: ReturnType<typeof groupByDay<ReturnType<typeof log>>>) =>
  groups.map((group) => [group.day, group.outingId, group.logs.map((l) => l.name)]);

describe('groupByDay', () => {
  it("heads the logs by day, newest first, and gathers each day's outing", () => {
    const logs = [
      log('Heron', '2024-04-09T17:00:00Z'),
      log('Wren', '2024-04-08T16:00:00Z'),
      log('Coot', '2024-04-08T09:00:00Z', lake),
      log('Kite', '2024-04-08T08:30:00Z'),
      log('Teal', '2024-04-08T08:00:00Z', lake),
      log('Rail', '2024-04-07T07:00:00Z', walk),
    ];
    expect(summary(groupByDay(logs, viewer))).toEqual([
      ['Apr 9, 2024', null, ['Heron']],
      ['Apr 8, 2024', null, ['Wren', 'Kite']],
      ['Apr 8, 2024', lake, ['Coot', 'Teal']],
      ['Apr 7, 2024', walk, ['Rail']],
    ]);
    expect(outingIdsOf(logs)).toEqual([walk, lake]);
  });

  it('takes the day at the place, as the cards do, keeping the days newest first', () => {
    // seen later, but on an earlier day at its place: 20:00 on the 8th in New York
    const logs = [
      log('Night Heron', '2024-04-09T00:00:00Z', null, 'America/New_York'),
      log('Crane', '2024-04-08T16:30:00Z', null, 'Asia/Tokyo'), // 01:30 on the 9th in Tokyo
    ];
    expect(summary(groupByDay(logs, viewer))).toEqual([
      ['Apr 9, 2024', null, ['Crane']],
      ['Apr 8, 2024', null, ['Night Heron']],
    ]);
  });

  it('gives an outing that runs past midnight a group on each of its days', () => {
    const logs = [
      log('Owl', '2024-04-09T00:30:00Z', walk),
      log('Nightjar', '2024-04-08T23:00:00Z', walk),
    ];
    expect(groupByDay(logs, viewer).map((group) => group.key)).toEqual([
      `2024-04-09:${walk}`,
      `2024-04-08:${walk}`,
    ]);
  });
});
