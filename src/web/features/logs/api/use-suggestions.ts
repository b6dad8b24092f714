import { useQuery } from '@tanstack/react-query';
import { locationListSchema, speciesListSchema } from '../../../../common/logs/schemas';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

// The form's suggestions (SPEC §2): the species and places of the user's logs.

export const useSpecies = () =>
  useQuery({
    queryKey: queryKeys.species,
    queryFn: ({ signal }) => api('/api/species', speciesListSchema, { signal }),
  });

export const useLocations = () =>
  useQuery({
    queryKey: queryKeys.locations,
    queryFn: ({ signal }) => api('/api/locations', locationListSchema, { signal }),
  });
