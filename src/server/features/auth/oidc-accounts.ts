import { z } from 'zod';
import type { User } from '../../../common/auth/schemas.js';
import { isUniqueViolation, type Db } from '../../db/client.js';
import type { UserRow } from '../../db/schema.js';
import type { Registration } from '../../config.js';
import { findUserByEmail, findUserByOidcIdentity, updateUser } from './queries.js';
import { SignInRefused } from './refusals.js';
import { createAccount } from './sign-up.js';
import { toUser } from './service.js';

// Which account an OpenID Connect sign-in opens, and the profile it brings along.

const name = z
  .string()
  .trim()
  .min(1)
  .transform((value) => value.slice(0, 100)) // the column's length
  .optional()
  .catch(undefined);

/** The claims we use; a malformed optional claim is ignored, never fatal. */
const claimsSchema = z.object({
  sub: z.string().min(1).max(255),
  email: z.string().trim().toLowerCase().max(254).pipe(z.email()).optional().catch(undefined),
  // some providers send the string "true"
  email_verified: z
    .union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')])
    .optional()
    .catch(undefined),
  given_name: name,
  family_name: name,
  picture: z
    .url({ protocol: /^https?$/ })
    .max(2048)
    .optional()
    .catch(undefined),
});
export type IdentityClaims = z.infer<typeof claimsSchema>;

export class UnusableClaimsError extends Error {}

export function parseIdentityClaims(claims: Record<string, unknown>): IdentityClaims {
  const parsed = claimsSchema.safeParse(claims);
  if (!parsed.success) throw new UnusableClaimsError('the provider sent no usable subject');
  return parsed.data;
}

/**
 * The account of an identity: the one it used before (issuer + subject), else a built-in
 * account with the same VERIFIED email (linked from now on), else a new one. Its name,
 * email and picture follow the claims at every sign-in; a claim that is not sent leaves the
 * stored value as it is, and an email another account holds is not taken over.
 */
export async function signInWithIdentity(
  db: Db,
  issuer: string,
  claims: IdentityClaims,
  signUp: SignUpRules,
): Promise<User> {
  try {
    return toUser(await upsertIdentity(db, issuer, claims, signUp));
  } catch (error) {
    // two first sign-ins of one identity at once: the other one created the account
    if (!isUniqueViolation(error)) throw error;
    return toUser(await upsertIdentity(db, issuer, claims, signUp));
  }
}

/** What a new identity needs to get an account: the server's REGISTRATION, and the invitation. */
export interface SignUpRules {
  registration: Registration;
  invitation?: string;
}

async function upsertIdentity(
  db: Db,
  issuer: string,
  claims: IdentityClaims,
  signUp: SignUpRules,
): Promise<UserRow> {
  const known = await findUserByOidcIdentity(db, issuer, claims.sub);
  const holder = claims.email ? await findUserByEmail(db, claims.email) : undefined;
  const profile = {
    ...(claims.given_name !== undefined && { firstName: claims.given_name }),
    ...(claims.family_name !== undefined && { lastName: claims.family_name }),
    ...(claims.picture !== undefined && { profileImageUrl: claims.picture }),
  };
  const emailIsFree = claims.email !== undefined && (!holder || holder.id === known?.id);
  if (known) {
    if (known.disabledAt) throw new SignInRefused('disabled');
    return updateUser(db, known.id, { ...profile, ...(emailIsFree && { email: claims.email }) });
  }
  if (holder && claims.email_verified === true && holder.oidcSubject === null) {
    if (holder.disabledAt) throw new SignInRefused('disabled');
    return updateUser(db, holder.id, { ...profile, oidcIssuer: issuer, oidcSubject: claims.sub });
  }
  // a new identity: an account only as the sign-up rules allow (sign-up.ts)
  return createAccount(
    db,
    signUp.registration,
    {
      ...profile,
      email: emailIsFree ? claims.email : null,
      oidcIssuer: issuer,
      oidcSubject: claims.sub,
    },
    signUp.invitation,
  );
}
