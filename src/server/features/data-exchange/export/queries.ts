import { and, eq, inArray, isNotNull, ne, sql, type SQL } from 'drizzle-orm';
import type { DataLicense } from '../../../../common/data-exchange/licenses.js';
import type { CountKind } from '../../../../common/logs/count.js';
import type { LocationPrivacy, LocationShown } from '../../../../common/location-privacy.js';
import type { LogFilters } from '../../../../common/logs/schemas.js';
import type { ReviewStatus } from '../../../../common/occurrences.js';
import type { OutingProtocol } from '../../../../common/outings/schemas.js';
import { readInBatches } from '../../../db/batches.js';
import { isoUtc, type Db, type StreamRows } from '../../../db/client.js';
import {
  logPhotos,
  logRecordings,
  logs,
  outings,
  taxa,
  uploads,
  users,
} from '../../../db/schema.js';
import { ianaZone } from '../../../db/zone-names.js';
import { countKindSql } from '../../../db/count-kind.js';
import { joinedOutingLevelSql, logLocationShownSql } from '../../../db/location-privacy.js';
import { isoDay, logFilterWhere, privacyName } from '../../logs/index.js';
import { GBIF_PUBLISHING_SOURCES } from '../../../../common/data-exchange/export.js';
import { pointFeatureJson } from '../../maps/index.js';

// SQL of the export: the user's logs, newest observed first, read a batch at a time.

export const EXPORT_BATCH_SIZE = 500;

/**
 * Where the next batch starts: observed_at and created_at to the microsecond, and the id, the
 * order of logs_user_newest_idx, so that a page reads on from the index and sorts nothing.
 */
interface Keyset {
  id: string;
  cursorAt: string;
  cursorCreatedAt: string;
}

/**
 * A row as readExportRows writes it. Not checked row by row: the SQL below fixes every name and
 * type (drivers hand timestamps over as text because the SQL formats them), and a check cost
 * a tenth of an export's time. tests/data-exchange/export.test.ts compares whole files cell by
 * cell.
 */
export interface ExportRow extends Keyset {
  observedAt: string;
  timeZone: string | null;
  timeKnown: boolean;
  speciesCommon: string;
  speciesScientific: string | null;
  /** The linked taxon of the backbone, when there is one. */
  taxonId: string | null;
  taxonScientificName: string | null;
  taxonRank: string | null;
  kingdom: string | null;
  /** Individuals counted; 0: evidence only; null: present, not counted (eBird's X). */
  count: number | null;
  countKind: CountKind;
  placeName: string | null;
  latitude: number | null;
  longitude: number | null;
  coordinateUncertainty: number | null;
  showExactLocation: boolean;
  description: string | null;
  notes: string | null;
  isPublic: boolean;
  photoUrls: string[];
  /** The uploaded sound recordings' object paths (issue 37), in order. */
  recordingUrls: string[];
  createdAt: string;
  updatedAt: string;
  /** The outing (checklist) the log was made on, and its effort; nulls without one. */
  outingId: string | null;
  outingProtocol: OutingProtocol | null;
  outingDurationMinutes: number | null;
  outingDistanceKm: number | null;
  outingPartySize: number | null;
  outingComplete: boolean | null;
  /** What the record brought from its source (issue 32). */
  county: string | null;
  stateProvince: string | null;
  countryCode: string | null;
  locationId: string | null;
  breedingCode: string | null;
  captive: boolean;
  mediaUrls: string[];
  sourceUrl: string | null;
  /** Issue 35: the owner's choices, and how the place shows to others (the database's ruling). */
  locationPrivacy: LocationPrivacy;
  locationEmbargoUntil: string | null;
  locationShown: LocationShown;
  /** Issue 36: flagged as unusual at entry, and a reviewer's decision. */
  unusual: boolean;
  reviewStatus: ReviewStatus | null;
}

/** A log with coordinates as a GeoJSON feature's text, written by the database. */
export interface FeatureRow extends Keyset {
  feature: string;
}

const photoUrls = sql`array(SELECT ${logPhotos.url} FROM ${logPhotos}
  WHERE ${logPhotos.logId} = ${logs.id} ORDER BY ${logPhotos.position})`;
const recordingUrls = sql`array(SELECT ${logRecordings.url} FROM ${logRecordings}
  WHERE ${logRecordings.logId} = ${logs.id} ORDER BY ${logRecordings.position})`;

/** Every field of a log the files carry, by the name the export reads it under. */
const exportFields: Array<[name: string, value: SQL]> = [
  ['observedAt', isoUtc(logs.observedAt)],
  ['timeZone', ianaZone(logs.timeZone)],
  ['timeKnown', sql`${logs.timeKnown}`],
  ['speciesCommon', sql`${logs.speciesCommon}`],
  ['speciesScientific', sql`${logs.speciesScientific}`],
  ['taxonId', sql`${logs.taxonId}`],
  // the log's taxon, joined by selectRows (null for a free-text log)
  ['taxonScientificName', sql`${taxa.scientificName}`],
  ['taxonRank', sql`${taxa.rank}`],
  ['kingdom', sql`${taxa.kingdom}`],
  ['count', sql`${logs.count}`],
  ['countKind', countKindSql(logs.count)],
  ['placeName', sql`${logs.placeName}`],
  ['latitude', sql`${logs.latitude}`],
  ['longitude', sql`${logs.longitude}`],
  ['coordinateUncertainty', sql`${logs.coordinateUncertainty}`],
  ['showExactLocation', sql`${logs.showExactLocation}`],
  ['description', sql`${logs.description}`],
  ['notes', sql`${logs.notes}`],
  ['isPublic', sql`${logs.isPublic}`],
  ['photoUrls', photoUrls],
  ['recordingUrls', recordingUrls],
  ['createdAt', isoUtc(logs.createdAt)],
  ['updatedAt', isoUtc(logs.updatedAt)],
  // the log's outing, joined by selectRows (null for a log of none)
  ['outingId', sql`${logs.outingId}`],
  ['outingProtocol', sql`${outings.protocol}`],
  ['outingDurationMinutes', sql`${outings.durationMinutes}`],
  ['outingDistanceKm', sql`${outings.distanceKm}`],
  ['outingPartySize', sql`${outings.partySize}`],
  ['outingComplete', sql`${outings.complete}`],
  ['county', sql`${logs.county}`],
  ['stateProvince', sql`${logs.stateProvince}`],
  ['countryCode', sql`${logs.countryCode}`],
  ['locationId', sql`${logs.locationId}`],
  ['breedingCode', sql`${logs.breedingCode}`],
  ['captive', sql`${logs.captive}`],
  ['mediaUrls', sql`coalesce(${logs.mediaUrls}, '{}')`],
  ['sourceUrl', sql`${logs.sourceUrl}`],
  ['locationPrivacy', privacyName(logs.locationPrivacy)],
  ['locationEmbargoUntil', isoDay(logs.locationEmbargoUntil)],
  // its outing's level, joined by selectRows (a column: location_shown stays inlined)
  ['locationShown', logLocationShownSql(logs, sql.raw('privacy_parts.inherited'))],
  ['unusual', sql`${logs.unusual} IS NOT NULL`],
  ['reviewStatus', sql`(SELECT r.status FROM log_reviews r WHERE r.log_id = ${logs.id})`],
];
const selectList = (fields: Array<[string, SQL]>) =>
  sql.join(
    fields.map(([name, value]) => sql`${value} AS ${sql.identifier(name)}`),
    sql`, `,
  );

const rowColumns = selectList(exportFields);

/** Every field of a log but its point, as the GeoJSON export's properties. */
const featureProperties = sql`(SELECT row_to_json(f)::text FROM (SELECT ${selectList([
  ['id', sql`${logs.id}`],
  // the point is the geometry; the taxon is its id, as in the CSV, and the outing too
  ...exportFields.filter(
    ([name]) =>
      !['latitude', 'longitude', 'taxonScientificName', 'taxonRank', 'kingdom'].includes(name) &&
      (name === 'outingId' || !name.startsWith('outing')),
  ),
])}) f)`;

const featureColumns = sql`${pointFeatureJson(
  { longitude: logs.longitude, latitude: logs.latitude },
  featureProperties,
)} AS "feature"`;

function selectRows(columns: SQL, where: SQL | undefined, after?: Keyset, limit?: number): SQL {
  const before = after
    ? sql`(${logs.observedAt}, ${logs.createdAt}, ${logs.id}) < (${after.cursorAt}::timestamptz,
        ${after.cursorCreatedAt}::timestamptz, ${after.id}::uuid)`
    : undefined;
  return sql`
    SELECT ${logs.id} AS "id", ${isoUtc(logs.observedAt, 'US')} AS "cursorAt",
      ${isoUtc(logs.createdAt, 'US')} AS "cursorCreatedAt", ${columns}
    FROM ${logs} LEFT JOIN ${taxa} ON ${taxa.id} = ${logs.taxonId}
      LEFT JOIN ${outings} ON ${outings.id} = ${logs.outingId}
      CROSS JOIN LATERAL (SELECT ${joinedOutingLevelSql('outings')} AS inherited) privacy_parts
    WHERE ${and(where, before)}
    ORDER BY ${logs.observedAt} DESC, ${logs.createdAt} DESC, ${logs.id} DESC
    ${limit ? sql`LIMIT ${limit}` : sql.empty()}`;
}

/** The matching rows in export order, a batch at a time (db/batches.ts). */
const readBatches = <Row extends Keyset>(
  db: Db,
  streamRows: StreamRows | null,
  columns: SQL,
  where: SQL | undefined,
) =>
  readInBatches<Row>(
    db,
    streamRows,
    (after, limit) => selectRows(columns, where, after, limit),
    EXPORT_BATCH_SIZE,
  );

/**
 * A log imported from a source that publishes to GBIF itself: its source link's host (kept
 * through our own CSV and archives), or an import key of eBird or iNaturalist.
 */
const hosts = GBIF_PUBLISHING_SOURCES.map((source) => source.host.replaceAll('.', '\\.'));
export const publishedBySource = sql`(coalesce(${logs.sourceUrl} ~* ${`^https?://([a-z0-9-]+\\.)*(${hosts.join('|')})/`}, false)
  OR coalesce(${logs.sourceKey} ~ '^(ebird|inaturalist):', false))`;

/** Which of the matching logs a file holds; a public archive may leave out sourced records. */
export interface ExportSelection {
  publicOnly: boolean;
  /** Leave out records their source publishes to GBIF itself. */
  withoutSourced?: boolean;
  /**
   * Only logs with an uploaded photo or sound recording: the archive's multimedia, served from
   * this server.
   */
  withUploadedMedia?: boolean;
}

const selected = (selection: ExportSelection): SQL | undefined =>
  and(
    selection.publicOnly ? eq(logs.isPublic, true) : undefined,
    selection.withoutSourced ? sql`NOT ${publishedBySource}` : undefined,
    selection.withUploadedMedia
      ? sql`(EXISTS (SELECT FROM ${logPhotos} WHERE ${logPhotos.logId} = ${logs.id}
      AND ${logPhotos.sourceType} = 'uploaded')
      OR EXISTS (SELECT FROM ${logRecordings} WHERE ${logRecordings.logId} = ${logs.id}))`
      : undefined,
  );

/** The sound recordings of these logs (issue 37) with their type, in order, by log id. */
export async function findRecordingsOfLogs(db: Db, logIds: string[]) {
  const byLog = new Map<string, Array<{ url: string; mime: string | null }>>();
  if (logIds.length === 0) return byLog;
  const rows = await db
    .select({ logId: logRecordings.logId, url: logRecordings.url, mime: uploads.contentType })
    .from(logRecordings)
    .innerJoin(uploads, sql`${uploads.id} = substr(${logRecordings.url}, 18)::uuid`)
    .where(inArray(logRecordings.logId, logIds))
    .orderBy(logRecordings.logId, logRecordings.position);
  for (const { logId, url, mime } of rows) {
    byLog.set(logId, [...(byLog.get(logId) ?? []), { url, mime }]);
  }
  return byLog;
}

/** How many public logs matching the filters their source publishes, by source. */
export async function countSourced(db: Db, userId: string, filters: LogFilters, tz: string) {
  const [row] = await db
    .select({
      sourced: sql<number>`count(*)::int`,
    })
    .from(logs)
    .where(and(logFilterWhere(userId, filters, tz), eq(logs.isPublic, true), publishedBySource));
  return row?.sourced ?? 0;
}

/** The user's logs matching the filters, as rows for the CSV formats and the archive. */
export const readExportRows = (
  db: Db,
  streamRows: StreamRows | null,
  userId: string,
  filters: LogFilters,
  tz: string,
  selection: ExportSelection = { publicOnly: false },
) =>
  readBatches<ExportRow>(
    db,
    streamRows,
    rowColumns,
    and(logFilterWhere(userId, filters, tz), selected(selection)),
  );

/** The user's logs with coordinates matching the filters, as GeoJSON features (GeoJSON has no
 * place for the others). */
export const readExportFeatures = (
  db: Db,
  streamRows: StreamRows | null,
  userId: string,
  filters: LogFilters,
  tz: string,
) =>
  readBatches<FeatureRow>(
    db,
    streamRows,
    featureColumns,
    and(logFilterWhere(userId, filters, tz), isNotNull(logs.latitude)),
  );

/** The account's name and data licence: what Darwin Core credits and licenses the data with. */
export async function findOwner(db: Db, userId: string) {
  const [row] = await db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      dataLicense: users.dataLicense,
      obscuredPlace: users.obscuredPlace,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** Remembers the licence the user published under (the archive's `license=`). */
export async function updateDataLicense(db: Db, userId: string, license: DataLicense) {
  await db
    .update(users)
    .set({ dataLicense: license, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), ne(users.dataLicense, license)));
}
