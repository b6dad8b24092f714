import { describe, expect, it } from 'vitest';
import { formatLastActive, userLabel } from './admin-format';

describe('the admin page formats', () => {
  it('the last activity in days', () => {
    const now = new Date(2026, 10, 24, 12);
    expect(formatLastActive(null, now)).toBe('Never');
    expect(formatLastActive(new Date(2026, 10, 24, 1).toISOString(), now)).toBe('Today');
    expect(formatLastActive(new Date(2026, 10, 23, 23).toISOString(), now)).toBe('Yesterday');
    expect(formatLastActive(new Date(2026, 10, 19, 12).toISOString(), now)).toBe('5 days ago');
    expect(formatLastActive(new Date(2026, 8, 1).toISOString(), now)).toMatch(/2026/);
  });

  it('a name, else the email', () => {
    expect(userLabel({ firstName: 'Ada', lastName: null, email: 'ada@example.org' })).toBe('Ada');
    expect(userLabel({ firstName: null, lastName: null, email: 'ada@example.org' })).toBe(
      'ada@example.org',
    );
    expect(userLabel({ firstName: null, lastName: null, email: null })).toBe('Unnamed user');
  });
});
