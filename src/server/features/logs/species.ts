import { sql, type AnyColumn } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { logs } from '../../db/schema.js';

/** The columns of a log row (the table, or an alias of it) that the SQL below reads. */
interface LogColumns {
  id: AnyColumn;
  userId: AnyColumn;
  taxonId: AnyColumn;
  speciesKey: AnyColumn;
  speciesUnit: AnyColumn;
  observedAt: AnyColumn;
  createdAt: AnyColumn;
  captive: AnyColumn;
}

/**
 * A row of the lists (issue 32): the species a log counts as (its species_unit, `sci:tyto alba`
 * or `name:barn owl`), else, for a log that counts as no species (a spuh, a slash, a hybrid),
 * `other:` and its taxon or its common name in lower case: kept and shown, not counted. The
 * expression is the one logs_user_species_idx indexes.
 */
const listKeyOf = (row: Pick<LogColumns, 'taxonId' | 'speciesKey' | 'speciesUnit'>) =>
  sql<string>`coalesce(${row.speciesUnit}, 'other:' || coalesce(${row.taxonId}, 'name:' || ${row.speciesKey}))`;

export const listKey = listKeyOf(logs);

/** The species a log counts as; null for one that counts as none. count(DISTINCT …) skips those. */
export const speciesUnit = sql<string | null>`${logs.speciesUnit}`;

const OTHER = 'o';
const other = alias(logs, OTHER);

/**
 * Another wild log of the user, of the same species as `row`, that `before` says comes first: a
 * captive or cultivated one is on no life list by default (issue 32), so it comes before none.
 */
const otherOfSpecies = (row: LogColumns, before: ReturnType<typeof sql>) => sql`EXISTS (
  SELECT 1 FROM ${logs} ${sql.identifier(OTHER)}
  WHERE ${other.userId} = ${row.userId} AND ${other.id} <> ${row.id}
    AND ${listKeyOf(other)} = ${listKeyOf(row)} AND NOT ${other.captive} AND ${before})`;

/** A log that may be a lifer: it counts as a species, and was wild (eBird's and iNaturalist's rule). */
const listable = (row: LogColumns) => sql`${row.speciesUnit} IS NOT NULL AND NOT ${row.captive}`;

/**
 * Whether the log `row` is new to the user's life list (a create's `lifer`): it counts as a
 * species, is wild, and no other wild log of theirs of that species was made before it. A
 * statement inserting the row does not see it in the table; a replayed create answers as the
 * first did.
 */
export const isFirstOfSpecies = (row: LogColumns) =>
  sql<boolean>`${listable(row)} AND NOT ${otherOfSpecies(
    row,
    sql`(${other.createdAt}, ${other.id}) < (${row.createdAt}, ${row.id})`,
  )}`;

/**
 * Whether the log `row` is the user's first observation of its species: the one their life list
 * shows it by (the lists' firstLogId), in the order observed, then made, then id; false for a log
 * that counts as no species or was captive. One probe of logs_user_species_idx.
 */
export const isFirstObservedOfSpecies = (row: LogColumns) =>
  sql<boolean>`${listable(row)} AND NOT ${otherOfSpecies(
    row,
    sql`(${other.observedAt}, ${other.createdAt}, ${other.id}) < (${row.observedAt}, ${row.createdAt}, ${row.id})`,
  )}`;
