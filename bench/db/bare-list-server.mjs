#!/usr/bin/env node
// P1's second ceiling: what Node itself can serve of the list, with no app around it. A bare
// node:http server that does what the app's list request must do, and nothing else: checks the
// cookie's HMAC, hashes its token, runs the same two statements the app runs (the session, then
// the page) as named prepared statements on a pool of the app's size, and writes the page JSON.
// Started by bench/db/run.mjs as a process of its own, as the app is; answers /healthz.
// Environment: PORT, DATABASE_URL, SESSION_SECRET, BARE_STATEMENTS (JSON: [{ query, params }]
// as captured, the session's (sid, now) first; the page's params are the heavy user's) and
// BARE_TOTAL (the list's total, which the app keeps per version of the user's logs).
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import pg from 'pg';

const [session, page] = JSON.parse(process.env.BARE_STATEMENTS);
const secret = process.env.SESSION_SECRET;
const total = Number(process.env.BARE_TOTAL);
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

/** The token of a signed `sid` cookie (token.signature), or undefined. */
function tokenOf(cookieHeader = '') {
  const raw = /(?:^|;\s*)sid=([^;]+)/.exec(cookieHeader)?.[1];
  if (!raw) return undefined;
  const signed = decodeURIComponent(raw);
  const dot = signed.lastIndexOf('.');
  const token = signed.slice(0, dot);
  const expected = createHmac('sha256', secret).update(token).digest('base64').replace(/=/g, '');
  const given = Buffer.from(signed.slice(dot + 1));
  return given.length === expected.length && timingSafeEqual(given, Buffer.from(expected))
    ? token
    : undefined;
}

const server = createServer(async (request, response) => {
  if (request.url === '/healthz') return response.end('ok');
  try {
    const token = tokenOf(request.headers.cookie);
    if (!token) return response.writeHead(401).end();
    const sid = createHash('sha256').update(token).digest('hex');
    const found = await pool.query({
      name: 'session',
      text: session.query,
      values: [sid, new Date()],
    });
    if (found.rows.length === 0) return response.writeHead(401).end();
    const { rows } = await pool.query({
      name: 'page',
      text: page.query,
      values: page.params,
      rowMode: 'array',
    });
    const items = rows[0].at(-1); // the page's JSON text is the statement's last column
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    response.end(`{"items":${items},"total":${total}}`);
  } catch (error) {
    response.writeHead(500).end(String(error));
  }
});
server.listen(Number(process.env.PORT), '127.0.0.1');
