import type { FastifyReply } from 'fastify';

/**
 * Where the browser goes once a `pwa=true` sign-in has created the user's session. For now
 * it is the app's home page, like any other sign-in; the installed-app bridge (SPEC §4,
 * ARCHITECTURE "Auth") sends it to `/pwa-auth-complete?token=T` for this user instead.
 */
export async function pwaSignInRedirect(reply: FastifyReply, _userId: string) {
  return reply.redirect('/');
}
