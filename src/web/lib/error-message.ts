import { ApiError } from './api-client';

/** The server's human message for a failed call, else the screen's fallback (SPEC §8). */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.body.message ? error.body.message : fallback;
}
