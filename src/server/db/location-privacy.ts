import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

// Issue 35: how a log's or an outing's place shows to others, as SQL every reader writes (the
// list, a log, an outing, the shared pages, the exports). The parts are kept by migration 0020:
// the owner's level, the embargo's day, and each log's sensitive_level (its taxon's rules).
// Levels: 0 open, 1 obscured, 2 private; the strictest wins.

type Column = SQL | AnyColumn;

/** 2 while an embargo runs (until its day in UTC), else 0. */
const embargo = (until: Column) => sql`embargo_level(${until})`;

/**
 * An outing's level: its own choice and embargo, and what its public logs say (kept on it by
 * migration 0020's triggers: an open log beside a nest would show where the nest is); 0 for
 * none. Its alias is its own: it nests anywhere.
 */
export const outingLevelSql = (outingId: Column) => sql`coalesce((SELECT greatest(
    privacy_outing.location_privacy, ${embargo(sql`privacy_outing.location_embargo_until`)},
    privacy_outing.logs_privacy, privacy_outing.logs_sensitive,
    ${embargo(sql`privacy_outing.logs_embargo_until`)})
  FROM outings privacy_outing WHERE privacy_outing.id = ${outingId}), 0)::smallint`;

/**
 * The level of an outing row a statement joined (columns of `outings`): outingLevelSql without
 * its lookup.
 */
export const joinedOutingLevelSql = (table: string) => {
  const column = (name: string) => sql.raw(`"${table}"."${name}"`);
  return sql`coalesce(greatest(${column('location_privacy')},
    ${embargo(column('location_embargo_until'))}, ${column('logs_privacy')},
    ${column('logs_sensitive')}, ${embargo(column('logs_embargo_until'))}), 0)::smallint`;
};

interface LogPrivacyColumns {
  locationPrivacy: Column;
  locationEmbargoUntil: Column;
  sensitiveLevel: Column;
}

/**
 * A log's place as others see it, as JSON (locationShownSchema), given its outing's level
 * (`inherited`): a column, so that location_shown stays an expression the planner inlines.
 */
export const logLocationShownSql = (log: LogPrivacyColumns, inherited: Column) =>
  sql`location_shown(${log.locationPrivacy}, ${embargo(log.locationEmbargoUntil)},
    ${log.sensitiveLevel}, ${inherited}, 'outing')`;

/** An outing's place as others see it, as JSON: its own, its logs' rules, their choices. */
export const outingLocationShownSql = (outing: {
  locationPrivacy: Column;
  locationEmbargoUntil: Column;
  logsPrivacy: Column;
  logsSensitive: Column;
  logsEmbargoUntil: Column;
}) => sql`location_shown(${outing.locationPrivacy}, ${embargo(outing.locationEmbargoUntil)},
    ${outing.logsSensitive}, greatest(${outing.logsPrivacy}, ${embargo(outing.logsEmbargoUntil)}),
    'logs')`;
