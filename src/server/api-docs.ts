import { z } from 'zod';

// What routes say about themselves in the OpenAPI document beyond their zod schemas
// (openapi.ts reads it). Nothing here changes how a request is validated or answered.

declare module 'fastify' {
  interface FastifySchema {
    /**
     * Error statuses this route answers besides the ones openapi.ts gives every route of its
     * kind (400 for input, 401 with a session, 403 on unsafe methods, 404 with path parameters,
     * 413/415 with a body, 429 with a rate limit), or a more precise description of one of those.
     */
    errors?: Partial<Record<number, string>>;
    /**
     * The request body by media type, for a route that reads its raw body itself and so has no
     * `body` schema to validate (a file upload).
     */
    bodyContent?: Record<string, z.ZodType>;
  }
}

/** The security scheme of the session cookie (components.securitySchemes). */
export const SESSION_SCHEME = 'cookieAuth';

/** The security scheme of a personal access token (issue 37): the detections import only. */
export const TOKEN_SCHEME = 'bearerAuth';

/** `security` of a route anyone may call: it never reads a session. */
export const NO_SESSION: Array<Record<string, string[]>> = [];

/** `security` of a route anyone may call, whose answer depends on the session when there is one. */
export const OPTIONAL_SESSION: Array<Record<string, string[]>> = [{}, { [SESSION_SCHEME]: [] }];

/** A file's bytes, in a request or a reply. */
export const binary = z.string().meta({ format: 'binary' });

/**
 * A reply without a body: 204, 304 or a redirect (the document adds a redirect's Location).
 * Fastify never serialises it: such replies `send()` nothing.
 */
export const noBody = (description: string) => z.undefined().describe(description);

/** A reply that is a file (CSV, GeoJSON, an image…) rather than JSON. */
export const fileReply = (description: string, mediaType: string, schema: z.ZodType = binary) => ({
  description,
  content: { [mediaType]: { schema } },
});
