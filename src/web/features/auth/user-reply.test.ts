import { describe, expect, it } from 'vitest';
import { userSchema } from '../../../common/auth/schemas';
import { userReply } from './user-reply';

const ada = {
  id: '0b7e7f3c-3b0a-4f43-9d6e-3b1f3c9a1d2e',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: null,
  profileImageUrl: null,
  role: 'user',
};

describe('userReply', () => {
  it('reads what userSchema reads, dropping extra fields', () => {
    const reply = { ...ada, createdAt: '2026-05-01T00:00:00Z' };
    expect(userReply.parse(reply)).toEqual(userSchema.parse(reply));
  });

  it('refuses what userSchema refuses', () => {
    for (const bad of [
      null,
      'x',
      {},
      { ...ada, email: 3 },
      { ...ada, id: undefined },
      { ...ada, role: 'root' },
    ]) {
      expect(() => userSchema.parse(bad)).toThrow();
      expect(() => userReply.parse(bad)).toThrow();
    }
  });
});
