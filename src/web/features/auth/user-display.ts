import type { User } from '../../../common/auth/schemas';

type UserNames = Pick<User, 'firstName' | 'lastName' | 'email'>;

const firstLetter = (text: string) => (Array.from(text)[0] ?? '').toUpperCase();

/** SPEC §2 header: first letters of first and last name, else of the email, else 'U'. */
export function avatarInitials({ firstName, lastName, email }: UserNames): string {
  if (firstName && lastName) return firstLetter(firstName) + firstLetter(lastName);
  if (email) return firstLetter(email);
  return 'U';
}

/** SPEC §2 header: 'first last', else the email, else 'User'. */
export function displayName({ firstName, lastName, email }: UserNames): string {
  if (firstName && lastName) return `${firstName} ${lastName}`;
  return email || 'User';
}
