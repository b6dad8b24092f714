import { describe, expect, it } from 'vitest';
import { parseIsoDateTime } from '../../common/dates';
import { toLocalInput, withLocalOffset } from './form-dates';

describe('form dates', () => {
  it('writes a local date-time to the minute', () => {
    expect(toLocalInput(new Date(2026, 4, 1, 6, 30, 45))).toBe('2026-05-01T06:30');
  });

  it('adds the local offset, naming the same instant', () => {
    const sent = withLocalOffset('2026-05-01T06:30');
    expect(sent).toMatch(/^2026-05-01T06:30:00[+-]\d{2}:\d{2}$/);
    expect(parseIsoDateTime(sent)?.getTime()).toBe(new Date(2026, 4, 1, 6, 30).getTime());
  });

  it('reads a stored instant back as the local value', () => {
    const instant = new Date(2026, 4, 1, 6, 30).toISOString();
    expect(toLocalInput(new Date(instant))).toBe('2026-05-01T06:30');
    expect(withLocalOffset(toLocalInput(new Date(instant)))).toBe(
      withLocalOffset('2026-05-01T06:30'),
    );
  });
});
