import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import type { DataLicense } from '../../common/data-exchange/licenses.js';
import type { ObscuredPlace } from '../../common/location-privacy.js';
import type { ReviewStatus, Unusual } from '../../common/occurrences.js';
import type { OutingProtocol } from '../../common/outings/schemas.js';

// Tables of SPEC §3; lengths match the shared zod limits in src/common/logs.ts.

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: varchar('email', { length: 254 }), // stored lower-cased; OIDC users may have none
    passwordHash: text('password_hash'), // built-in accounts only
    firstName: varchar('first_name', { length: 100 }),
    lastName: varchar('last_name', { length: 100 }),
    profileImageUrl: text('profile_image_url'),
    // OpenID Connect accounts: the provider's issuer and subject identify the user
    oidcIssuer: text('oidc_issuer'),
    oidcSubject: varchar('oidc_subject', { length: 255 }),
    // Bumped by a trigger on every write to the user's logs (migration 0003): results computed
    // from the logs stay valid while it is unchanged (src/server/features/logs/logs-version.ts).
    logsVersion: bigint('logs_version', { mode: 'number' }).notNull().default(0),
    // How many logs the user has, kept by the same trigger (migration 0007): the list's total
    // without filters, with no count after each write.
    logsCount: integer('logs_count').notNull().default(0),
    /** The licence the user publishes their data under (the Darwin Core Archive's). */
    dataLicense: varchar('data_license', { length: 20 })
      .$type<DataLicense>()
      .notNull()
      .default('CC-BY-4.0' satisfies DataLicense),
    /** `admin` for the instance's first account and those an admin names (issue 21). */
    role: varchar('role', { length: 10 }).$type<UserRole>().notNull().default('user'),
    /** Set by an admin: the account cannot sign in and its sessions are gone. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** This user's photo storage in MiB; null: the instance's STORAGE_QUOTA_MB. */
    storageQuotaMb: integer('storage_quota_mb'),
    /** The last sign-in or session use (refreshed at most daily with the session, see sessions.ts). */
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }),
    /** The location privacy of new logs and outings (issue 35): 0 open, 1 obscured, 2 private. */
    locationPrivacy: smallint('location_privacy').notNull().default(0),
    /** What an obscured place's name shows to others: `region` (its coarse region) or `hide`. */
    obscuredPlace: varchar('obscured_place', { length: 10 })
      .$type<ObscuredPlace>()
      .notNull()
      .default('region'),
    /** Set by an admin: sees the exact points of everyone's obscured (not private) logs. */
    reviewer: boolean('reviewer').notNull().default(false),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('users_email_key').on(table.email),
    uniqueIndex('users_oidc_key').on(table.oidcIssuer, table.oidcSubject),
    check('users_role', sql`${table.role} IN ('admin', 'user')`),
    check('users_storage_quota_mb', sql`${table.storageQuotaMb} >= 0`),
    check('users_location_privacy', sql`${table.locationPrivacy} BETWEEN 0 AND 2`),
    check('users_obscured_place', sql`${table.obscuredPlace} IN ('region', 'hide')`),
    check(
      'users_data_license',
      sql`${table.dataLicense} IN ('CC0-1.0', 'CC-BY-4.0', 'CC-BY-NC-4.0')`,
    ),
  ],
);

/** Single-use tokens handing a sign-in from the browser to the installed app (SPEC §4). */
export const pwaBridgeTokens = pgTable(
  'pwa_bridge_tokens',
  {
    tokenHash: varchar('token_hash', { length: 64 }).primaryKey(), // SHA-256 hex, never the token
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** SHA-256 of the nonce cookie of the browser that started the sign-in (issue 21). */
    bindingHash: varchar('binding_hash', { length: 64 }),
  },
  (table) => [index('pwa_bridge_tokens_expires_idx').on(table.expiresAt)],
);

export type UserRole = 'admin' | 'user';

/** Single-use sign-up invitations an admin hands out (REGISTRATION=invite). */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(), // SHA-256 hex, never the token
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    usedBy: uuid('used_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    uniqueIndex('invitations_token_key').on(table.tokenHash),
    index('invitations_created_by_idx').on(table.createdBy),
    index('invitations_used_by_idx').on(table.usedBy),
  ],
);

/** Single-use password-reset links, made by an admin or mailed on request (SMTP_URL). */
export const passwordResets = pgTable(
  'password_resets',
  {
    tokenHash: varchar('token_hash', { length: 64 }).primaryKey(), // SHA-256 hex, never the token
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('password_resets_user_idx').on(table.userId),
    index('password_resets_expires_idx').on(table.expiresAt),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    sid: varchar('sid', { length: 128 }).primaryKey(), // SHA-256 of the cookie's token, never the token
    sess: json('sess').$type<SessionData>().notNull(),
    expire: timestamp('expire', { precision: 6, withTimezone: true }).notNull(),
  },
  (table) => [
    index('sessions_expire_idx').on(table.expire),
    index('sessions_user_idx').on(sql`(${table.sess}->>'userId')`), // sign-out everywhere
  ],
);

/** Fixed-window counters shared by every app instance (sign-in and register limits). */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: varchar('key', { length: 400 }).primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('rate_limits_reset_idx').on(table.resetAt)],
);

export interface SessionData {
  userId: string;
  /** When the session began (ISO 8601) and the browser it began in: the account's session list. */
  createdAt?: string;
  userAgent?: string;
  /** OpenID Connect sessions: the ID token, sent back as id_token_hint when signing out. */
  idToken?: string;
}

export const logs = pgTable(
  'logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    speciesCommon: varchar('species_common', { length: 200 }).notNull(),
    speciesScientific: varchar('species_scientific', { length: 200 }),
    /**
     * Individuals counted; 0: evidence without a live individual (feathers, a used nest, remains);
     * null: present, not counted (eBird's "X"). Neither 0 nor null adds to the individuals.
     */
    count: integer('count'),
    observedAt: timestamp('observed_at', { withTimezone: true }).notNull(),
    /** The IANA zone of the place and time observed (null: not known); shows the local time. */
    timeZone: varchar('time_zone', { length: 64 }),
    /** False for a date-only record, stored at local noon of its day. */
    timeKnown: boolean('time_known').notNull().default(true),
    placeName: varchar('place_name', { length: 500 }),
    /** The place hierarchy of the source (eBird's County, State/Province, Location ID). */
    county: varchar('county', { length: 200 }),
    stateProvince: varchar('state_province', { length: 200 }),
    /** ISO 3166-1 alpha-2, upper case. */
    countryCode: varchar('country_code', { length: 2 }),
    /** The source's id of the place (an eBird location `L123456`). */
    locationId: varchar('location_id', { length: 80 }),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** How far the true point may be from the coordinates, in metres. */
    coordinateUncertainty: integer('coordinate_uncertainty'),
    description: varchar('description', { length: 2000 }),
    notes: varchar('notes', { length: 5000 }),
    /** eBird's breeding and behaviour code (`FY`, `NY`, `S7`…); null: none recorded. */
    breedingCode: varchar('breeding_code', { length: 4 }),
    /** Captive or cultivated (iNaturalist's captive_cultivated): not on the life lists by default. */
    captive: boolean('captive').notNull().default(false),
    /** Media of the record kept elsewhere: Macaulay Library asset links, at most 50. */
    mediaUrls: text('media_urls').array(),
    /** The source record's page (an eBird checklist, an iNaturalist observation). */
    sourceUrl: varchar('source_url', { length: 500 }),
    isPublic: boolean('is_public').notNull().default(true),
    /** Shared pages round coordinates to 0.01° unless the owner allows the exact point. */
    showExactLocation: boolean('show_exact_location').notNull().default(false),
    /**
     * Location privacy (issue 35): 0 open, 1 obscured, 2 private; rules only make it stricter.
     * Left out of an insert, the trigger of migration 0020 takes the account's default.
     */
    locationPrivacy: smallint('location_privacy')
      .notNull()
      .default(sql`NULL`),
    /** Private until this day (UTC), then its own level: a nest site in the breeding season. */
    locationEmbargoUntil: date('location_embargo_until', { mode: 'string' }),
    /**
     * The strictest sensitive-taxon rule over the log's names, taxon and point (0: none; 1, 2),
     * kept by the database: the trigger of migration 0020 on every write of them, and the rules'
     * own changes (geoprivacy/rules.ts) and the backbone's (a trigger on taxa) on theirs.
     */
    sensitiveLevel: smallint('sensitive_level').notNull().default(0),
    /** The Idempotency-Key of the create: a create sent again (offline replay) finds this log. */
    idempotencyKey: uuid('idempotency_key'),
    /**
     * The record an import made this log from (`ebird:S123:4567`, `inaturalist:890`,
     * `sightbook:<log id>`): importing it again into the same account adds nothing.
     */
    sourceKey: varchar('source_key', { length: 300 }),
    /** The taxon of the backbone the log is about (issue 20); null: free text only. */
    taxonId: varchar('taxon_id', { length: 120 }).references((): AnyPgColumn => taxa.id),
    /** The outing (checklist) of the same owner the log was made on (issue 22); null: none. */
    outingId: uuid('outing_id').references((): AnyPgColumn => outings.id, {
      onDelete: 'set null',
    }),
    ...timestamps,
    // The names as the stats and the search compare them, kept by the database: lower() is slow
    // on UTF-8 text, and a search or a count ran it for every log it read. A trimmed search
    // text is found in a name exactly when it is found in the trimmed name.
    /** The species as the stats count it: the trimmed common name in lower case. */
    speciesKey: text('species_key')
      .notNull()
      .generatedAlwaysAs(sql`lower(trim(species_common))`),
    /** The trimmed scientific name in lower case, for the search. */
    scientificKey: text('scientific_key').generatedAlwaysAs(sql`lower(trim(species_scientific))`),
    /**
     * The species the log counts as on the lists (issue 32): `sci:` and the binomial in lower
     * case, else `name:` and the common name without its group; null when it counts as none (a
     * spuh, slash, hybrid, domestic type or higher taxon). Set by the trigger logs_species_unit
     * from the names and the taxon (migration 0016), whatever writes the log.
     */
    speciesUnit: text('species_unit'),
    /**
     * What made the record unusual where and when it was made (issue 36: unusualSchema), set at
     * entry and import from the occurrence model; null: nothing.
     */
    unusual: jsonb('unusual').$type<Unusual>(),
  },
  (table) => [
    // The list's order in full: a page of filtered logs stops at its last row, whatever the plan.
    // The columns after id change no order (id is unique) and hold what the list's search and
    // count filters and the stats read, so a filtered page finds its ids in the index alone, and
    // the stats read no table. They are key columns because Drizzle cannot write INCLUDE;
    // suffix truncation keeps them out of the inner pages all the same. The three names take at
    // most 3 × 600 bytes (200 characters of up to 3 bytes: a 4-byte one counts 2 towards the
    // limit), under an index row's 2,704; place_name (up to 1,500 bytes) is left out.
    index('logs_user_newest_idx').on(
      table.userId,
      table.observedAt,
      table.createdAt,
      table.id,
      table.count,
      table.speciesCommon,
      table.speciesKey,
      table.scientificKey,
    ),
    uniqueIndex('logs_user_idempotency_key').on(table.userId, table.idempotencyKey),
    uniqueIndex('logs_user_source_key').on(table.userId, table.sourceKey),
    // A user's logs of one list entry (listKey in the logs feature) in observation order:
    // whether a log is the first of its species is one probe.
    index('logs_user_species_idx').on(
      table.userId,
      sql`(coalesce(${table.speciesUnit}, 'other:' || coalesce(${table.taxonId}, 'name:' || ${table.speciesKey})))`,
      table.observedAt,
      table.createdAt,
      table.id,
    ),
    index('logs_outing_idx').on(table.outingId, table.observedAt),
    // the review queue and a user's `flag=unusual`: flagged records only
    index('logs_unusual_idx')
      .on(table.observedAt, table.id)
      .where(sql`${table.unusual} IS NOT NULL`),
    check('logs_count_range', sql`${table.count} >= 0`),
    check(
      'logs_coordinate_uncertainty_range',
      sql`${table.coordinateUncertainty} BETWEEN 1 AND 20000000`,
    ),
    check('logs_location_privacy', sql`${table.locationPrivacy} BETWEEN 0 AND 2`),
    check('logs_latitude_range', sql`${table.latitude} BETWEEN -90 AND 90`),
    check('logs_longitude_range', sql`${table.longitude} BETWEEN -180 AND 180`),
    check(
      'logs_coordinates_paired',
      sql`(${table.latitude} IS NULL) = (${table.longitude} IS NULL)`,
    ),
  ],
);

/**
 * An outing (issue 22): eBird's checklist. Where and when the observer went, for how long, how
 * far and with how many people, and whether every species detected and identified was reported
 * (`complete`): what turns its list of logs into absence data.
 */
export const outings = pgTable(
  'outings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    /** The IANA zone of the place, as on logs: times show as they were there. */
    timeZone: varchar('time_zone', { length: 64 }),
    /** Null while the outing runs (the tally fills it at End outing) or when not recorded. */
    durationMinutes: integer('duration_minutes'),
    distanceKm: doublePrecision('distance_km'),
    protocol: varchar('protocol', { length: 20 })
      .$type<OutingProtocol>()
      .notNull()
      .default('incidental'),
    partySize: integer('party_size'),
    complete: boolean('complete').notNull().default(false),
    placeName: varchar('place_name', { length: 500 }),
    /** The place hierarchy of the source (eBird's County, State/Province, Location ID). */
    county: varchar('county', { length: 200 }),
    stateProvince: varchar('state_province', { length: 200 }),
    /** ISO 3166-1 alpha-2, upper case. */
    countryCode: varchar('country_code', { length: 2 }),
    /** The source's id of the place (an eBird location `L123456`). */
    locationId: varchar('location_id', { length: 80 }),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    coordinateUncertainty: integer('coordinate_uncertainty'),
    notes: varchar('notes', { length: 5000 }),
    /** The source record's page (an eBird checklist, an iNaturalist observation). */
    sourceUrl: varchar('source_url', { length: 500 }),
    isPublic: boolean('is_public').notNull().default(false),
    /**
     * Location privacy (issue 35): 0 open, 1 obscured, 2 private; rules only make it stricter.
     * Left out of an insert, the trigger of migration 0020 takes the account's default.
     */
    locationPrivacy: smallint('location_privacy')
      .notNull()
      .default(sql`NULL`),
    /** Private until this day (UTC), then its own level: a nest site in the breeding season. */
    locationEmbargoUntil: date('location_embargo_until', { mode: 'string' }),
    /**
     * What its public logs say of its place, kept by the triggers of migration 0020 on the logs:
     * the strictest of their owner's levels, of their sensitive taxa's, and their latest embargo.
     */
    logsPrivacy: smallint('logs_privacy').notNull().default(0),
    logsSensitive: smallint('logs_sensitive').notNull().default(0),
    logsEmbargoUntil: date('logs_embargo_until', { mode: 'string' }),
    /** The create's Idempotency-Key: an outing started offline and sent twice is made once. */
    idempotencyKey: uuid('idempotency_key'),
    /** The checklist an import made it from (`ebird:S123456`): importing it again adds nothing. */
    sourceKey: varchar('source_key', { length: 300 }),
    ...timestamps,
  },
  (table) => [
    index('outings_user_newest_idx').on(table.userId, table.startedAt, table.createdAt, table.id),
    uniqueIndex('outings_user_idempotency_key').on(table.userId, table.idempotencyKey),
    uniqueIndex('outings_user_source_key').on(table.userId, table.sourceKey),
    check(
      'outings_protocol',
      sql`${table.protocol} IN ('incidental', 'stationary', 'traveling', 'area')`,
    ),
    check('outings_duration_range', sql`${table.durationMinutes} BETWEEN 0 AND 100000`),
    check('outings_distance_range', sql`${table.distanceKm} BETWEEN 0 AND 100000`),
    check('outings_party_size_range', sql`${table.partySize} BETWEEN 1 AND 100000`),
    check('outings_location_privacy', sql`${table.locationPrivacy} BETWEEN 0 AND 2`),
    check('outings_latitude_range', sql`${table.latitude} BETWEEN -90 AND 90`),
    check('outings_longitude_range', sql`${table.longitude} BETWEEN -180 AND 180`),
    check(
      'outings_coordinates_paired',
      sql`(${table.latitude} IS NULL) = (${table.longitude} IS NULL)`,
    ),
    check(
      'outings_coordinate_uncertainty_range',
      sql`${table.coordinateUncertainty} BETWEEN 1 AND 20000000`,
    ),
  ],
);

export type OutingRow = typeof outings.$inferSelect;

export const logPhotos = pgTable(
  'log_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    logId: uuid('log_id')
      .notNull()
      .references(() => logs.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    sourceType: varchar('source_type', { length: 20 })
      .$type<'external' | 'uploaded'>()
      .notNull()
      .default('external'),
    label: text('label'),
    position: integer('position').notNull().default(0), // the order the user gave
  },
  (table) => [
    index('log_photos_log_idx').on(table.logId, table.position),
    index('log_photos_url_idx').on(table.url), // who may see an uploaded object
    check('log_photos_url_length', sql`char_length(${table.url}) <= 2048`),
    check('log_photos_source_type', sql`${table.sourceType} IN ('external', 'uploaded')`),
  ],
);

/**
 * Uploaded photo objects, stored at `/objects/uploads/{id}` with their derivatives beside them.
 * A row is created when an upload URL is handed out; `completedAt` is set once the bytes are
 * checked. Rows no log refers to are deleted 24 hours after creation.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** What the upload holds (issue 37): its sniffing, limits and derivatives follow. */
    kind: varchar('kind', { length: 20 }).$type<UploadKind>().notNull().default('photo'),
    contentType: varchar('content_type', { length: 50 }),
    size: integer('size'),
    /** Bytes of the derivatives made from it (thumbnail, preview): they count towards the quota. */
    derivativesSize: integer('derivatives_size'),
    width: integer('width'),
    height: integer('height'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    index('uploads_user_idx').on(table.userId),
    index('uploads_created_idx').on(table.createdAt),
    check('uploads_kind', sql`${table.kind} IN ('photo', 'recording')`),
  ],
);

export type UploadKind = 'photo' | 'recording';

/**
 * What a completed sound recording upload is (issue 37), one row per upload of kind
 * 'recording': its own table rather than columns of uploads, which photos (most rows) would
 * carry empty. The recorder's position (GUANO) is the owner's only: no reply to others reads it.
 */
export const recordings = pgTable(
  'recordings',
  {
    uploadId: uuid('upload_id')
      .primaryKey()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    format: varchar('format', { length: 10 }).notNull(),
    codec: varchar('codec', { length: 50 }),
    durationMs: integer('duration_ms').notNull(),
    sampleRate: integer('sample_rate').notNull(),
    channels: smallint('channels').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }),
    recordedLatitude: doublePrecision('recorded_latitude'),
    recordedLongitude: doublePrecision('recorded_longitude'),
    recorder: text('recorder'),
    spectrogramWidth: integer('spectrogram_width').notNull(),
    spectrogramHeight: integer('spectrogram_height').notNull(),
    spectrogramMaxHz: integer('spectrogram_max_hz').notNull(),
    /** Whether listen.mp3 exists: lossless or heavy originals get one (listening-copy.ts). */
    hasListeningCopy: boolean('has_listening_copy').notNull(),
  },
  (table) => [check('recordings_recorder_length', sql`char_length(${table.recorder}) <= 200`)],
);

/** The recordings a log carries, as object paths (`/objects/uploads/{id}`), like log_photos. */
export const logRecordings = pgTable(
  'log_recordings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    logId: uuid('log_id')
      .notNull()
      .references(() => logs.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    position: integer('position').notNull().default(0),
  },
  (table) => [
    index('log_recordings_log_idx').on(table.logId, table.position),
    index('log_recordings_url_idx').on(table.url), // who may see an uploaded object
    check('log_recordings_url_length', sql`char_length(${table.url}) <= 2048`),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type LogRow = typeof logs.$inferSelect;
export type LogPhotoRow = typeof logPhotos.$inferSelect;
export type UploadRow = typeof uploads.$inferSelect;
export type RecordingRow = typeof recordings.$inferSelect;

/**
 * The species backbone (issue 20): one row a taxon, from a checklist (`source`). Ids are the
 * source's own, prefixed (`gbif:2490719`), so they survive a rebuild; a taxon a later checklist
 * replaces or merges keeps its row (logs stay linked) and points at its successor.
 */
export const taxa = pgTable(
  'taxa',
  {
    id: varchar('id', { length: 120 }).primaryKey(),
    scientificName: varchar('scientific_name', { length: 300 }).notNull(),
    rank: varchar('rank', { length: 40 }).notNull(),
    kingdom: varchar('kingdom', { length: 120 }),
    phylum: varchar('phylum', { length: 120 }),
    class: varchar('class', { length: 120 }),
    order: varchar('order', { length: 120 }),
    family: varchar('family', { length: 120 }),
    genus: varchar('genus', { length: 120 }),
    source: varchar('source', { length: 40 }).notNull(),
    sourceId: varchar('source_id', { length: 100 }).notNull(),
    /** The taxon that replaced this one (a synonym, a merge); null for an accepted taxon. */
    acceptedId: varchar('accepted_id', { length: 120 }),
    /** eBird's REPORT_AS: the species an issf, form or intergrade counts as (`ebird:amerob`). */
    reportAs: varchar('report_as', { length: 120 }),
    /** nameKey(scientific_name): the searches and the linking compare this. */
    scientificKey: text('scientific_key').notNull(),
    /** The regions of its range (bits of common/regions.ts); 0 when unknown. */
    regions: smallint('regions').notNull().default(0),
    /** In how many languages it has a name: the pickers rank well-known taxa first. */
    notability: smallint('notability').notNull().default(0),
  },
  (table) => [
    index('taxa_scientific_key_idx').using('btree', sql`${table.scientificKey} text_pattern_ops`),
    index('taxa_scientific_key_trgm_idx').using('gin', sql`${table.scientificKey} gin_trgm_ops`),
    // a taxon's synonyms, whose names are its names too (issue 33); partial, so that the
    // planner never reads it for the accepted taxa (accepted_id IS NULL)
    index('taxa_accepted_id_idx')
      .on(table.acceptedId)
      .where(sql`${table.acceptedId} IS NOT NULL`),
  ],
);

/** The names of a taxon in each language; one preferred name a language. */
export const taxonNames = pgTable(
  'taxon_names',
  {
    taxonId: varchar('taxon_id', { length: 120 })
      .notNull()
      .references(() => taxa.id, { onDelete: 'cascade' }),
    language: varchar('language', { length: 10 }).notNull(), // BCP 47 primary tag: en, de, fr
    name: varchar('name', { length: 300 }).notNull(),
    preferred: boolean('preferred').notNull().default(false),
    /** nameKey(name). */
    nameKey: text('name_key').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.taxonId, table.language, table.nameKey] }),
    index('taxon_names_key_idx').using('btree', sql`${table.nameKey} text_pattern_ops`),
    index('taxon_names_key_trgm_idx').using('gin', sql`${table.nameKey} gin_trgm_ops`),
  ],
);

/** Which checklists were loaded, and which version: the backbone is seeded once, not each start. */
export const taxonSources = pgTable('taxon_sources', {
  source: varchar('source', { length: 40 }).primaryKey(),
  version: varchar('version', { length: 100 }).notNull(),
  taxa: integer('taxa').notNull(),
  loadedAt: timestamp('loaded_at', { withTimezone: true }).notNull().defaultNow(),
});

export type TaxonRow = typeof taxa.$inferSelect;

/**
 * Sensitive taxa (issue 35): an admin's rule that logs of a taxon and of its descendants are at
 * least `level` (1 obscured, 2 private), everywhere or inside `area`. The database applies it
 * (the functions of migration 0020), whatever reads a log.
 */
export const sensitiveTaxa = pgTable(
  'sensitive_taxa',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The scientific name as given (or the backbone taxon's). */
    scientificName: varchar('scientific_name', { length: 300 }).notNull(),
    /** nameKey(scientific name): a log's name equal to it, or starting with it and a space. */
    nameKey: text('name_key').notNull(),
    /** The backbone taxon, when the name or id is one of it. */
    taxonId: varchar('taxon_id', { length: 120 }).references(() => taxa.id, {
      onDelete: 'set null',
    }),
    level: smallint('level').notNull(),
    /** Where the rule holds: a GeoJSON MultiPolygon's coordinates; null: everywhere. */
    area: jsonb('area').$type<number[][][][]>(),
    /** The area's name ("Orange County") and its bounds, which the test reads first. */
    areaName: varchar('area_name', { length: 200 }),
    south: doublePrecision('south'),
    west: doublePrecision('west'),
    north: doublePrecision('north'),
    east: doublePrecision('east'),
    /** The same name with the same area is one rule: importing a list again updates it. */
    areaKey: text('area_key').notNull().default(''),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('sensitive_taxa_rule_key').on(table.nameKey, table.areaKey),
    index('sensitive_taxa_taxon_idx').on(table.taxonId),
    check('sensitive_taxa_level', sql`${table.level} BETWEEN 1 AND 2`),
  ],
);

export type SensitiveTaxonRow = typeof sensitiveTaxa.$inferSelect;

/** An owner's trusted viewers (issue 35): they see the exact points of the owner's obscured logs. */
export const trustedViewers = pgTable(
  'trusted_viewers',
  {
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    viewerId: uuid('viewer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.ownerId, table.viewerId] }),
    index('trusted_viewers_viewer_idx').on(table.viewerId),
  ],
);

/**
 * Issue 36: where and when each species was recorded on the instance, rebuilt by the occurrence
 * job from every account's logs (at the place each shows to others; none for a private one) and
 * the reference sets. A cell is an H3 index (its resolution is in its bits), a week 1–52 of the
 * local date; the species is a log's species_unit.
 */
export const occurrenceCells = pgTable(
  'occurrence_cells',
  {
    speciesUnit: text('species_unit').notNull(),
    cell: bigint('cell', { mode: 'bigint' }).notNull(),
    /** 1–52; 0: the whole year (a flag reads a place's year in one row). */
    week: smallint('week').notNull(),
    records: integer('records').notNull(),
    /** The most individuals one record counted; null: none counted. */
    maxCount: integer('max_count'),
  },
  (table) => [primaryKey({ columns: [table.speciesUnit, table.cell, table.week] })],
);

/** Records of any species a cell and week: how well the instance knows a place and season. */
export const occurrenceEffort = pgTable(
  'occurrence_effort',
  {
    cell: bigint('cell', { mode: 'bigint' }).notNull(),
    /** 1–52; 0: the whole year. */
    week: smallint('week').notNull(),
    records: integer('records').notNull(),
  },
  (table) => [primaryKey({ columns: [table.cell, table.week] })],
);

/** The occurrence model's builds: the last one says how fresh the flags' knowledge is. */
export const occurrenceBuilds = pgTable('occurrence_builds', {
  id: uuid('id').primaryKey().defaultRandom(),
  finishedAt: timestamp('finished_at', { withTimezone: true }).notNull().defaultNow(),
  /** Logs and reference records read, and what they made. */
  logs: integer('logs').notNull(),
  referenceRecords: integer('reference_records').notNull(),
  cells: integer('cells').notNull(),
  ms: integer('ms').notNull(),
});

/**
 * A reference data set the admin imported (a GBIF download, any Darwin Core Archive with an
 * Occurrence core): its citation is shown on /admin; importing the same file again replaces it.
 */
export const referenceSets = pgTable('reference_sets', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** The download's DOI, else the SHA-256 of the file: the same set imported again is one. */
  key: text('key').notNull().unique(),
  title: varchar('title', { length: 500 }).notNull(),
  citation: text('citation'),
  doi: varchar('doi', { length: 200 }),
  license: varchar('license', { length: 200 }),
  /** Occurrence rows read, and those that made a record (a species, a point and a date). */
  rows: integer('rows').notNull(),
  records: integer('records').notNull(),
  importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A reference set's records, already counted a species, cell (both resolutions) and week. */
export const referenceOccurrences = pgTable(
  'reference_occurrences',
  {
    setId: uuid('set_id')
      .notNull()
      .references(() => referenceSets.id, { onDelete: 'cascade' }),
    speciesUnit: text('species_unit').notNull(),
    cell: bigint('cell', { mode: 'bigint' }).notNull(),
    week: smallint('week').notNull(),
    records: integer('records').notNull(),
    maxCount: integer('max_count'),
  },
  (table) => [primaryKey({ columns: [table.setId, table.speciesUnit, table.cell, table.week] })],
);

/** A reviewer's decision on a log (issue 36), which its owner sees and its exports carry. */
export const logReviews = pgTable('log_reviews', {
  logId: uuid('log_id')
    .primaryKey()
    .references(() => logs.id, { onDelete: 'cascade' }),
  status: varchar('status', { length: 20 }).$type<ReviewStatus>().notNull(),
  comment: varchar('comment', { length: 1000 }),
  reviewerId: uuid('reviewer_id').references(() => users.id, { onDelete: 'set null' }),
  decidedAt: timestamp('decided_at', { withTimezone: true }).notNull().defaultNow(),
});

// ---- Issue 37: sound detections imported from a recorder, and the tokens a station posts with

export type DetectionStatus = 'pending' | 'confirmed' | 'rejected';

/**
 * One detection of a BirdNET file, on the outing it was imported into: a person confirms its
 * species (it becomes a log) or rejects it. The same detection imported again is one row.
 */
export const detections = pgTable(
  'detections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    outingId: uuid('outing_id')
      .notNull()
      .references(() => outings.id, { onDelete: 'cascade' }),
    /** The reader's key (formats/): stable across re-imports and overlapping exports. */
    sourceKey: varchar('source_key', { length: 600 }).notNull(),
    format: varchar('format', { length: 40 }).notNull(),
    /** What the to-confirm list groups by: the scientific name, else code:…, else name:…. */
    speciesKey: varchar('species_key', { length: 300 }).notNull(),
    scientificName: varchar('scientific_name', { length: 200 }),
    commonName: varchar('common_name', { length: 200 }).notNull(),
    speciesCode: varchar('species_code', { length: 20 }),
    confidence: real('confidence').notNull(),
    /** The station's wall clock read in the outing's zone (a UTC-named recording's as given). */
    detectedAt: timestamp('detected_at', { withTimezone: true }).notNull(),
    offsetSeconds: doublePrecision('offset_seconds'),
    endSeconds: doublePrecision('end_seconds'),
    /** The clip's or recording's file name, as the station wrote it. */
    file: varchar('file', { length: 500 }),
    status: varchar('status', { length: 10 }).$type<DetectionStatus>().notNull().default('pending'),
    /** The log a confirmation made. */
    logId: uuid('log_id').references(() => logs.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('detections_user_source_key').on(table.userId, table.sourceKey),
    index('detections_outing_idx').on(table.outingId, table.speciesKey, table.detectedAt),
    index('detections_log_idx').on(table.logId),
    check('detections_status', sql`${table.status} IN ('pending', 'confirmed', 'rejected')`),
    check('detections_confidence_range', sql`${table.confidence} BETWEEN 0 AND 1`),
  ],
);

export type DetectionRecord = typeof detections.$inferSelect;

/**
 * Personal access tokens: a station posts its detections with one, without a browser session.
 * Only the SHA-256 of the secret is kept; the secret is shown once, when made.
 */
export const accessTokens = pgTable(
  'access_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull(),
    scope: varchar('scope', { length: 20 }).$type<'import'>().notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(), // SHA-256 hex, never the token
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('access_tokens_token_key').on(table.tokenHash),
    index('access_tokens_user_idx').on(table.userId),
    check('access_tokens_scope', sql`${table.scope} IN ('import')`),
  ],
);
