import type { ErrorBody } from '../../common/http';
import { takeEarlyRequest } from './early-requests';
import { noteSynced } from './last-synced';

/** A non-OK reply. `message` is `${status}: ${body text or status text}` (SPEC §8). */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly body: ErrorBody,
    message: string,
    /** The whole reply as JSON, for replies that say more than a message (an import report). */
    readonly details?: unknown,
  ) {
    super(message);
  }
}

type QueryValue = string | number | boolean | null | undefined;

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Empty, null and undefined values are left out (SPEC §5: empty filters are not sent). */
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /** Cookies go with every call (SPEC §7) unless a caller opts out, like the shared-log page. */
  credentials?: RequestCredentials;
  headers?: Record<string, string>;
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** Reads a reply: a zod schema from src/common, or a small guard where zod would be too heavy. */
export interface ReplyParser<T> {
  parse: (value: unknown) => T;
}

export async function api<T>(
  path: string,
  schema: ReplyParser<T>,
  { method = 'GET', body, query, signal, credentials = 'include', headers }: ApiOptions = {},
): Promise<T> {
  const url = buildUrl(path, query);
  const early = method === 'GET' && credentials === 'include' ? takeEarlyRequest(url) : undefined;
  const encoded = encodeBody(body);
  const response = await (early ??
    fetch(url, {
      method,
      credentials,
      signal,
      body: encoded.body,
      headers: headers ? { ...encoded.headers, ...headers } : encoded.headers,
    }));
  const text = await response.text();
  noteSynced();
  if (!response.ok) {
    throw new ApiError(
      response.status,
      readErrorBody(text, response.statusText),
      `${response.status}: ${text || response.statusText}`,
      parseJson(text),
    );
  }
  return schema.parse(text ? JSON.parse(text) : undefined); // 204 has no body
}

/** A body is sent only when one exists (SPEC §7): a file as itself, anything else as JSON. */
function encodeBody(body: unknown): { body?: BodyInit; headers?: Record<string, string> } {
  if (body === undefined) return {};
  if (body instanceof Blob) {
    return { body, headers: { 'Content-Type': body.type || 'application/octet-stream' } };
  }
  return { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

// Checked by hand, not with errorBodySchema: zod would add ~50 kB gzip to the landing page.
function readErrorBody(text: string, statusText: string): ErrorBody {
  const parsed = parseJson(text); // undefined when not JSON: a proxy's HTML page or plain text
  return isErrorBody(parsed) ? parsed : { message: text || statusText };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

function isErrorBody(value: unknown): value is ErrorBody {
  if (!isRecord(value) || typeof value.message !== 'string') return false;
  if (value.issues === undefined) return true;
  return (
    Array.isArray(value.issues) &&
    value.issues.every(
      (issue) =>
        isRecord(issue) &&
        typeof issue.message === 'string' &&
        Array.isArray(issue.path) &&
        issue.path.every((part) => typeof part === 'string' || typeof part === 'number'),
    )
  );
}
