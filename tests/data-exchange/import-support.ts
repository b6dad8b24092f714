import type { FastifyInstance } from 'fastify';
import { as, type TestUser } from '../support/helpers.js';

/** The import's calls of these tests, on the app `app()` returns when called. */
export function importFor(app: () => FastifyInstance) {
  /** `body` as the request body of `POST /api/import?{query}`, sent as `user`. */
  function importFile(
    user: TestUser | undefined,
    body: string | Buffer,
    { query = '', contentType = 'text/csv', headers = {} as Record<string, string> } = {},
  ) {
    return app().inject({
      method: 'POST',
      url: `/api/import${query ? `?${query}` : ''}`,
      headers: { 'content-type': contentType, ...(user ? as(user) : {}), ...headers },
      payload: body,
    });
  }

  /** The file as curl -F file=@name sends it: a multipart form with one file field. */
  function importForm(
    user: TestUser,
    file: string | Buffer,
    { field = 'file', name = 'sightings.csv', type = 'text/csv', query = '' } = {},
  ) {
    const boundary = '------------------------d74496d66958873e';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\n` +
          `Content-Type: ${type}\r\n\r\n`,
      ),
      Buffer.from(file),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return importFile(user, body, {
      query,
      contentType: `multipart/form-data; boundary=${boundary}`,
    });
  }

  return { importFile, importForm };
}
