import { z } from 'zod';

// The installed-app sign-in bridge (SPEC §4 "Installed-app start", §7).

/** A bridge token is good for one exchange within this time. */
export const BRIDGE_TOKEN_TTL_MS = 5 * 60 * 1000;

/** Where a `pwa=true` sign-in ends, with the token in the query. */
export const pwaAuthCompletePath = (token: string) =>
  `/pwa-auth-complete?token=${encodeURIComponent(token)}`;

export const bridgeExchangeSchema = z.object({
  token: z
    .string({ error: 'token is required' })
    .min(1, 'token is required')
    .max(200, 'token is too long'),
});
export type BridgeExchange = z.infer<typeof bridgeExchangeSchema>;
