import type { LoginPayload, RegisterPayload, User } from '../../../common/auth/schemas.js';
import { hashPassword, spendPasswordCheck, verifyPassword } from './passwords.js';
import { clearRateLimit, hitRateLimit, peekRateLimit, tooManyRequests } from './rate-limits.js';
import { isUniqueViolation, type Db } from '../../db/client.js';
import type { UserRow } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import { findUserByEmail, findUserById, insertUser } from './queries.js';

export const toUser = (row: UserRow): User => ({
  id: row.id,
  email: row.email,
  firstName: row.firstName,
  lastName: row.lastName,
  profileImageUrl: row.profileImageUrl,
  role: row.role,
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

// Failed sign-ins per account, whatever the IP (ARCHITECTURE "Configuration").
const FAILED_SIGN_INS = { max: 10, windowMs: 15 * 60 * 1000 };

/**
 * One message and one cost for an unknown email and a wrong password: no account probing.
 * After 10 failures in 15 minutes an account (known or not) refuses sign-ins for the rest
 * of the window.
 */
export async function authenticate(db: Db, payload: LoginPayload): Promise<User> {
  const failuresKey = `sign-in-failures:${payload.email}`;
  const failures = await peekRateLimit(db, failuresKey);
  if (failures.hits >= FAILED_SIGN_INS.max) {
    throw tooManyRequests(
      'Too many failed sign-ins for this account. Try again later.',
      failures.resetAt,
    );
  }
  const row = await findUserByEmail(db, payload.email);
  const valid = row?.passwordHash
    ? await verifyPassword(payload.password, row.passwordHash)
    : await spendPasswordCheck(payload.password).then(() => false);
  if (!row || !valid) {
    await hitRateLimit(db, failuresKey, FAILED_SIGN_INS.windowMs);
    throw new HttpError(401, 'Invalid email or password');
  }
  if (failures.hits > 0) await clearRateLimit(db, failuresKey);
  return toUser(row);
}

export async function getUser(db: Db, id: string): Promise<User | undefined> {
  const row = await findUserById(db, id);
  return row && toUser(row);
}
