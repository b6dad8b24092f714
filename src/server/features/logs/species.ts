import { sql, type AnyColumn } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { logs } from '../../db/schema.js';

/** The columns of a log row (the table, or an alias of it) that the SQL below reads. */
interface LogColumns {
  id: AnyColumn;
  userId: AnyColumn;
  taxonId: AnyColumn;
  speciesKey: AnyColumn;
  observedAt: AnyColumn;
  createdAt: AnyColumn;
}

/**
 * A species as the lists, the statistics and the lifer flag count it: the log's taxon when it is
 * linked to one, else its trimmed common name compared case-insensitively (`name:barn owl`).
 * Taxon ids (`gbif:2490719`) never start with `name:`, so the two kinds of key never meet. The
 * expression is the one logs_user_species_idx indexes.
 */
const identityOf = (row: Pick<LogColumns, 'taxonId' | 'speciesKey'>) =>
  sql<string>`coalesce(${row.taxonId}, 'name:' || ${row.speciesKey})`;

export const speciesIdentity = identityOf(logs);

const OTHER = 'o';
const other = alias(logs, OTHER);

/** Another log of the user, of the same species as `row`, that `before` says comes first. */
const otherOfSpecies = (row: LogColumns, before: ReturnType<typeof sql>) => sql`EXISTS (
  SELECT 1 FROM ${logs} ${sql.identifier(OTHER)}
  WHERE ${other.userId} = ${row.userId} AND ${other.id} <> ${row.id}
    AND ${identityOf(other)} = ${identityOf(row)} AND ${before})`;

/**
 * Whether the log `row` is new to the user's life list (a create's `lifer`): no other log of
 * theirs of its species was made before it. A statement inserting the row does not see it in the
 * table; a replayed create answers as the first did.
 */
export const isFirstOfSpecies = (row: LogColumns) =>
  sql<boolean>`NOT ${otherOfSpecies(
    row,
    sql`(${other.createdAt}, ${other.id}) < (${row.createdAt}, ${row.id})`,
  )}`;

/**
 * Whether the log `row` is the user's first observation of its species: the one their life list
 * shows it by (the lists' firstLogId), in the order observed, then made, then id. One probe of
 * logs_user_species_idx.
 */
export const isFirstObservedOfSpecies = (row: LogColumns) =>
  sql<boolean>`NOT ${otherOfSpecies(
    row,
    sql`(${other.observedAt}, ${other.createdAt}, ${other.id}) < (${row.observedAt}, ${row.createdAt}, ${row.id})`,
  )}`;
