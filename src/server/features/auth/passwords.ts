import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import type { PasswordCost } from '../../config.js';

// scrypt from node:crypto, at the config's cost (PASSWORD_COST). The parameters are stored with
// each hash, so raising them later keeps old hashes verifiable.
const KEY_LENGTH = 64;

function derive(password: string, salt: Buffer, options: PasswordCost): Promise<Buffer> {
  const maxmem = 256 * options.N * options.r + 1024 * 1024;
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...options, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** `scrypt$N$r$p$salt$key`, salt and key in base64. */
export async function hashPassword(password: string, cost: PasswordCost): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64'), key.toString('base64')].join(
    '$',
  );
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

// Checked when no account matches, so a wrong email costs as long as a wrong password.
const decoyHashes = new Map<number, Promise<string>>(); // scrypt's N → a hash of nothing

export async function spendPasswordCheck(password: string, cost: PasswordCost): Promise<void> {
  const decoy = decoyHashes.get(cost.N) ?? hashPassword(randomBytes(16).toString('hex'), cost);
  decoyHashes.set(cost.N, decoy);
  await verifyPassword(password, await decoy);
}
