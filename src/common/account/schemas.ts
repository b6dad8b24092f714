import { z } from 'zod';
import { locationPrivacySchema, obscuredPlaceChoices } from '../location-privacy.js';
import { registerSchema } from '../auth/schemas.js';
import { dataLicenseSchema } from '../data-exchange/licenses.js';

// The signed-in user's own account (issue 21; ARCHITECTURE "Later contracts", Accounts):
// profile, data licence, storage, password, sessions, deletion and the archive.

/** `GET /api/account`. */
export const accountSchema = z.object({
  id: z.uuid(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: z.enum(['admin', 'user']),
  /** The licence the Darwin Core Archive publishes the user's data under. */
  dataLicense: dataLicenseSchema,
  /** False for an account that signs in only through OpenID Connect. */
  hasPassword: z.boolean(),
  /** Photo storage: originals and their derivatives, against the user's quota. */
  storage: z.object({ usedBytes: z.number().int(), quotaBytes: z.number().int() }),
  /** The location privacy new logs and outings take (issue 35). */
  locationPrivacy: locationPrivacySchema,
  /** What an obscured place's name shows to others: its region, or nothing. */
  obscuredPlace: z.enum(obscuredPlaceChoices),
  /** An admin made this account a reviewer: it sees the exact points of obscured logs. */
  reviewer: z.boolean(),
});
export type Account = z.infer<typeof accountSchema>;

const name = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(100, `${label} must be at most 100 characters`)
    .nullable()
    .optional()
    .transform((value) => (value === undefined ? undefined : value || null));

const email = registerSchema.shape.email;

/**
 * `PUT /api/account`: a field left out stays as it is; an empty name clears it. A new email
 * needs the current password on an account that has one.
 */
export const accountUpdateSchema = z.object({
  firstName: name('First name'),
  lastName: name('Last name'),
  email: email.optional(),
  dataLicense: dataLicenseSchema.optional(),
  locationPrivacy: locationPrivacySchema.optional(),
  obscuredPlace: z
    .enum(obscuredPlaceChoices, { error: 'Obscured place must be region or hide' })
    .optional(),
  currentPassword: z
    .string({ error: 'Current password must be text' })
    .max(1024, 'Current password must be at most 1024 characters')
    .optional(),
});
export type AccountUpdate = z.input<typeof accountUpdateSchema>;

/** `PUT /api/account/password`: the new one follows the rules of registration. */
export const passwordChangeSchema = z.object({
  currentPassword: z
    .string({ error: 'Current password is required' })
    .min(1, 'Current password is required')
    .max(1024, 'Current password must be at most 1024 characters'),
  newPassword: registerSchema.shape.password,
});
export type PasswordChange = z.infer<typeof passwordChangeSchema>;

/** One live session of the account: `id` is public (never the key the server stores). */
export const accountSessionSchema = z.object({
  id: z.string(),
  /** Null for sessions begun before issue 21 recorded it. */
  createdAt: z.iso.datetime({ offset: true }).nullable(),
  /** The session ends then unless it is used (each use moves it on, at most once a day). */
  expiresAt: z.iso.datetime({ offset: true }),
  /** 'Firefox on Linux', or null when the browser is not known. */
  userAgent: z.string().nullable(),
  /** The session of this request. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;
export const accountSessionsSchema = z.array(accountSessionSchema);

export const accountSessionParamsSchema = z.object({
  id: z.string().max(100, 'Session id is too long'),
});

/** What to type to delete an account that has no email (some OpenID Connect accounts). */
export const DELETE_CONFIRMATION_WITHOUT_EMAIL = 'DELETE';

/** `DELETE /api/account`: the email typed again, and the password on an account that has one. */
export const accountDeletionSchema = z.object({
  confirmEmail: z
    .string({ error: 'Type your email to confirm' })
    .trim()
    .min(1, 'Type your email to confirm')
    .max(254, 'Email must be at most 254 characters'),
  password: z
    .string({ error: 'Password must be text' })
    .max(1024, 'Password must be at most 1024 characters')
    .optional(),
});
export type AccountDeletion = z.infer<typeof accountDeletionSchema>;

/** `account.json` of the account archive. */
export const archiveManifestSchema = z.object({
  format: z.literal('sightbook-account-archive'),
  formatVersion: z.literal(1),
  exportedAt: z.iso.datetime({ offset: true }),
  app: z.object({ name: z.string(), version: z.string() }),
  account: z.object({
    id: z.uuid(),
    email: z.string().nullable(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    dataLicense: dataLicenseSchema,
    createdAt: z.iso.datetime({ offset: true }),
  }),
  counts: z.object({
    logs: z.number().int(),
    photos: z.number().int(),
    /** Archives since issue 22. */
    outings: z.number().int().optional(),
    /** Archives since issue 37. */
    recordings: z.number().int().optional(),
  }),
  /** Uploads the store no longer held when the archive was made: left out of photos/. */
  missingPhotos: z.array(z.string()).optional(),
  /** The same of sound recordings, left out of recordings/. */
  missingRecordings: z.array(z.string()).optional(),
  files: z.object({
    csv: z.string(),
    dwca: z.string(),
    photos: z.string(),
    outings: z.string().optional(),
    recordings: z.string().optional(),
  }),
});
export type ArchiveManifest = z.infer<typeof archiveManifestSchema>;

/** The archive's parts (the import reads the CSV and the photos by these names). */
export const ACCOUNT_ARCHIVE_FILES = {
  manifest: 'account.json',
  csv: 'sightings.csv',
  dwca: 'dwca.zip',
  /** `photos/{upload id}.{ext}`: the CSV's photo_urls name `/objects/uploads/{upload id}`. */
  photosFolder: 'photos/',
  /** The outings as the API writes them (outingSchema), which the CSV's outing_id names. */
  outings: 'outings.json',
  /**
   * `recordings/{upload id}.{format}` (wav, flac, mp3, m4a, aac, ogg): the original sound
   * recordings, which the CSV's recording_urls name `/objects/uploads/{upload id}`.
   */
  recordingsFolder: 'recordings/',
} as const;

/** An account its owner lets see the exact points of their obscured logs (issue 35). */
export const trustedViewerSchema = z.object({
  id: z.uuid(),
  email: z.string().nullable(),
  name: z.string().nullable().describe('First and last name, when the account has one'),
  since: z.iso.datetime(),
});
export type TrustedViewer = z.infer<typeof trustedViewerSchema>;

export const trustedViewerListSchema = z.object({ items: z.array(trustedViewerSchema) });

/** `POST /api/account/trusted-viewers`: the email of an account of this server. */
export const trustedViewerAddSchema = z.object({ email });

export const trustedViewerParamsSchema = z.object({ id: z.uuid('Unknown account') });
