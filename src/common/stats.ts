import { z } from 'zod';
import { outingFilter } from './logs/schemas.js';
import { queryDay, queryParam, queryTimeZone } from './query-params.js';

// Stats of the signed-in user's logs (ARCHITECTURE "Stats").

export const TOP_SPECIES_LIMIT = 10;
export const MAX_TOP_SPECIES_LIMIT = 100;
export const statsBuckets = ['day', 'week', 'month'] as const;
export type StatsBucket = (typeof statsBuckets)[number];
/** What ranks the top species: individuals counted (the sum of counts) or logs (issue 23). */
export const topSpeciesRankings = ['individuals', 'logs'] as const;
export type TopSpeciesRanking = (typeof topSpeciesRankings)[number];

/** Whole days from `from` to `to` (inclusive), as the calendar reads in `tz`; one outing's logs with `outingId`. */
export const statsRangeSchema = z.object({
  from: queryDay('From date'),
  to: queryDay('To date'),
  tz: queryTimeZone,
  outingId: outingFilter,
});
export type StatsRange = z.infer<typeof statsRangeSchema>;

export const topSpeciesQuerySchema = statsRangeSchema.extend({
  limit: queryParam(
    z.coerce
      .number({ error: 'Limit must be a number' })
      .int('Limit must be a whole number')
      .min(1, 'Limit must be at least 1')
      .max(MAX_TOP_SPECIES_LIMIT, `Limit must be at most ${MAX_TOP_SPECIES_LIMIT}`)
      .default(TOP_SPECIES_LIMIT),
  ),
  by: queryParam(
    z.enum(topSpeciesRankings, { error: 'By must be individuals or logs' }).default('individuals'),
  ).describe(
    'individuals: most individuals first (the sum of counts); logs: most logs first. Ties: the species in code-point order',
  ),
});
export type TopSpeciesQuery = z.infer<typeof topSpeciesQuerySchema>;

export const timeSeriesQuerySchema = statsRangeSchema.extend({
  bucket: queryParam(
    z.enum(statsBuckets, { error: 'Bucket must be day, week or month' }).default('week'),
  ),
});
export type TimeSeriesQuery = z.infer<typeof timeSeriesQuerySchema>;

export const statsSummarySchema = z.object({
  totalSightings: z
    .number()
    .int()
    .describe("Individuals counted: the sum of the logs' counts; an X or a 0 adds none"),
  uniqueSpecies: z.number().int(),
  totalLogs: z.number().int(),
  uncountedLogs: z
    .number()
    .int()
    .describe(
      "Logs of a species present, not counted (eBird's X): in totalLogs, not in totalSightings",
    ),
});
export type StatsSummary = z.infer<typeof statsSummarySchema>;

/**
 * A species is its taxon when the log is linked to one, else its trimmed common name
 * case-insensitively (as the lists count it); shown in its most used spelling. Each row carries
 * both figures, whichever ranks them.
 */
export const topSpeciesSchema = z.array(
  z.object({
    species: z.string(),
    totalCount: z
      .number()
      .int()
      .describe("Individuals counted: the sum of its logs' counts; an X or a 0 adds none"),
    logCount: z.number().int().describe('How many logs it has'),
  }),
);
export type TopSpecies = z.infer<typeof topSpeciesSchema>;

/** Weeks start on Monday; only buckets with sightings are listed, oldest first. */
export const timeSeriesSchema = z.array(
  z.object({ bucketStart: z.iso.date(), totalCount: z.number().int() }),
);
export type TimeSeries = z.infer<typeof timeSeriesSchema>;

/**
 * The growth of the species list of the logs in the range (issue 34): without a range, the life
 * list. A species counts as on the lists (never a captive log; an X counts its species) from
 * the day, in tz, of its first log in the range. Only days that add species are listed, oldest first.
 */
export const listGrowthSchema = z.array(
  z.object({
    day: z.iso.date(),
    newSpecies: z.number().int().describe('Species first seen that day'),
    totalSpecies: z.number().int().describe('Species on the list at the end of that day'),
  }),
);
export type ListGrowth = z.infer<typeof listGrowthSchema>;

const speciesInPeriodsSchema = z.array(
  z.object({
    periodStart: z.iso.date(),
    species: z.number().int().describe('Distinct species seen in the period, as the lists count'),
  }),
);

/** Distinct species per calendar month and per year in tz (issue 34); only periods with any. */
export const speciesByPeriodSchema = z.object({
  months: speciesInPeriodsSchema,
  years: speciesInPeriodsSchema,
});
export type SpeciesByPeriod = z.infer<typeof speciesByPeriodSchema>;
