import type { QueryClient } from '@tanstack/react-query';
import type { User } from '../../common/auth/schemas';
import type { LogPageQuery } from '../../common/logs/schemas';
import type { StatsBucket } from '../../common/stats';

type StatsRangeKey = Record<string, string>;

// Every query key in one place; a mutation refreshes a feature's data by prefix (STYLE §3).
export const queryKeys = {
  auth: {
    user: ['auth', 'user'] as const,
    /** Whether sign-up needs an invitation here (the first account never does). */
    registration: ['auth', 'registration'] as const,
    /** What an invitation link's token names: valid, used or expired. */
    invitation: (token: string) => ['auth', 'invitation', token] as const,
  },
  /** The admin page's users, open invitations, sensitive taxa and reference data. */
  admin: {
    all: ['admin'] as const,
    users: ['admin', 'users'] as const,
    invitations: ['admin', 'invitations'] as const,
    /** The sensitive taxa whose logs stay obscured or private (issue 35). */
    sensitiveTaxa: ['admin', 'sensitive-taxa'] as const,
    /** The occurrence model's last build and reference sets (issue 36). */
    occurrences: ['admin', 'occurrences'] as const,
  },
  /** The review of unusual records (issue 36): a page of the queue or of the decided ones. */
  review: {
    all: ['review'] as const,
    list: (status: 'open' | 'decided', page: number) => ['review', 'list', status, page] as const,
    /** Whether the signed-in account may review (an admin always may): the user menu's item. */
    mayReview: ['review', 'may-review'] as const,
  },
  logs: {
    all: ['logs'] as const,
    list: (query: LogPageQuery) => ['logs', 'list', query] as const,
    detail: (id: string) => ['logs', 'detail', id] as const,
    geo: (filters: Record<string, string>) => ['logs', 'geo', filters] as const,
  },
  /** A public log seen through its share link; not under `logs`: no write of ours changes it. */
  sharedLog: (id: string) => ['shared-log', id] as const,
  /** A public outing seen through its share link (issue 22). */
  sharedOuting: (id: string) => ['shared-outing', id] as const,
  /** The outing being tallied on this device (features/outings/tally), kept in IndexedDB. */
  outingTally: ['outing-tally'] as const,
  /** Log writes kept on this device while offline (features/offline/offline-queue.ts). */
  offlineWrites: ['offline-writes'] as const,
  species: ['species'] as const,
  /** The backbone's taxa for a search text: the same for every user, never stale. */
  taxa: (
    search: string,
    zone?: string | null,
    place?: { latitude: number; longitude: number; date: string } | null,
  ) => ['taxa', search, zone ?? null, place ?? null] as const,
  /** The account page: profile, licence and storage (the export dialog reads the licence too). */
  account: {
    profile: ['account', 'profile'] as const,
    sessions: ['account', 'sessions'] as const,
    /** The personal access tokens stations post detections with (issue 37). */
    tokens: ['account', 'tokens'] as const,
    /** The check of positions filled from photos (issue 31): run on demand, never refetched. */
    photoPositions: ['account', 'photo-positions'] as const,
    /** The accounts that see the exact places of the user's obscured logs (issue 35). */
    trustedViewers: ['account', 'trusted-viewers'] as const,
  },
  locations: ['locations'] as const,
  /** Outings (issue 22): a page of the list, some by id, one outing with its logs. */
  outings: {
    all: ['outings'] as const,
    list: (page: number) => ['outings', 'list', page] as const,
    /** The outings of a page of logs, for its headings (features/logs). */
    some: (ids: string[]) => ['outings', 'some', ids] as const,
    detail: (id: string) => ['outings', 'detail', id] as const,
    /** Its detections to confirm and those decided (issue 37). */
    detections: (id: string) => ['outings', 'detections', id] as const,
  },
  lists: {
    all: ['lists'] as const,
    list: (query: Record<string, string>) => ['lists', query] as const,
  },
  stats: {
    all: ['stats'] as const,
    summary: (range: StatsRangeKey) => ['stats', 'summary', range] as const,
    topSpecies: (range: StatsRangeKey) => ['stats', 'top-species', range] as const,
    timeSeries: (range: StatsRangeKey, bucket: StatsBucket) =>
      ['stats', 'time-series', range, bucket] as const,
    listGrowth: (range: StatsRangeKey) => ['stats', 'list-growth', range] as const,
    speciesByPeriod: (range: StatsRangeKey) => ['stats', 'species-by-period', range] as const,
  },
};

/** SPEC §7 cache refresh: what a create, update, delete or import of logs leaves stale. */
export const afterLogWrite = [
  queryKeys.logs.all,
  queryKeys.species,
  queryKeys.locations,
  queryKeys.stats.all,
  queryKeys.lists.all,
  queryKeys.outings.all, // an outing counts its logs' species and individuals
];

/** The signed-in user's id, as the current-user query last saw it. */
export const currentUserId = (queryClient: QueryClient) =>
  queryClient.getQueryData<User | null>(queryKeys.auth.user)?.id;
