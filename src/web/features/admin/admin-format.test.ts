import { describe, expect, it } from 'vitest';
import { formatBytes, formatLastActive, storageShare, userLabel } from './admin-format';

describe('the admin page formats', () => {
  it('sizes in binary units', () => {
    expect(formatBytes(0)).toBe('0 bytes');
    expect(formatBytes(1)).toBe('1 byte');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(2048 * 1024 * 1024)).toBe('2 GB');
    expect(formatBytes(123 * 1024 * 1024)).toBe('123 MB');
  });

  it('the share of the quota, capped at 100', () => {
    expect(storageShare({ storageUsedBytes: 50, quotaBytes: 200 })).toBe(25);
    expect(storageShare({ storageUsedBytes: 500, quotaBytes: 200 })).toBe(100);
    expect(storageShare({ storageUsedBytes: 0, quotaBytes: 0 })).toBe(100);
  });

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
