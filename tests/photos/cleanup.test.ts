import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../src/server/app.js';
import { uploadIdIn } from '../../src/common/photos.js';
import { deleteOrphanUploads } from '../../src/server/features/photos/service.js';
import { as, createLogAs, sampleImage, signUp, stores, testConfig } from '../support/helpers.js';
import { drivers, photoClientFor, photoDataDir, s3rverForThisFile } from './support.js';

// One S3-protocol server for the whole file, on 127.0.0.1, reached through real presigned URLs.
const s3 = s3rverForThisFile();

describe.each(stores)('photos on $store', ({ databaseUrl }) => {
  describe.each(drivers)('with $driver storage', ({ driver }) => {
    let app: FastifyInstance;
    let dataDir: string;
    beforeAll(async () => {
      dataDir = photoDataDir();
      app = await buildApp(
        testConfig({ databaseUrl, dataDir, ...(driver === 's3' ? { s3 } : {}) }),
      );
    });
    afterAll(async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    });

    const { upload, fetchObject, storedObjects } = photoClientFor(() => app);

    it('deletes uploads no log took within 24 hours, and only those', async () => {
      const ada = await signUp(app, 'orphans');
      const kept = await upload(ada, await sampleImage());
      await createLogAs(app, ada, { uploadedPhotoUrls: [kept] });
      const orphan = await upload(ada, await sampleImage());
      const recent = await upload(ada, await sampleImage());
      const ids = [kept, orphan].map((path) => uploadIdIn(path)!);
      await app.db.execute(
        sql`update uploads set created_at = now() - interval '25 hours' where id in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
      );

      expect(await deleteOrphanUploads(app.db, app.storage)).toBeGreaterThanOrEqual(1);
      expect(await storedObjects(uploadIdIn(orphan)!)).toBe(0);
      expect((await fetchObject(orphan, ada)).statusCode).toBe(404);
      expect((await fetchObject(kept, ada)).statusCode).toBe(200);
      expect((await fetchObject(recent, ada)).statusCode).toBe(200);
      expect(await storedObjects(uploadIdIn(kept)!)).toBe(4);
    });

    it("deletes a log's photos with the log, unless another log still shows them", async () => {
      const ada = await signUp(app, 'delete');
      const own = await upload(ada, await sampleImage());
      const shared = await upload(ada, await sampleImage());
      const first = await createLogAs(app, ada, { uploadedPhotoUrls: [own, shared] });
      await createLogAs(app, ada, { uploadedPhotoUrls: [shared] });

      const res = await app.inject({
        method: 'DELETE',
        url: `/api/logs/${first.id}`,
        headers: as(ada),
      });
      expect(res.statusCode).toBe(204);
      expect(await storedObjects(uploadIdIn(own)!)).toBe(0);
      expect((await fetchObject(own, ada)).statusCode).toBe(404);
      expect(await storedObjects(uploadIdIn(shared)!)).toBe(4);
      expect((await fetchObject(shared, ada)).statusCode).toBe(200);
    });
  });
});
