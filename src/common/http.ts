import { z } from 'zod';

// Every error body of the API (ARCHITECTURE "HTTP contract").
export const errorBodySchema = z.object({
  message: z.string(),
  issues: z
    .array(z.object({ path: z.array(z.union([z.string(), z.number()])), message: z.string() }))
    .optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
