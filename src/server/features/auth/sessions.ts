import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyCookie from '@fastify/cookie';
import { SESSION_HINT_COOKIE } from '../../../common/routes.js';
import type { Config } from '../../config.js';
import type { SessionData } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import {
  deleteSession,
  deleteUserSessions,
  extendSession,
  findLiveSession,
  openSession,
} from './session-store.js';
import { SignInRefused } from './refusals.js';

// Server-side sessions in the `sessions` table (ARCHITECTURE "sessions"). The cookie holds a
// random token, signed with SESSION_SECRET; the table holds only its SHA-256, so a copy of the
// database opens no session. Sessions expire after 30 days without use.

export const SESSION_COOKIE = 'sid';
export const SESSION_IDLE_MS = 30 * 24 * 60 * 60 * 1000;
const EXTEND_AFTER_MS = 24 * 60 * 60 * 1000; // refresh expiry at most once a day per session
const USER_AGENT_MAX = 512; // kept with the session; longer ones are cut

/** The id a session is shown by (the account's session list): not the key its row is stored by. */
export const publicSessionId = (sid: string) =>
  createHash('sha256').update(`session:${sid}`).digest('base64url').slice(0, 22);

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null. Set for /api/* and /objects/* requests. */
    userId: string | null;
    sessionId: string | null;
  }
  interface FastifyReply {
    /** A new session for the user; `details` are kept with it (the OIDC ID token). */
    signIn(userId: string, details?: Omit<SessionData, 'userId'>): Promise<void>;
    signOut(): Promise<void>;
    /** Ends every session of the signed-in user, this one included. */
    signOutEverywhere(): Promise<void>;
  }
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The signed-in user's id, or 401 (SPEC §6: the web app reads 'Unauthorized' in the message). */
export function requireUserId(request: FastifyRequest): string {
  if (!request.userId) throw new HttpError(401, 'Unauthorized');
  return request.userId;
}

/** Cookies are `Secure` when the app is served over https (directly or behind PUBLIC_URL). */
export const isSecureOrigin = (config: Config, request: FastifyRequest) =>
  config.publicUrl?.startsWith('https:') || request.protocol === 'https';

export const sessionsPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    await app.register(fastifyCookie, { secret: config.sessionSecret });
    const cookieOptions = (request: FastifyRequest) => ({
      path: '/',
      httpOnly: true,
      sameSite: 'lax' as const,
      secure: isSecureOrigin(config, request),
      signed: true,
    });

    app.decorateRequest('userId', null);
    app.decorateRequest('sessionId', null);

    app.addHook('onRequest', async (request, reply) => {
      const path = request.url;
      const raw = request.cookies[SESSION_COOKIE];
      // a page opened with a session from before the hint existed gets the hint (once)
      const hintMissing = raw !== undefined && request.cookies[SESSION_HINT_COOKIE] === undefined;
      const needsSession = path.startsWith('/api/') || path.startsWith('/objects/');
      if (!needsSession && !hintMissing) return; // assets and pages need no session
      const unsigned = raw ? request.unsignCookie(raw) : undefined;
      const now = new Date();
      const sid = unsigned?.valid && unsigned.value ? hashToken(unsigned.value) : undefined;
      const session = sid ? await findLiveSession(app.db, sid, now) : undefined;
      if (!session || !sid || !unsigned?.value) {
        clearStaleHint(request, reply);
        return;
      }
      request.userId = session.sess.userId;
      request.sessionId = sid;
      if (request.cookies[SESSION_HINT_COOKIE] === undefined) {
        setSessionCookie(reply, unsigned.value); // a session from before the hint existed
      } else if (session.expire.getTime() - now.getTime() < SESSION_IDLE_MS - EXTEND_AFTER_MS) {
        const expire = new Date(now.getTime() + SESSION_IDLE_MS);
        await extendSession(app.db, sid, session.sess.userId, expire);
        setSessionCookie(reply, unsigned.value);
      }
    });

    function setSessionCookie(reply: FastifyReply, token: string) {
      reply.setCookie(SESSION_COOKIE, token, {
        ...cookieOptions(reply.request),
        maxAge: SESSION_IDLE_MS / 1000,
      });
      reply.setCookie(SESSION_HINT_COOKIE, '1', {
        ...cookieOptions(reply.request),
        httpOnly: false, // for the page to read
        signed: false,
        maxAge: SESSION_IDLE_MS / 1000,
      });
    }

    /** A hint of a session that is no longer there goes, so the page stops asking. */
    function clearStaleHint(request: FastifyRequest, reply: FastifyReply) {
      if (request.cookies[SESSION_HINT_COOKIE] !== undefined) {
        reply.clearCookie(SESSION_HINT_COOKIE, { path: '/' });
      }
    }

    app.decorateReply(
      'signIn',
      async function (
        this: FastifyReply,
        userId: string,
        details: Omit<SessionData, 'userId'> = {},
      ) {
        // A new id on every sign-in: a session id planted before sign-in is worth nothing after it.
        if (this.request.sessionId) await deleteSession(app.db, this.request.sessionId);
        const token = randomBytes(32).toString('base64url');
        const sid = hashToken(token);
        const now = new Date();
        // when and where it began: the account page lists the sessions by these
        const userAgent = this.request.headers['user-agent']?.slice(0, USER_AGENT_MAX);
        const opened = await openSession(
          app.db,
          sid,
          { ...details, userId, createdAt: now.toISOString(), ...(userAgent && { userAgent }) },
          new Date(now.getTime() + SESSION_IDLE_MS),
        );
        // every way in (password, provider, reset link, installed-app bridge) passes here
        if (opened === 'disabled') throw new SignInRefused('disabled');
        if (opened === 'gone') throw new HttpError(401, 'Unauthorized');
        this.request.userId = userId;
        this.request.sessionId = sid;
        setSessionCookie(this, token);
      },
    );

    app.decorateReply('signOut', async function (this: FastifyReply) {
      if (this.request.sessionId) await deleteSession(app.db, this.request.sessionId);
      this.request.userId = null;
      this.request.sessionId = null;
      this.clearCookie(SESSION_COOKIE, { path: '/' });
      this.clearCookie(SESSION_HINT_COOKIE, { path: '/' });
    });

    app.decorateReply('signOutEverywhere', async function (this: FastifyReply) {
      if (this.request.userId) await deleteUserSessions(app.db, this.request.userId);
      await this.signOut();
    });
  },
  { name: 'sessions', dependencies: ['database'] },
);
