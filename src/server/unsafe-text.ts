import { BROKEN_TEXT_MESSAGE, NO_NUL_MESSAGE } from '../common/logs/schemas.js';

// What PostgreSQL text cannot hold, found at the boundary instead of failing at the database:
// a NUL character, or a lone UTF-16 surrogate (JSON's "\ud800" escape), which the database
// drivers either refuse mid-query or silently replace with U+FFFD.

export interface UnsafeText {
  /** Where it is: ['notes'], ['photoLinks', 2], ['q']. */
  path: Array<string | number>;
  message: string;
}

const problemOf = (text: string) =>
  text.includes('\u0000') ? NO_NUL_MESSAGE : text.isWellFormed() ? undefined : BROKEN_TEXT_MESSAGE;

/**
 * The first string in a parsed query, path parameters or JSON body that holds a NUL or a lone
 * surrogate, in a key or a value. Only parsed data is walked: strings, arrays and plain objects.
 * A body that is a stream (a zip streamed to disk), a buffer or any other object is the route's
 * own to read: walking a stream's properties follows its socket and server without end.
 */
export function findUnsafeText(value: unknown): UnsafeText | undefined {
  const stack: Array<[unknown, Array<string | number>]> = [[value, []]];
  while (stack.length > 0) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      const message = problemOf(current);
      if (message) return { path, message };
    } else if (Array.isArray(current)) {
      current.forEach((child, index) => stack.push([child, [...path, index]]));
    } else if (isPlainObject(current)) {
      for (const [key, child] of Object.entries(current)) {
        const message = problemOf(key);
        if (message) return { path: [...path, key], message };
        stack.push([child, [...path, key]]);
      }
    }
  }
  return undefined;
}

/**
 * An object made by JSON.parse or a query-string parser: its prototype is Object's, none, or an
 * empty one of no prototype (fast-querystring's), never a class's (a stream, a buffer).
 */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value) as object | null;
  return (
    prototype === null ||
    prototype === Object.prototype ||
    Object.getPrototypeOf(prototype) === null
  );
}
