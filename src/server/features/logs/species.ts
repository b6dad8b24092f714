import { sql } from 'drizzle-orm';
import { logs } from '../../db/schema.js';

/**
 * A species as the lists, the statistics and the lifer flag count it: the log's taxon when it is
 * linked to one, else its trimmed common name compared case-insensitively (`name:barn owl`).
 * Taxon ids (`gbif:2490719`) never start with `name:`, so the two kinds of key never meet.
 */
export const speciesIdentity = sql<string>`coalesce(${logs.taxonId}, 'name:' || ${logs.speciesKey})`;
