import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NotFound,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Readable } from 'node:stream';
import { PHOTO_LIMITS } from '../../common/photos.js';
import type { ByteRange, ObjectKey, ObjectStorage, UploadTarget } from './object-storage.js';

export interface S3Settings {
  bucket: string;
  endpoint?: string;
  /** Where browsers reach the store, when the app reaches it elsewhere (e.g. a container name). */
  publicEndpoint?: string;
  region?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle?: boolean;
}

/** Photos in any S3-compatible bucket; the browser PUTs straight to it with a presigned URL. */
export class S3Storage implements ObjectStorage {
  readonly kind = 's3';
  readonly #client: S3Client;
  /** Signs the URLs browsers PUT to: the same client unless the public endpoint differs. */
  readonly #signer: S3Client;
  readonly #bucket: string;

  constructor(settings: S3Settings) {
    this.#bucket = settings.bucket;
    this.#client = clientFor(settings, settings.endpoint);
    this.#signer = settings.publicEndpoint ? signerFor(settings) : this.#client;
  }

  uploadUrl({ uploadId, size }: UploadTarget): Promise<string> {
    return signUpload(this.#signer, this.#bucket, uploadId, size);
  }

  async size(key: ObjectKey): Promise<number | undefined> {
    try {
      const head = await this.#client.send(
        new HeadObjectCommand({ Bucket: this.#bucket, Key: key }),
      );
      return head.ContentLength ?? 0;
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async readAll(key: ObjectKey): Promise<Buffer> {
    const object = await this.#client.send(
      new GetObjectCommand({ Bucket: this.#bucket, Key: key }),
    );
    return Buffer.from(await object.Body!.transformToByteArray());
  }

  async read(key: ObjectKey, range?: ByteRange): Promise<Readable | undefined> {
    try {
      const object = await this.#client.send(
        new GetObjectCommand({
          Bucket: this.#bucket,
          Key: key,
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      return object.Body as Readable;
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async write(key: ObjectKey, body: Buffer, contentType: string): Promise<void> {
    await this.#client.send(
      new PutObjectCommand({
        Bucket: this.#bucket,
        Key: key,
        Body: body,
        ContentType: contentType,
      }),
    );
  }

  async delete(keys: ObjectKey[]): Promise<void> {
    for (let start = 0; start < keys.length; start += 1000) {
      const batch = keys.slice(start, start + 1000);
      await this.#client.send(
        new DeleteObjectsCommand({
          Bucket: this.#bucket,
          Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
        }),
      );
    }
  }

  destroy() {
    this.#client.destroy();
    this.#signer.destroy();
  }
}

/**
 * The origin browsers PUT photos to (the CSP's connect-src allows it): that of a URL signed just
 * as `uploadUrl` signs them, so the two cannot drift apart (path style or a virtual-hosted
 * bucket, a public endpoint, AWS's regional host).
 */
export async function uploadOrigin(settings: S3Settings): Promise<string> {
  // Stand-in keys: only the origin is kept, and the SDK's own chain (an instance role, say)
  // must not be asked while the app starts.
  const signer = signerFor({ ...settings, accessKeyId: 'origin', secretAccessKey: 'origin' });
  try {
    return new URL(await signUpload(signer, settings.bucket, 'origin')).origin;
  } finally {
    signer.destroy();
  }
}

function signUpload(signer: S3Client, bucket: string, uploadId: string, size?: number) {
  // With the announced size signed, S3 refuses any other length; the app checks again anyway.
  const command = new PutObjectCommand({
    Bucket: bucket,
    Key: `uploads/${uploadId}/original`,
    ContentLength: size,
  });
  return getSignedUrl(signer, command, { expiresIn: PHOTO_LIMITS.uploadUrlSeconds });
}

/** The client that signs the URLs browsers PUT to: at the public endpoint, when there is one. */
const signerFor = (settings: S3Settings) =>
  clientFor(settings, settings.publicEndpoint ?? settings.endpoint);

function clientFor(settings: S3Settings, endpoint: string | undefined): S3Client {
  return new S3Client({
    region: settings.region ?? 'us-east-1',
    endpoint,
    forcePathStyle: settings.forcePathStyle ?? false,
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined, // the SDK's own chain: environment, profile, instance role
    // Checksums only where S3 demands them: a presigned PUT must not ask the browser for one.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

const isMissing = (error: unknown) =>
  error instanceof NotFound ||
  error instanceof NoSuchKey ||
  (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;
