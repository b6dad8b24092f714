import { z } from 'zod';

// Personal access tokens (issue 37): made on /account, each for one scope, so that a station
// posts its detections on a schedule without a browser session. The secret is shown once.

export const ACCESS_TOKEN_SCOPES = ['import'] as const;
/** How a secret begins, so that a leaked one is recognisable (secret scanners, logs). */
export const ACCESS_TOKEN_PREFIX = 'sbk_';
/** Live (unrevoked) tokens an account may hold. */
export const MAX_ACCESS_TOKENS = 20;

export const ACCESS_TOKEN_TEXTS = {
  tooMany: `You have ${MAX_ACCESS_TOKENS} tokens: revoke one you no longer use first`,
  notFound: 'Token not found',
} as const;

export const accessTokenCreateSchema = z.object({
  name: z
    .string({ error: 'A token needs a name' })
    .trim()
    .min(1, 'A token needs a name')
    .max(100, 'A token name is at most 100 characters'),
});
export type AccessTokenCreate = z.infer<typeof accessTokenCreateSchema>;

export const accessTokenSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  scope: z.enum(ACCESS_TOKEN_SCOPES),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
  revokedAt: z.iso.datetime().nullable(),
});
export type AccessToken = z.infer<typeof accessTokenSchema>;

export const accessTokenListSchema = z.array(accessTokenSchema);

export const createdAccessTokenSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  scope: z.enum(ACCESS_TOKEN_SCOPES),
  token: z.string().describe('The secret, shown this once: send it as Authorization: Bearer'),
});

export const accessTokenParamsSchema = z.object({ id: z.string().max(100) });
