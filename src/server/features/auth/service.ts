import type { LoginPayload, RegisterPayload, User } from '../../../common/auth.js';
import { hashPassword, spendPasswordCheck, verifyPassword } from '../../auth/passwords.js';
import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { UserRow } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import { findUserByEmail, findUserById, insertUser } from './queries.js';

export const toUser = (row: UserRow): User => ({
  id: row.id,
  email: row.email,
  firstName: row.firstName,
  lastName: row.lastName,
  profileImageUrl: row.profileImageUrl,
});

export async function registerUser(db: Db, payload: RegisterPayload): Promise<User> {
  const passwordHash = await hashPassword(payload.password);
  try {
    const row = await insertUser(db, {
      email: payload.email,
      passwordHash,
      firstName: payload.firstName ?? null,
      lastName: payload.lastName ?? null,
    });
    return toUser(row);
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new HttpError(409, 'An account with this email already exists');
    }
    throw error;
  }
}

/** One message and one cost for an unknown email and a wrong password: no account probing. */
export async function authenticate(db: Db, payload: LoginPayload): Promise<User> {
  const row = await findUserByEmail(db, payload.email);
  if (!row?.passwordHash) {
    await spendPasswordCheck(payload.password);
    throw new HttpError(401, 'Invalid email or password');
  }
  if (!(await verifyPassword(payload.password, row.passwordHash))) {
    throw new HttpError(401, 'Invalid email or password');
  }
  return toUser(row);
}

export async function getUser(db: Db, id: string): Promise<User | undefined> {
  const row = await findUserById(db, id);
  return row && toUser(row);
}
