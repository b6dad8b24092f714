import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import {
  aLog,
  cookieOf,
  createLogAs,
  randomIp,
  signUp,
  stores,
  sampleImage,
  testConfig,
  toneWav,
  uploadPhotoAs,
  type TestUser,
} from '../support/helpers.js';

// R1: every registered route × anonymous / owner / other user × public / private log.
// The route list comes from the app itself: a new route without an entry here fails.

type Actor = 'anonymous' | 'owner' | 'other';
type Visibility = 'public' | 'private';
const actors: Actor[] = ['anonymous', 'owner', 'other'];

interface World {
  app: FastifyInstance;
  users: Record<'owner' | 'other', TestUser>;
  logs: Record<Visibility, { id: string }>;
  /** The object path of the photo on each of the owner's logs. */
  photos: Record<Visibility, string>;
  cookie(actor: Actor): Record<string, string>;
}

/** The status each actor gets, per visibility of the target log (when the route has one). */
type Expectation = Record<Actor, number> | Record<Visibility, Record<Actor, number>>;

interface RouteCase {
  request(world: World, visibility: Visibility): Promise<InjectOptions>;
  expect: Expectation;
  /** Ends the caller's session: signed-in callers are throwaway users then. */
  endsSession?: boolean;
}

const everyone = (status: number) => ({ anonymous: status, owner: status, other: status });
const signedIn = (status: number) => ({ anonymous: 401, owner: status, other: status });
const ownerOnly = (status: number) => ({ anonymous: 401, owner: status, other: 404 });
/** Admin routes: the owner is the server's first account, so its admin; the other user is not. */
const adminOnly = (status: number) => ({ anonymous: 401, owner: status, other: 403 });
const get = (url: string) => async (): Promise<InjectOptions> => ({ method: 'GET', url });
const photoOnly = { public: everyone(200), private: { anonymous: 404, owner: 200, other: 404 } };

/** A sensitive-taxon rule the owner (the admin) made: its id. */
async function matrixRule(world: World, scientificName = 'Matrixus patchii') {
  const made = await world.app.inject({
    method: 'POST',
    url: '/api/admin/sensitive-taxa',
    headers: world.cookie('owner'),
    payload: { scientificName, level: 'obscured' },
  });
  return (made.json() as { id: string }).id;
}

/** An upload URL of the owner's, with the image already sent when `sent`. */
async function ownerUploadUrl(world: World, sent: boolean) {
  const start = await world.app.inject({
    method: 'POST',
    url: '/api/photos/upload',
    headers: world.cookie('owner'),
  });
  const { uploadURL } = start.json() as { uploadURL: string };
  if (sent) await world.app.inject({ method: 'PUT', url: uploadURL, payload: await sampleImage() });
  return uploadURL;
}

/** A recording upload URL of the owner's, with a WAV already sent (issue 37). */
async function ownerRecordingUrl(world: World) {
  const start = await world.app.inject({
    method: 'POST',
    url: '/api/recordings/upload',
    headers: world.cookie('owner'),
  });
  const { uploadURL } = start.json() as { uploadURL: string };
  await world.app.inject({ method: 'PUT', url: uploadURL, payload: toneWav(1) });
  return uploadURL;
}

/** A fresh outing of the owner's, with one log on it, for the outing routes. */
async function ownerOuting(world: World) {
  const res = await world.app.inject({
    method: 'POST',
    url: '/api/outings',
    headers: world.cookie('owner'),
    payload: { startedAt: '2026-05-02T06:00Z', protocol: 'stationary', durationMinutes: 30 },
  });
  const { id } = res.json() as { id: string };
  await createLogAs(world.app, world.users.owner, { outingId: id });
  return id;
}

/** An outing of the owner's, public or private as the case says, with a public log on it. */
async function ownerSharedOuting(world: World, visibility: Visibility) {
  const res = await world.app.inject({
    method: 'POST',
    url: '/api/outings',
    headers: world.cookie('owner'),
    payload: { startedAt: '2026-05-02T06:00Z', isPublic: visibility === 'public' },
  });
  const { id } = res.json() as { id: string };
  await createLogAs(world.app, world.users.owner, { outingId: id, isPublic: true });
  return id;
}

let detectionSecond = 0;
/** A BirdNET-Pi line of its own (its second makes its key new) on a fresh outing of the owner's. */
async function ownerDetectionsOuting(world: World) {
  const outingId = await ownerOuting(world);
  const second = String(detectionSecond++ % 60).padStart(2, '0');
  await world.app.inject({
    method: 'POST',
    url: `/api/detections/import?outingId=${outingId}`,
    headers: { ...world.cookie('owner'), 'content-type': 'text/plain' },
    payload: `Date;Time;Sci_Name;Com_Name;Confidence;Lat;Lon\n2026-05-02;06:10:${second};Strix aluco;Tawny Owl;0.91;-1;-1\n`,
  });
  return outingId;
}

const matrix: Record<string, RouteCase> = {
  'GET /healthz': { request: get('/healthz'), expect: everyone(200) },
  'GET /api/docs/openapi.json': { request: get('/api/docs/openapi.json'), expect: everyone(200) },
  'GET /api/login': { request: get('/api/login'), expect: everyone(302) },
  // OpenID Connect is not configured here (tests/auth/oidc.test.ts covers it): there is no callback.
  'GET /api/callback': { request: get('/api/callback'), expect: everyone(404) },
  'GET /api/logout': { request: get('/api/logout'), expect: everyone(302), endsSession: true },
  'GET /api/auth/user': { request: get('/api/auth/user'), expect: signedIn(200) },
  'POST /api/auth/register': {
    request: async () => ({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: randomIp(),
      payload: { email: 'not an email', password: 'x' },
    }),
    expect: everyone(400),
  },
  'POST /api/auth/login': {
    request: async () => ({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: randomIp(),
      payload: { email: `nobody-${Math.random()}@example.org`, password: 'wrong password' },
    }),
    expect: everyone(401),
  },
  'DELETE /api/auth/sessions': {
    request: async () => ({ method: 'DELETE', url: '/api/auth/sessions' }),
    expect: { anonymous: 401, owner: 204, other: 204 },
    endsSession: true,
  },
  'GET /api/auth/registration': { request: get('/api/auth/registration'), expect: everyone(200) },
  'GET /api/auth/invitation': {
    // an open invitation of the owner's (the admin): anyone holding the link may ask
    request: async (world) => {
      const made = await world.app.inject({
        method: 'POST',
        url: '/api/admin/invitations',
        headers: world.cookie('owner'),
      });
      const token = new URL(made.json().url).searchParams.get('invitation')!;
      return {
        method: 'GET',
        url: `/api/auth/invitation?token=${token}`,
        remoteAddress: randomIp(),
      };
    },
    expect: everyone(200),
  },
  'POST /api/auth/password-reset': {
    // an unknown link sets no password, whoever asks
    request: async () => ({
      method: 'POST',
      url: '/api/auth/password-reset',
      remoteAddress: randomIp(),
      payload: { token: 'guessed-token', newPassword: 'a long new passphrase' },
    }),
    expect: everyone(400),
  },
  'POST /api/auth/password-reset-request': {
    // no SMTP_URL here: the route says to ask the admin
    request: async () => ({
      method: 'POST',
      url: '/api/auth/password-reset-request',
      remoteAddress: randomIp(),
      payload: { email: 'someone@example.org' },
    }),
    expect: everyone(404),
  },
  'GET /api/admin/users': { request: get('/api/admin/users'), expect: adminOnly(200) },
  'PATCH /api/admin/users/:id': {
    request: async (world) => ({
      method: 'PATCH',
      url: `/api/admin/users/${world.users.other.id}`,
      payload: { storageQuotaMb: 5 },
    }),
    expect: adminOnly(200),
  },
  'POST /api/admin/users/:id/password-reset': {
    request: async (world) => ({
      method: 'POST',
      url: `/api/admin/users/${world.users.other.id}/password-reset`,
    }),
    expect: adminOnly(201),
  },
  'GET /api/admin/invitations': { request: get('/api/admin/invitations'), expect: adminOnly(200) },
  'POST /api/admin/invitations': {
    request: async () => ({ method: 'POST', url: '/api/admin/invitations' }),
    expect: adminOnly(201),
  },
  'DELETE /api/admin/invitations/:id': {
    // a fresh invitation each time, so the revoke succeeds once
    request: async (world) => {
      const made = await world.app.inject({
        method: 'POST',
        url: '/api/admin/invitations',
        headers: world.cookie('owner'),
      });
      return { method: 'DELETE', url: `/api/admin/invitations/${made.json().id}` };
    },
    expect: adminOnly(204),
  },
  // issue 35: the sensitive taxa, the admin's
  'GET /api/admin/sensitive-taxa': {
    request: get('/api/admin/sensitive-taxa'),
    expect: adminOnly(200),
  },
  'POST /api/admin/sensitive-taxa': {
    request: async () => ({
      method: 'POST',
      url: '/api/admin/sensitive-taxa',
      payload: { scientificName: `Matrixus ${randomUUID()}`, level: 'obscured' },
    }),
    expect: adminOnly(201),
  },
  'POST /api/admin/sensitive-taxa/import': {
    request: async () => ({
      method: 'POST',
      url: '/api/admin/sensitive-taxa/import',
      payload: { csv: 'scientific_name,level\nMatrixus importii,private\n' },
    }),
    expect: adminOnly(200),
  },
  'PATCH /api/admin/sensitive-taxa/:id': {
    request: async (world) => ({
      method: 'PATCH',
      url: `/api/admin/sensitive-taxa/${await matrixRule(world)}`,
      payload: { level: 'private' },
    }),
    expect: adminOnly(200),
  },
  'DELETE /api/admin/sensitive-taxa/:id': {
    request: async (world) => ({
      method: 'DELETE',
      url: `/api/admin/sensitive-taxa/${await matrixRule(world, `Matrixus ${randomUUID()}`)}`,
    }),
    expect: adminOnly(204),
  },
  // issue 36: the occurrence model (admins) and the review of flagged records (admins, reviewers)
  'GET /api/admin/occurrences': {
    request: get('/api/admin/occurrences'),
    expect: adminOnly(200),
  },
  'POST /api/admin/occurrences/build': {
    request: async () => ({ method: 'POST', url: '/api/admin/occurrences/build' }),
    expect: adminOnly(200),
  },
  'GET /api/occurrences/pack': {
    request: get('/api/occurrences/pack?lat=42.44&lon=-76.5'),
    expect: signedIn(200),
  },
  'POST /api/occurrences/check': {
    request: async () => ({
      method: 'POST',
      url: '/api/occurrences/check',
      payload: {
        speciesCommon: 'Painted Bunting',
        latitude: 42.44,
        longitude: -76.5,
        observedAt: '2026-05-10T07:00:00-04:00',
      },
    }),
    expect: signedIn(200),
  },
  'GET /api/review/logs': {
    request: get('/api/review/logs'),
    expect: adminOnly(200),
  },
  'POST /api/review/logs/:id': {
    // the owner's logs are not flagged: the admin finds no flagged record of the id
    request: async (world, visibility) => ({
      method: 'POST',
      url: `/api/review/logs/${world.logs[visibility].id}`,
      payload: { status: 'accepted' },
    }),
    expect: adminOnly(404),
  },
  'POST /api/pwa-auth-bridge': {
    // a guessed token opens no session, whoever asks
    request: async () => ({
      method: 'POST',
      url: '/api/pwa-auth-bridge',
      remoteAddress: randomIp(),
      payload: { token: 'guessed-token' },
    }),
    expect: everyone(401),
  },
  'POST /api/pwa-auth-bridge/binding': {
    // a guessed token is no live token, whoever asks
    request: async () => ({
      method: 'POST',
      url: '/api/pwa-auth-bridge/binding',
      remoteAddress: randomIp(),
      payload: { token: 'guessed-token' },
    }),
    expect: everyone(401),
  },
  'GET /api/logs': { request: get('/api/logs'), expect: signedIn(200) },
  'POST /api/logs': {
    request: async () => ({ method: 'POST', url: '/api/logs', payload: aLog() }),
    expect: signedIn(201),
  },
  'GET /api/logs/geo': { request: get('/api/logs/geo'), expect: signedIn(200) },
  'GET /api/logs/:id': {
    request: async (world, visibility) => ({
      method: 'GET',
      url: `/api/logs/${world.logs[visibility].id}`,
    }),
    expect: { public: ownerOnly(200), private: ownerOnly(200) },
  },
  'PUT /api/logs/:id': {
    request: async (world, visibility) => ({
      method: 'PUT',
      url: `/api/logs/${world.logs[visibility].id}`,
      payload: aLog({
        speciesCommon: 'Owner Owl',
        isPublic: visibility === 'public',
        uploadedPhotoUrls: [world.photos[visibility]],
      }),
    }),
    expect: { public: ownerOnly(200), private: ownerOnly(200) },
  },
  'DELETE /api/logs/:id': {
    // a fresh log of the owner each time, so the delete succeeds once
    request: async (world, visibility) => {
      const log = await createLogAs(world.app, world.users.owner, {
        speciesCommon: 'Owner Owl',
        isPublic: visibility === 'public',
      });
      return { method: 'DELETE', url: `/api/logs/${log.id}` };
    },
    expect: { public: ownerOnly(204), private: ownerOnly(204) },
  },
  'GET /api/logs/shared/:id': {
    request: async (world, visibility) => ({
      method: 'GET',
      url: `/api/logs/shared/${world.logs[visibility].id}`,
    }),
    expect: { public: everyone(200), private: everyone(404) },
  },
  'GET /api/species': { request: get('/api/species'), expect: signedIn(200) },
  'GET /api/taxa': { request: get('/api/taxa?q=owl'), expect: signedIn(200) },
  'GET /api/taxa/pack': { request: get('/api/taxa/pack?lang=fr'), expect: signedIn(200) },
  'GET /api/locations': { request: get('/api/locations'), expect: signedIn(200) },
  'GET /api/stats/summary': { request: get('/api/stats/summary'), expect: signedIn(200) },
  'GET /api/stats/top-species': { request: get('/api/stats/top-species'), expect: signedIn(200) },
  'GET /api/stats/time-series': { request: get('/api/stats/time-series'), expect: signedIn(200) },
  'GET /api/stats/list-growth': { request: get('/api/stats/list-growth'), expect: signedIn(200) },
  'GET /api/stats/species-by-period': {
    request: get('/api/stats/species-by-period'),
    expect: signedIn(200),
  },
  'GET /api/lists': { request: get('/api/lists?kind=life'), expect: signedIn(200) },
  'GET /api/outings': { request: get('/api/outings'), expect: signedIn(200) },
  'POST /api/outings': {
    request: async () => ({
      method: 'POST',
      url: '/api/outings',
      payload: { startedAt: '2026-05-02T06:00Z' },
    }),
    expect: signedIn(201),
  },
  'GET /api/outings/:id': {
    request: async (world) => ({ method: 'GET', url: `/api/outings/${await ownerOuting(world)}` }),
    expect: ownerOnly(200),
  },
  'PUT /api/outings/:id': {
    request: async (world) => ({
      method: 'PUT',
      url: `/api/outings/${await ownerOuting(world)}`,
      payload: { startedAt: '2026-05-02T07:00Z', complete: true },
    }),
    expect: ownerOnly(200),
  },
  'GET /api/outings/:id/ebird.csv': {
    request: async (world) => ({
      method: 'GET',
      url: `/api/outings/${await ownerOuting(world)}/ebird.csv`,
    }),
    expect: ownerOnly(200),
  },
  // issue 37: detections in, to confirm on the owner's outing
  'POST /api/detections/import': {
    request: async () => ({
      method: 'POST',
      url: '/api/detections/import',
      headers: { 'content-type': 'text/plain' },
      payload:
        'Date;Time;Sci_Name;Com_Name;Confidence;Lat;Lon\n2026-05-02;06:00:00;Strix aluco;Tawny Owl;0.91;-1;-1\n',
    }),
    expect: signedIn(201),
  },
  'GET /api/outings/:id/detections': {
    request: async (world) => ({
      method: 'GET',
      url: `/api/outings/${await ownerDetectionsOuting(world)}/detections`,
    }),
    expect: ownerOnly(200),
  },
  'POST /api/outings/:id/detections/confirm': {
    request: async (world) => ({
      method: 'POST',
      url: `/api/outings/${await ownerDetectionsOuting(world)}/detections/confirm`,
      payload: { speciesKey: 'Strix aluco' },
    }),
    expect: ownerOnly(201),
  },
  'POST /api/outings/:id/detections/reject': {
    request: async (world) => ({
      method: 'POST',
      url: `/api/outings/${await ownerDetectionsOuting(world)}/detections/reject`,
      payload: { speciesKey: 'Strix aluco' },
    }),
    expect: ownerOnly(200),
  },
  'GET /api/export/ebird.csv': { request: get('/api/export/ebird.csv'), expect: signedIn(200) },
  'GET /api/outings/shared/:id': {
    request: async (world, visibility) => ({
      method: 'GET',
      url: `/api/outings/shared/${await ownerSharedOuting(world, visibility)}`,
    }),
    // as a shared log: anyone sees a public outing; a private one is not found, for its owner too
    expect: { public: everyone(200), private: everyone(404) },
  },
  'DELETE /api/outings/:id': {
    request: async (world) => ({
      method: 'DELETE',
      url: `/api/outings/${await ownerOuting(world)}?withLogs=true`,
    }),
    expect: ownerOnly(204),
  },
  'GET /api/lists.csv': {
    request: get('/api/lists.csv?kind=year&year=2026'),
    expect: signedIn(200),
  },
  'GET /api/export.csv': { request: get('/api/export.csv'), expect: signedIn(200) },
  'GET /api/export.geojson': { request: get('/api/export.geojson'), expect: signedIn(200) },
  'GET /api/export/dwca.zip': { request: get('/api/export/dwca.zip'), expect: signedIn(200) },
  'POST /api/import': {
    request: async () => ({
      method: 'POST',
      url: '/api/import',
      headers: { 'content-type': 'text/csv' },
      payload: 'not,a,known,format\n1,2,3,4\n',
    }),
    expect: signedIn(400),
  },
  'POST /api/photos/upload': {
    request: async () => ({ method: 'POST', url: '/api/photos/upload' }),
    expect: signedIn(200),
  },
  'PUT /api/photos/uploads/:id': {
    // the signed URL, not a session, authorises the upload (as on S3)
    request: async (world) => ({
      method: 'PUT',
      url: await ownerUploadUrl(world, false),
      headers: { 'content-type': 'image/png' },
      payload: await sampleImage(),
    }),
    expect: everyone(204),
  },
  'PUT /api/photos/complete': {
    request: async (world) => ({
      method: 'PUT',
      url: '/api/photos/complete',
      payload: { photoURL: await ownerUploadUrl(world, true) },
    }),
    expect: ownerOnly(200),
  },
  'POST /api/recordings/upload': {
    request: async () => ({ method: 'POST', url: '/api/recordings/upload' }),
    expect: signedIn(200),
  },
  'PUT /api/recordings/complete': {
    request: async (world) => ({
      method: 'PUT',
      url: '/api/recordings/complete',
      payload: { recordingURL: await ownerRecordingUrl(world) },
    }),
    expect: ownerOnly(200),
  },
  'GET /api/account': { request: get('/api/account'), expect: signedIn(200) },
  'PUT /api/account': {
    request: async () => ({ method: 'PUT', url: '/api/account', payload: { firstName: 'Same' } }),
    expect: signedIn(200),
  },
  'PUT /api/account/password': {
    // a wrong current password: the matrix's users keep theirs
    request: async () => ({
      method: 'PUT',
      url: '/api/account/password',
      payload: { currentPassword: 'not the password', newPassword: 'another fine passphrase' },
    }),
    expect: signedIn(403),
  },
  'GET /api/account/sessions': { request: get('/api/account/sessions'), expect: signedIn(200) },
  'DELETE /api/account/sessions/:id': {
    // a second session of the owner's, made for the case: the other user does not find it
    request: async (world) => {
      const { email, password } = world.users.owner;
      const login = await world.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: randomIp(),
        payload: { email, password },
      });
      const sessions = await world.app.inject({
        method: 'GET',
        url: '/api/account/sessions',
        headers: { cookie: cookieOf(login) },
      });
      const made = (sessions.json() as Array<{ id: string; current: boolean }>).find(
        (session) => session.current,
      )!;
      return { method: 'DELETE', url: `/api/account/sessions/${made.id}` };
    },
    expect: { anonymous: 401, owner: 204, other: 404 },
  },
  'DELETE /api/account': {
    request: async () => ({
      method: 'DELETE',
      url: '/api/account',
      payload: { confirmEmail: 'someone-else@example.org', password: 'correct horse battery' },
    }),
    expect: signedIn(400),
  },
  // issue 35: an owner's trusted viewers, their own only
  'GET /api/account/trusted-viewers': {
    request: get('/api/account/trusted-viewers'),
    expect: signedIn(200),
  },
  'POST /api/account/trusted-viewers': {
    // a third account each time: whoever asks trusts it; nothing of the owner's comes back
    request: async (world) => ({
      method: 'POST',
      url: '/api/account/trusted-viewers',
      payload: { email: (await signUp(world.app, 'viewer')).email },
    }),
    expect: signedIn(201),
  },
  'DELETE /api/account/trusted-viewers/:id': {
    // the owner's trust in the other user: another account has nothing to remove
    request: async (world) => {
      await world.app.inject({
        method: 'POST',
        url: '/api/account/trusted-viewers',
        headers: world.cookie('owner'),
        payload: { email: world.users.other.email },
      });
      return { method: 'DELETE', url: `/api/account/trusted-viewers/${world.users.other.id}` };
    },
    expect: { anonymous: 401, owner: 204, other: 404 },
  },
  'GET /api/account/photo-positions': {
    request: get('/api/account/photo-positions'),
    expect: signedIn(200),
  },
  'POST /api/account/photo-positions/fix': {
    // each user's own logs only: another's ids fix nothing and are not named back
    request: async (world, visibility) => ({
      method: 'POST',
      url: '/api/account/photo-positions/fix',
      payload: { logIds: [world.logs[visibility].id] },
    }),
    expect: { public: signedIn(200), private: signedIn(200) },
  },
  // issue 37: personal access tokens (a token itself opens none of these: tests/detections)
  'GET /api/account/tokens': { request: get('/api/account/tokens'), expect: signedIn(200) },
  'POST /api/account/tokens': {
    request: async () => ({ method: 'POST', url: '/api/account/tokens', payload: { name: 'Pi' } }),
    expect: signedIn(201),
  },
  'DELETE /api/account/tokens/:id': {
    // a fresh token of the owner's: another account does not find it
    request: async (world) => {
      const made = await world.app.inject({
        method: 'POST',
        url: '/api/account/tokens',
        headers: world.cookie('owner'),
        payload: { name: 'Matrix Pi' },
      });
      return { method: 'DELETE', url: `/api/account/tokens/${made.json().id}` };
    },
    expect: { anonymous: 401, owner: 204, other: 404 },
  },
  'GET /api/account/archive.zip': {
    request: get('/api/account/archive.zip'),
    expect: signedIn(200),
  },
  'GET /objects/uploads/:id': {
    request: async (world, visibility) => ({ method: 'GET', url: world.photos[visibility] }),
    expect: photoOnly,
  },
  'GET /objects/uploads/:id/:variant': {
    request: async (world, visibility) => ({
      method: 'GET',
      url: `${world.photos[visibility]}/thumbnail.webp`,
    }),
    expect: photoOnly,
  },
};

describe.each(stores)('authorization matrix on $store', ({ databaseUrl }) => {
  let world: World;
  beforeAll(async () => {
    const app = await buildApp(testConfig({ databaseUrl }));
    const owner = await signUp(app, 'matrix-owner');
    const other = await signUp(app, 'matrix-other');
    const photos = {
      public: await uploadPhotoAs(app, owner),
      private: await uploadPhotoAs(app, owner),
    };
    const logs = {
      public: await createLogAs(app, owner, {
        speciesCommon: 'Owner Owl',
        placeName: 'Owner Orchard',
        latitude: 12.345678, // on the map and in the GeoJSON: the owner's only
        longitude: 98.765432,
        isPublic: true,
        uploadedPhotoUrls: [photos.public],
      }),
      private: await createLogAs(app, owner, {
        speciesCommon: 'Owner Owl',
        placeName: 'Owner Orchard',
        latitude: 12.345678,
        longitude: 98.765432,
        isPublic: false,
        uploadedPhotoUrls: [photos.private],
      }),
    };
    const users = { owner, other };
    world = {
      app,
      users,
      logs,
      photos,
      cookie: (actor): Record<string, string> =>
        actor === 'anonymous' ? {} : { cookie: users[actor].cookie },
    };
  });
  afterAll(() => world.app.close());

  it('has an entry for every registered route', () => {
    const registered = world.app.routeTable
      .filter(({ method }) => method !== 'HEAD' && method !== 'OPTIONS')
      .map(({ method, url }) => `${method} ${url}`);
    expect(registered.filter((route) => !(route in matrix))).toEqual([]);
    expect(Object.keys(matrix).filter((route) => !registered.includes(route))).toEqual([]);
  });

  // The owner's words, ids and places; none may reach anyone but the owner (or the public page).
  const ownerData = () => [
    world.users.owner.id,
    world.logs.private.id,
    'Owner Owl',
    'Owner Orchard',
  ];
  const exactPoint = ['12.345678', '98.765432']; // not even the public page shows it (0.01°)

  for (const [route, routeCase] of Object.entries(matrix)) {
    for (const visibility of 'public' in routeCase.expect
      ? (['public', 'private'] as const)
      : (['public'] as const)) {
      for (const actor of actors) {
        it(`${route} as ${actor}${'public' in routeCase.expect ? ` on a ${visibility} log` : ''}`, async () => {
          const expected =
            'public' in routeCase.expect
              ? routeCase.expect[visibility][actor]
              : routeCase.expect[actor];
          const sessionEnding = routeCase.endsSession && actor !== 'anonymous';
          const caller = sessionEnding
            ? { cookie: (await signUp(world.app, 'throwaway')).cookie }
            : world.cookie(actor);
          const request = await routeCase.request(world, visibility);
          const res = await world.app.inject({
            ...request,
            headers: { ...request.headers, ...caller },
          });
          expect(res.statusCode).toBe(expected);
          if (res.statusCode >= 400) {
            expect(res.json()).toEqual({
              message: expect.any(String),
              ...('issues' in res.json() ? { issues: expect.any(Array) } : {}),
            });
          }
          const mayShowOwnerData =
            actor === 'owner' || (route === 'GET /api/logs/shared/:id' && visibility === 'public');
          if (!mayShowOwnerData) {
            for (const secret of ownerData())
              expect(res.body, `${secret} leaked`).not.toContain(secret);
          }
          if (actor !== 'owner') {
            for (const secret of exactPoint)
              expect(res.body, `${secret} leaked`).not.toContain(secret);
          }
        });
      }
    }
  }
});
