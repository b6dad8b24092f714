import type { LoginPayload, RegisterPayload, User } from '../../../common/auth/schemas.js';
import { hashPassword, spendPasswordCheck, verifyPassword } from './passwords.js';
import { SignInRefused } from './refusals.js';
import { assertMayTrySignIn, forgetFailedSignIns, recordFailedSignIn } from './sign-in-lockout.js';
import { isUniqueViolation, type Db } from '../../db/client.js';
import { users, type UserRow } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import type { PasswordCost, Registration } from '../../config.js';
import { findUserByEmail, findUserById } from './queries.js';
import { createAccount } from './sign-up.js';

export const toUser = (row: UserRow): User => ({
  id: row.id,
  email: row.email,
  firstName: row.firstName,
  lastName: row.lastName,
  profileImageUrl: row.profileImageUrl,
  role: row.role,
});

export async function registerUser(
  db: Db,
  registration: Registration,
  payload: RegisterPayload,
  passwordCost: PasswordCost,
): Promise<User> {
  const passwordHash = await hashPassword(payload.password, passwordCost);
  try {
    const row = await createAccount(
      db,
      registration,
      {
        email: payload.email,
        passwordHash,
        firstName: payload.firstName ?? null,
        lastName: payload.lastName ?? null,
      },
      payload.invitation,
    );
    return toUser(row);
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new HttpError(409, 'An account with this email already exists');
    }
    throw error;
  }
}

/**
 * One message and one cost for an unknown email and a wrong password: no account probing.
 * Failures slow down the address they come from, for this account only (sign-in-lockout.ts);
 * a disabled account is named only to whoever knows its password.
 */
export async function authenticate(
  db: Db,
  payload: LoginPayload,
  clientAddress: string,
  passwordCost: PasswordCost,
): Promise<User> {
  await assertMayTrySignIn(db, payload.email, clientAddress);
  const row = await findUserByEmail(db, payload.email);
  const valid = row?.passwordHash
    ? await verifyPassword(payload.password, row.passwordHash)
    : await spendPasswordCheck(payload.password, passwordCost).then(() => false);
  if (!row || !valid) {
    await recordFailedSignIn(db, payload.email, clientAddress);
    throw new HttpError(401, 'Invalid email or password');
  }
  await forgetFailedSignIns(db, payload.email, clientAddress);
  if (row.disabledAt) throw new SignInRefused('disabled');
  return toUser(row);
}

export async function getUser(db: Db, id: string): Promise<User | undefined> {
  const row = await findUserById(db, id);
  return row && toUser(row);
}

/** Whether any account exists: until one does, the next sign-up is the admin's. */
export async function hasAnyAccount(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).limit(1);
  return row !== undefined;
}
