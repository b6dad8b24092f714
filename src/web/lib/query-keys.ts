import type { LogPageQuery } from '../../common/logs';

// Every query key in one place; a mutation refreshes a feature's data by prefix (STYLE §3).
export const queryKeys = {
  auth: {
    user: ['auth', 'user'] as const,
  },
  logs: {
    all: ['logs'] as const,
    list: (query: LogPageQuery) => ['logs', 'list', query] as const,
  },
  stats: { all: ['stats'] as const },
};
