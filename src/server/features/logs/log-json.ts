import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { isoUtc } from '../../db/client.js';
import { countKindSql } from '../../db/count-kind.js';
import { logLocationShownSql, outingLevelSql } from '../../db/location-privacy.js';
import {
  logPhotos,
  logRecordings,
  logs,
  recordings,
  taxa,
  taxonNames,
  uploads,
} from '../../db/schema.js';
import { ianaZone } from '../../db/zone-names.js';
import { isFirstObservedOfSpecies } from './species.js';

// A log as the API's JSON (logSchema), written by the database and sent as is: the list, a log
// read alone, a create, an update and a shared log all carry this text, and nothing else writes
// a log's shape (docs/decisions/003-json-written-by-the-database.md). tests/logs/list.test.ts
// holds it equal to the schema. row_to_json writes no spaces; json_build_object and json_agg would.

/** The alias of the log row the builder reads: a table, a page or an insert's RETURNING as "l". */
export const LOG_ROW = 'l';
export const logRow = alias(logs, LOG_ROW);
const PHOTO = 'ph';
const photo = alias(logPhotos, PHOTO);

/** The photos of `from` (rows with log_photos' columns, as "ph"), in position order. */
const photosJson = (from: SQL, where: SQL = sql`true`) => sql`coalesce((
  SELECT '[' || string_agg(row_to_json(p)::text, ',' ORDER BY ${photo.position}) || ']'
  FROM ${from} ${sql.identifier(PHOTO)}, LATERAL (SELECT ${photo.id} AS "id", ${photo.url} AS "url",
    ${photo.sourceType} AS "sourceType", ${photo.label} AS "label") p
  WHERE ${where}), '[]')::json`;

const RECORDING = 'rc';
const recording = alias(logRecordings, RECORDING);

/**
 * The recordings of `from` (rows with log_recordings' columns, as "rc"), in position order, with
 * what a player needs (issue 37); never the recorder's position. An object path is
 * '/objects/uploads/' (17 characters) and the upload's id.
 */
const recordingsJson = (from: SQL, where: SQL = sql`true`) => sql`coalesce((
  SELECT '[' || string_agg(row_to_json(r)::text, ',' ORDER BY ${recording.position}) || ']'
  FROM ${from} ${sql.identifier(RECORDING)}, LATERAL (SELECT ${recording.url} AS "url",
    ${recording.url} || '/spectrogram.png' AS "spectrogramUrl",
    CASE WHEN ${recordings.hasListeningCopy} THEN ${recording.url} || '/listen.mp3' END
      AS "listeningUrl",
    (${recordings.durationMs} / 1000.0)::float8 AS "durationSeconds",
    ${uploads.contentType} AS "mime", ${recordings.spectrogramWidth} AS "width",
    ${recordings.spectrogramHeight} AS "height", ${recordings.spectrogramMaxHz} AS "maxHz"
    FROM ${recordings} JOIN ${uploads} ON ${uploads.id} = ${recordings.uploadId}
    WHERE ${recordings.uploadId} = substr(${recording.url}, 18)::uuid) r
  WHERE ${where}), '[]')::json`;

/** The taxon of the row "l", with its English name (else any), or null. */
const taxonJson = sql`(SELECT row_to_json(tx) FROM (SELECT t.id AS "id",
  t.scientific_name AS "scientificName", (SELECT n.name FROM ${taxonNames} n
    WHERE n.taxon_id = t.id ORDER BY n.language = 'en' DESC, n.preferred DESC, n.name LIMIT 1)
    AS "commonName", t.rank AS "rank", t.kingdom AS "kingdom"
  FROM ${taxa} t WHERE t.id = ${logRow.taxonId}) tx)`;

/** What the log's record brought from its source (issue 32): record-details.ts's fields. */
const recordDetails = sql`${logRow.county} AS "county", ${logRow.stateProvince} AS "stateProvince",
  ${logRow.countryCode} AS "countryCode", ${logRow.locationId} AS "locationId",
  ${logRow.breedingCode} AS "breedingCode", ${logRow.captive} AS "captive",
  coalesce(${logRow.mediaUrls}, '{}') AS "mediaUrls", ${logRow.sourceUrl} AS "sourceUrl"`;

/** A level of location privacy (0, 1, 2) as its name. */
export const privacyName = (level: SQL | AnyColumn) =>
  sql`(ARRAY['open', 'obscured', 'private'])[${level} + 1]`;

/** A day as 'YYYY-MM-DD' whatever the session's DateStyle. */
export const isoDay = (day: SQL | AnyColumn) => sql`to_char(${day}, 'YYYY-MM-DD')`;

/** The log's location privacy (issue 35): its owner's choices, and how it shows to others. */
const locationPrivacy = sql`${privacyName(logRow.locationPrivacy)} AS "locationPrivacy",
  ${isoDay(logRow.locationEmbargoUntil)} AS "locationEmbargoUntil",
  ${logLocationShownSql(logRow, sql.raw('privacy_parts.inherited'))} AS "locationShown"`;

/** Issue 36: the flags and a reviewer's decision, which only the owner's replies carry. */
const unusualAndReview = sql`${logRow.unusual} AS "unusual",
  (SELECT row_to_json(rv) FROM (SELECT r.status AS "status", r.comment AS "comment",
    ${isoUtc(sql`r.decided_at`)} AS "decidedAt" FROM log_reviews r WHERE r.log_id = ${logRow.id}) rv)
    AS "review"`;

/** The log of the row "l" with the given photos and recordings, as JSON text. */
const logJson = (
  photos: SQL,
  recordings: SQL,
) => sql<string>`(SELECT row_to_json(item)::text FROM (SELECT
  ${logRow.id} AS "id", ${logRow.userId} AS "userId",
  ${logRow.speciesCommon} AS "speciesCommon", ${logRow.speciesScientific} AS "speciesScientific",
  ${taxonJson} AS "taxon", ${logRow.count} AS "count", ${countKindSql(logRow.count)} AS "countKind",
  ${isoUtc(logRow.observedAt)} AS "observedAt",
  ${ianaZone(logRow.timeZone)} AS "timeZone", ${logRow.timeKnown} AS "timeKnown",
  ${logRow.placeName} AS "placeName", ${logRow.latitude} AS "latitude",
  ${logRow.longitude} AS "longitude", ${logRow.coordinateUncertainty} AS "coordinateUncertainty",
  ${logRow.description} AS "description",
  ${logRow.notes} AS "notes", ${logRow.isPublic} AS "isPublic",
  ${logRow.showExactLocation} AS "showExactLocation", ${isoUtc(logRow.createdAt)} AS "createdAt",
  ${isoUtc(logRow.updatedAt)} AS "updatedAt",
  ${isFirstObservedOfSpecies(logRow)} AS "firstOfSpecies", ${logRow.outingId} AS "outingId",
  ${photos} AS "photos", ${recordings} AS "recordings", ${recordDetails}, ${locationPrivacy}, ${unusualAndReview}
  FROM (SELECT ${outingLevelSql(logRow.outingId)} AS inherited) privacy_parts) item)`;

/** The log "l" with its photos, as JSON text. */
export const logRowJson = logJson(
  photosJson(sql`${logPhotos}`, sql`${photo.logId} = ${logRow.id}`),
  recordingsJson(sql`${logRecordings}`, sql`${recording.logId} = ${logRow.id}`),
);

/**
 * The log "l" that a statement inserts, with the photos and recordings it inserts beside it
 * (`added`, rows of log_photos; `addedRecordings`, of log_recordings): a statement does not see
 * its own inserts in the table.
 */
export const insertedLogJson = (added: SQL, addedRecordings: SQL) =>
  logJson(photosJson(added), recordingsJson(addedRecordings));
