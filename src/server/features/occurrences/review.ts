import { sql } from 'drizzle-orm';
import type { LocationShown, ObscuredPlace } from '../../../common/location-privacy.js';
import {
  REVIEW_LIMITS,
  type OccurrenceStatus,
  type ReviewDecision,
  type ReviewItem,
  type ReviewList,
  type ReviewQuery,
} from '../../../common/occurrence-api.js';
import type { Review, Unusual } from '../../../common/occurrences.js';
import { isoUtc, type Db } from '../../db/client.js';
import { logLocationShownSql, outingLevelSql } from '../../db/location-privacy.js';
import { ianaZone } from '../../db/zone-names.js';
import { HttpError } from '../../http-error.js';
import { placeForOthers } from '../geoprivacy/index.js';
import { importedSet } from './reference.js';

// Issue 36: the review of flagged records. Admins and the accounts they name reviewers see the
// instance's flagged records, each place as its location privacy allows a reviewer (the exact
// point of an obscured one for a reviewer, none of a private one), and decide; the owner sees
// the decision on the record, and the exports carry it.

const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;

/** The viewer's right to review: 403 unless an admin or a reviewer. */
export async function assertReviewer(db: Db, userId: string): Promise<{ reviewer: boolean }> {
  const [row] = rowsOf<{ role: string; reviewer: boolean }>(
    await db.execute(sql`SELECT role, reviewer FROM users
      WHERE id = ${userId} AND disabled_at IS NULL`),
  );
  if (!row || (row.role !== 'admin' && !row.reviewer)) {
    throw new HttpError(403, 'Reviewers only');
  }
  return { reviewer: row.reviewer };
}

interface QueueRow {
  id: string;
  owner: string;
  speciesCommon: string;
  speciesScientific: string | null;
  count: number | null;
  observedAt: string;
  timeZone: string | null;
  placeName: string | null;
  latitude: number | null;
  longitude: number | null;
  coordinateUncertainty: number | null;
  showExactLocation: boolean;
  stateProvince: string | null;
  countryCode: string | null;
  description: string | null;
  notes: string | null;
  isPublic: boolean;
  photos: number;
  unusual: Unusual;
  review: Review | null;
  locationShown: LocationShown;
  obscuredPlace: ObscuredPlace;
}

const logPrivacy = {
  locationPrivacy: sql`l.location_privacy`,
  locationEmbargoUntil: sql`l.location_embargo_until`,
  sensitiveLevel: sql`l.sensitive_level`,
};

const reviewJson = sql`(SELECT row_to_json(rv) FROM (SELECT r.status AS "status",
  r.comment AS "comment", ${isoUtc(sql`r.decided_at`)} AS "decidedAt") rv)`;

/** A page of the flagged records: undecided ones oldest first, decided ones latest first. */
export async function listReview(
  db: Db,
  viewer: { reviewer: boolean },
  { status, page }: ReviewQuery,
): Promise<ReviewList> {
  const open = status === 'open';
  const which = open ? sql`r.log_id IS NULL` : sql`r.log_id IS NOT NULL`;
  const order = open ? sql`l.created_at, l.id` : sql`r.decided_at DESC, l.id`;
  const size = REVIEW_LIMITS.pageSize;
  const rows = rowsOf<QueueRow>(
    await db.execute(sql`
      SELECT l.id, coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''),
          split_part(u.email, '@', 1)) AS owner,
        l.species_common AS "speciesCommon", l.species_scientific AS "speciesScientific",
        l.count, ${isoUtc(sql`l.observed_at`)} AS "observedAt",
        ${ianaZone(sql`l.time_zone`)} AS "timeZone", l.place_name AS "placeName",
        l.latitude, l.longitude, l.coordinate_uncertainty AS "coordinateUncertainty",
        l.show_exact_location AS "showExactLocation", l.state_province AS "stateProvince",
        l.country_code AS "countryCode", l.description, l.notes, l.is_public AS "isPublic",
        (SELECT count(*) FROM log_photos p WHERE p.log_id = l.id)::int AS photos,
        l.unusual, CASE WHEN r.log_id IS NULL THEN NULL ELSE ${reviewJson} END AS review,
        ${logLocationShownSql(logPrivacy, outingLevelSql(sql`l.outing_id`))} AS "locationShown",
        u.obscured_place AS "obscuredPlace"
      FROM logs l JOIN users u ON u.id = l.user_id
        LEFT JOIN log_reviews r ON r.log_id = l.id
      WHERE l.unusual IS NOT NULL AND ${which}
      ORDER BY ${order} LIMIT ${size} OFFSET ${(page - 1) * size}`),
  );
  const [{ total }] = rowsOf<{ total: number }>(
    await db.execute(sql`SELECT count(*)::int AS total FROM logs l
      LEFT JOIN log_reviews r ON r.log_id = l.id WHERE l.unusual IS NOT NULL AND ${which}`),
  ) as [{ total: number }];
  return { items: rows.map((row) => asReviewItem(row, viewer)), total };
}

function asReviewItem(row: QueueRow, viewer: { reviewer: boolean }): ReviewItem {
  const {
    showExactLocation: _,
    stateProvince: _s,
    countryCode: _c,
    locationShown: _l,
    ...item
  } = row;
  const place = placeForOthers(row, { trusted: viewer.reviewer, obscuredPlace: row.obscuredPlace });
  const { obscuredPlace: _o, ...fields } = item;
  return {
    ...fields,
    placeName: place.placeName,
    latitude: place.latitude,
    longitude: place.longitude,
    coordinateUncertainty: place.coordinateUncertainty,
  };
}

/** Records the reviewer's decision on a flagged record; 404 for any other record. */
export async function decide(
  db: Db,
  reviewerId: string,
  logId: string,
  { status, comment }: ReviewDecision,
): Promise<Review> {
  const [row] = rowsOf<Review>(
    await db.execute(sql`
      INSERT INTO log_reviews (log_id, status, comment, reviewer_id)
      SELECT l.id, ${status}, ${comment}, ${reviewerId} FROM logs l
      WHERE l.id = ${logId} AND l.unusual IS NOT NULL
      ON CONFLICT (log_id) DO UPDATE SET status = excluded.status,
        comment = excluded.comment, reviewer_id = excluded.reviewer_id, decided_at = now()
      RETURNING status, comment, ${isoUtc(sql`decided_at`)} AS "decidedAt"`),
  );
  if (!row) throw new HttpError(404, 'Log not found');
  return row;
}

/** The last build of the model and the reference sets, for /admin. */
export async function occurrenceStatus(db: Db): Promise<OccurrenceStatus> {
  const [lastBuild] = rowsOf<NonNullable<OccurrenceStatus['lastBuild']>>(
    await db.execute(sql`SELECT ${isoUtc(sql`finished_at`)} AS "finishedAt", logs,
      reference_records AS "referenceRecords", cells, ms
      FROM occurrence_builds ORDER BY finished_at DESC LIMIT 1`),
  );
  const referenceSets = rowsOf<OccurrenceStatus['referenceSets'][number]>(
    await db.execute(sql`SELECT id, title, citation, doi, license, rows, records,
      ${isoUtc(sql`imported_at`)} AS "importedAt" FROM reference_sets WHERE ${importedSet}
      ORDER BY imported_at, id`),
  );
  return { lastBuild: lastBuild ?? null, referenceSets };
}
