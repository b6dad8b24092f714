// R4's read-heavy mix with writes, for the load test (tests/reliability/load.test.ts) and its
// benchmark beside pgbench (bench/load.mjs).

/** The body of the mix's writes, and of the log its detail requests read. */
export const LOAD_WRITE = JSON.stringify({
  speciesCommon: 'Load Lark',
  count: 3,
  observedAt: '2026-06-01T07:00',
  photoLinks: ['https://photos.example/l.jpg'],
});

export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  headers?: Record<string, string>;
}

/**
 * What each connection sends, over and over: 20 requests, of which 14 list pages (7 first,
 * 7 second), 2 details of the log `logId`, 1 species list, 1 filtered list and 2 creates.
 */
export function loadMix(logId: string): LoadRequest[] {
  const read = (path: string): LoadRequest => ({ method: 'GET', path });
  const create: LoadRequest = {
    method: 'POST',
    path: '/api/logs',
    body: LOAD_WRITE,
    headers: { 'content-type': 'application/json' },
  };
  return [
    ...Array.from({ length: 7 }, () => read('/api/logs')),
    read(`/api/logs/${logId}`),
    read('/api/species'),
    create,
    ...Array.from({ length: 7 }, () => read('/api/logs?page=2')),
    read(`/api/logs/${logId}`),
    read('/api/logs?q=lark&minCount=2'),
    create,
  ];
}
