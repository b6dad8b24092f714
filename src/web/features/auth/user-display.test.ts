import { describe, expect, it } from 'vitest';
import { avatarInitials, displayName } from './user-display';

const user = (firstName: string | null, lastName: string | null, email: string | null) => ({
  firstName,
  lastName,
  email,
});

describe('avatarInitials', () => {
  it('takes the upper-case first letters of first and last name', () => {
    expect(avatarInitials(user('ada', 'lovelace', 'ada@example.com'))).toBe('AL');
  });

  it('falls back to the first letter of the email', () => {
    expect(avatarInitials(user(null, null, 'jane@example.com'))).toBe('J');
    expect(avatarInitials(user('Ada', null, 'ada@example.com'))).toBe('A');
    expect(avatarInitials(user(null, 'Lovelace', 'x@example.com'))).toBe('X');
  });

  it("is 'U' without names and email", () => {
    expect(avatarInitials(user(null, null, null))).toBe('U');
    expect(avatarInitials(user('', '', ''))).toBe('U');
  });

  it('keeps a letter outside the basic plane whole', () => {
    expect(avatarInitials(user('𝒜da', 'Lee', null))).toBe('𝒜L');
  });
});

describe('displayName', () => {
  it("is 'first last' when both are set", () => {
    expect(displayName(user('Ada', 'Lovelace', 'ada@example.com'))).toBe('Ada Lovelace');
  });

  it('falls back to the email', () => {
    expect(displayName(user('Ada', null, 'ada@example.com'))).toBe('ada@example.com');
    expect(displayName(user(null, null, 'ada@example.com'))).toBe('ada@example.com');
  });

  it("is 'User' without names and email", () => {
    expect(displayName(user(null, null, null))).toBe('User');
  });
});
