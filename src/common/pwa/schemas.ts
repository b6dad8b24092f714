import { z } from 'zod';

/** `POST /api/pwa-auth-bridge` (SPEC §7). */
export const bridgeExchangeSchema = z.object({
  token: z
    .string({ error: 'token is required' })
    .min(1, 'token is required')
    .max(200, 'token is too long'),
});
export type BridgeExchange = z.infer<typeof bridgeExchangeSchema>;
