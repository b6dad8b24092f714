import type { User } from '../../../common/auth/schemas';
import type { ReplyParser } from '@/lib/api-client';

const nullableString = (value: unknown) => value === null || typeof value === 'string';

/**
 * The current-user reply, checked by hand: this runs on the landing page, where the zod
 * userSchema (src/common/auth.ts) would add ~50 kB gzip. Same fields, same nullability.
 */
export const userReply: ReplyParser<User> = {
  parse(value) {
    const reply = (typeof value === 'object' && value !== null ? value : {}) as Record<
      string,
      unknown
    >;
    const { id, email, firstName, lastName, profileImageUrl, role } = reply;
    if (
      typeof id !== 'string' ||
      ![email, firstName, lastName, profileImageUrl].every(nullableString) ||
      (role !== 'admin' && role !== 'user')
    ) {
      throw new TypeError('The current-user reply is not a user');
    }
    return { id, email, firstName, lastName, profileImageUrl, role } as User;
  },
};
