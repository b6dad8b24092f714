import type { PasswordCost } from '../../config.js';
import type {
  Account,
  AccountDeletion,
  AccountSession,
  PasswordChange,
} from '../../../common/account/schemas.js';
import { DELETE_CONFIRMATION_WITHOUT_EMAIL } from '../../../common/account/schemas.js';
import type { z } from 'zod';
import type { accountUpdateSchema } from '../../../common/account/schemas.js';
import {
  clearRateLimit,
  deleteSession,
  deleteUserSessionsExcept,
  endResetLinks,
  findUserSessions,
  hashPassword,
  hitRateLimit,
  peekRateLimit,
  publicSessionId,
  storePassword,
  tooManyRequests,
  verifyPassword,
} from '../auth/index.js';
import { deletePhotosOf, storageOf } from '../photos/index.js';
import { locationPrivacyLevels, privacyRank } from '../../../common/location-privacy.js';
import { isUniqueViolation, type Db } from '../../db/client.js';
import type { UserRow } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import type { ObjectStorage } from '../../storage/object-storage.js';
import { describeUserAgent } from './user-agent.js';
import { countOtherAccounts, deleteAccountRows, findAccount, updateAccount } from './queries.js';

// The rules of the account page (issue 21): what needs the current password, what ends which
// sessions, and what an account's deletion takes with it.

type AccountUpdate = z.output<typeof accountUpdateSchema>;
type AccountColumn =
  'firstName' | 'lastName' | 'email' | 'dataLicense' | 'locationPrivacy' | 'obscuredPlace';

/** Wrong passwords typed on the account page, per account: as many as sign-ins may fail. */
const PASSWORD_FAILURES = { max: 10, windowMs: 15 * 60 * 1000 };
export const WRONG_PASSWORD = 'The password is not correct';
export const EMAIL_TAKEN = 'An account with this email already exists';
export const LAST_ADMIN =
  "You are this instance's only admin. Other accounts still exist, so this account cannot be deleted.";

const gone = () => new HttpError(401, 'Unauthorized');

async function ownRow(db: Db, userId: string): Promise<UserRow> {
  const row = await findAccount(db, userId);
  if (!row) throw gone();
  return row;
}

export async function getAccount(db: Db, userId: string, quotaMb: number): Promise<Account> {
  return toAccount(db, await ownRow(db, userId), quotaMb);
}

async function toAccount(db: Db, row: UserRow, quotaMb: number): Promise<Account> {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.role,
    dataLicense: row.dataLicense,
    hasPassword: row.passwordHash !== null,
    storage: await storageOf(db, row.id, quotaMb),
    locationPrivacy: locationPrivacyLevels[row.locationPrivacy] ?? 'private',
    obscuredPlace: row.obscuredPlace,
    reviewer: row.reviewer,
  };
}

/**
 * Checks a password typed to confirm a change. Every wrong one counts: after PASSWORD_FAILURES
 * within the window the account page refuses passwords (429) until it ends.
 */
async function confirmPassword(
  db: Db,
  row: UserRow,
  password: string | undefined,
  missing: string,
) {
  if (!row.passwordHash) return;
  if (!password) throw new HttpError(400, missing);
  const key = `account-password-failures:${row.id}`;
  const failures = await peekRateLimit(db, key);
  if (failures.hits >= PASSWORD_FAILURES.max) {
    throw tooManyRequests('Too many wrong passwords. Try again later.', failures.resetAt);
  }
  if (!(await verifyPassword(password, row.passwordHash))) {
    await hitRateLimit(db, key, PASSWORD_FAILURES.windowMs);
    throw new HttpError(403, WRONG_PASSWORD);
  }
  if (failures.hits > 0) await clearRateLimit(db, key);
}

/**
 * Name, email and data licence; a new email needs the current password (local accounts) and ends
 * the account's pending reset links.
 */
export async function updateOwnAccount(
  db: Db,
  userId: string,
  update: AccountUpdate,
  quotaMb: number,
): Promise<Account> {
  const row = await ownRow(db, userId);
  const { currentPassword, locationPrivacy, ...values } = update;
  const newEmail = values.email !== undefined && values.email !== row.email;
  if (newEmail) {
    await confirmPassword(
      db,
      row,
      currentPassword,
      'Enter your current password to change your email',
    );
  }
  const changes = Object.fromEntries(
    Object.entries({
      ...values,
      locationPrivacy: locationPrivacy && privacyRank(locationPrivacy),
    }).filter(([, value]) => value !== undefined),
  ) as Partial<Pick<UserRow, AccountColumn>>;
  if (Object.keys(changes).length === 0) return toAccount(db, row, quotaMb);
  try {
    const updated = await updateAccount(db, userId, changes);
    if (newEmail) await endResetLinks(db, userId); // a link mailed to the old address ends
    return toAccount(db, updated ?? row, quotaMb);
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, EMAIL_TAKEN);
    throw error;
  }
}

/** A new password; every other session and every reset link of the account end, this one stays. */
export async function changePassword(
  db: Db,
  userId: string,
  currentSid: string,
  { currentPassword, newPassword }: PasswordChange,
  passwordCost: PasswordCost,
) {
  const row = await ownRow(db, userId);
  if (!row.passwordHash) {
    throw new HttpError(400, 'This account signs in with its provider and has no password');
  }
  await confirmPassword(db, row, currentPassword, 'Enter your current password');
  const passwordHash = await hashPassword(newPassword, passwordCost);
  await db.transaction(async (tx) => {
    if (!(await storePassword(tx, userId, passwordHash))) throw gone();
    await deleteUserSessionsExcept(tx, userId, currentSid);
  });
}

export async function listSessions(
  db: Db,
  userId: string,
  currentSid: string,
): Promise<AccountSession[]> {
  const rows = await findUserSessions(db, userId, new Date());
  return rows.map((row) => ({
    id: publicSessionId(row.sid),
    createdAt: row.sess.createdAt ?? null,
    expiresAt: row.expire.toISOString(),
    userAgent: describeUserAgent(row.sess.userAgent),
    current: row.sid === currentSid,
  }));
}

/** Ends one session of the account; another user's (or an unknown) id is 404. */
export async function endSession(db: Db, userId: string, publicId: string) {
  const rows = await findUserSessions(db, userId, new Date());
  const row = rows.find((candidate) => publicSessionId(candidate.sid) === publicId);
  if (!row) throw new HttpError(404, 'Session not found');
  await deleteSession(db, row.sid);
}

/**
 * Deletes the account: the email typed again (and the password, when it has one) confirm it.
 * The photos leave storage first: should the rows' deletion fail after that, deleting again
 * finishes the work, and nothing of the user is left in storage with no row pointing to it.
 */
export async function deleteAccount(
  db: Db,
  storage: ObjectStorage,
  userId: string,
  { confirmEmail, password }: AccountDeletion,
) {
  const row = await ownRow(db, userId);
  const expected = row.email ?? DELETE_CONFIRMATION_WITHOUT_EMAIL;
  const typed = row.email ? confirmEmail.toLowerCase() : confirmEmail;
  if (typed !== expected) {
    throw new HttpError(
      400,
      row.email
        ? 'The email you typed is not the email of this account'
        : `Type ${DELETE_CONFIRMATION_WITHOUT_EMAIL} to confirm`,
    );
  }
  await confirmPassword(db, row, password, 'Enter your password to delete your account');
  if (row.role === 'admin') {
    const { others, admins } = await countOtherAccounts(db, userId);
    if (others > 0 && admins === 0) throw new HttpError(409, LAST_ADMIN);
  }
  await deletePhotosOf(db, storage, userId);
  await deleteAccountRows(db, userId, row.email);
}
