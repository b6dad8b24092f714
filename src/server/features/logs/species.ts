import { sql, type AnyColumn } from 'drizzle-orm';
import { logs } from '../../db/schema.js';
import { logRow } from './log-json.js';

/**
 * A species as the lists, the statistics and the lifer flag count it: the log's taxon when it is
 * linked to one, else its trimmed common name compared case-insensitively (`name:barn owl`).
 * Taxon ids (`gbif:2490719`) never start with `name:`, so the two kinds of key never meet. The
 * expression is the one logs_user_species_idx indexes.
 */
const identityOf = (row: { taxonId: AnyColumn; speciesKey: AnyColumn }) =>
  sql<string>`coalesce(${row.taxonId}, 'name:' || ${row.speciesKey})`;

export const speciesIdentity = identityOf(logs);

/**
 * Whether the log "l" is the user's first of its species: no other log of theirs of that
 * species was made before it. A statement inserting "l" does not see it in the table.
 */
export const isFirstOfSpecies = sql<boolean>`NOT EXISTS (SELECT 1 FROM ${logs} o
  WHERE o.user_id = ${logRow.userId} AND o.id <> ${logRow.id}
    AND coalesce(o.taxon_id, 'name:' || o.species_key) = ${identityOf(logRow)}
    AND (o.created_at, o.id) < (${logRow.createdAt}, ${logRow.id}))`;
