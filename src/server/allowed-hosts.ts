import { isIP } from 'node:net';
import { networkInterfaces } from 'node:os';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import { HttpError } from './http-error.js';

// Without PUBLIC_URL the app builds absolute URLs (share links, og:url, OIDC redirects) from the
// request's Host, which the client chooses: only a Host the server knows reaches any route
// (ARCHITECTURE "Configuration": ALLOWED_HOSTS). With PUBLIC_URL the Host is never used for a
// URL, and a proxy may forward its own upstream name, so every Host is served then.

/** A Host header's name and port, lower case; undefined when it is not one. */
export function parseHost(text: string): { hostname: string; port: string } | undefined {
  if (!/^(\[[0-9a-f:.]+\]|[a-z0-9_.-]+)(:\d{1,5})?$/i.test(text)) return undefined;
  try {
    const { hostname, port } = new URL(`http://${text}`); // http: drops :80 on both sides
    return { hostname, port };
  } catch {
    return undefined;
  }
}

/** An ALLOWED_HOSTS entry as the check compares it: name, then `:port` when one is given. */
export const normalHost = (text: string) => {
  const host = parseHost(text);
  return host && (host.port ? `${host.hostname}:${host.port}` : host.hostname);
};

const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];
const WILDCARDS = new Set(['0.0.0.0', '[::]']);

const asHostname = (address: string) => (isIP(address) === 6 ? `[${address}]` : address);

/** The names this server answers to, at any port: loopback, and the address it listens on. */
function ownNames(listenHost: string): string[] {
  const listen = parseHost(asHostname(listenHost))?.hostname;
  if (!listen || !WILDCARDS.has(listen)) return listen ? [...LOOPBACK, listen] : LOOPBACK;
  // Listening on every address: each of the machine's addresses is a listen address (a
  // container's or pod's own IP, which health probes use).
  const addresses = Object.values(networkInterfaces()).flatMap((list) => list ?? []);
  return [...LOOPBACK, ...addresses.map(({ address }) => asHostname(address))];
}

/** True when `host` (a Host header) is one the server answers to. */
export function hostAcceptor(config: Pick<Config, 'host' | 'allowedHosts'>) {
  const names = new Set(ownNames(config.host));
  const allowed = new Set(config.allowedHosts);
  return (host: string) => {
    const parsed = parseHost(host);
    if (!parsed) return false;
    const { hostname, port } = parsed;
    return names.has(hostname) || allowed.has(hostname) || allowed.has(`${hostname}:${port}`);
  };
}

/** Refuses a request whose Host the server does not know (421), when URLs come from the Host. */
export function refuseUnknownHosts(app: FastifyInstance, config: Config) {
  if (config.publicUrl) return;
  const accepts = hostAcceptor(config);
  app.addHook('onRequest', async (request) => {
    if (request.url === '/healthz') return; // probes name the host their own way; no URL is built
    // request.host is X-Forwarded-Host when a trusted proxy sent it (TRUST_PROXY).
    if (accepts(request.host)) return;
    throw new HttpError(
      421,
      `This server does not answer to the host "${request.host}": set PUBLIC_URL, or add the host to ALLOWED_HOSTS`,
    );
  });
}
