/**
 * Uploads follow their records (modules/properties/uploads.ts): an image a property write drops,
 * or a hard-deleted property's images, lose both files once the write commits, never on a rollback;
 * an archived property keeps them; the orphan-uploads job removes unlisted files older than a day;
 * the admin dashboard shows the uploads directory's size.
 */
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard } from '../../shared/api/billing';
import { TABLE_IDS } from '../../shared/registry';
import { properties } from '../../shared/schema/tables';
import { transact } from '../src/db/write';
import { propertyWriter } from '../src/modules/properties/writers';
import { uploadsCleanupSettled } from '../src/modules/properties/uploads';
import type { WriteContext } from '../src/write/writer';
import { call, ok } from './bookings-helpers';
import { mutation, push } from './sync-helpers';
import { makeTestApp, type TestApp } from './helpers';
import { createBooking, createHost, createUser, type HostFixture } from './fixtures';

const P = TABLE_IDS.properties;
let app: TestApp;
let host: HostFixture;
let uploads: string;

beforeAll(async () => {
  app = await makeTestApp();
  host = createHost(app);
  uploads = path.join(app.config.dataDir, 'uploads');
});
afterAll(async () => app.cleanup());

async function upload(id: string): Promise<string> {
  const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: { r: 10, g: 200, b: 40 } } }).png().toBuffer();
  const boundary = `----staykeep${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await app.inject({
    method: 'POST',
    url: `/api/properties/${id}/images`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${host.token}` },
    payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return String((res.json() as { url: string }).url);
}

/** Both files of an uploaded image: the display copy and the original. */
function filesOf(url: string): string[] {
  const stem = path.basename(url, '.webp');
  return [path.join(uploads, `${stem}.webp`), path.join(uploads, 'originals', `${stem}.png`)];
}

function exists(url: string): boolean[] {
  return filesOf(url).map((f) => fs.existsSync(f));
}

function storedImages(id: string): string[] {
  return app.db.select().from(properties).where(eq(properties.id, id)).get()?.images ?? [];
}

describe('after a property write', () => {
  it('removes the files of a replaced and a removed image once the change commits, and keeps the rest', async () => {
    const id = await ok(app, host.token, P, 'create', { property_name: 'Cleanup House' });
    const replaced = await upload(id);
    const removed = await upload(id);
    const replacement = await upload(id);
    for (const url of [replaced, removed, replacement]) expect(exists(url)).toEqual([true, true]);

    // The replacement takes the replaced image's place; the other one is removed.
    expect((await call(app, host.token, P, 'update', { ID: id, images: [replacement] })).status).toBe(200);
    await uploadsCleanupSettled();
    expect(storedImages(id)).toEqual([replacement]);
    expect(exists(replaced)).toEqual([false, false]);
    expect(exists(removed)).toEqual([false, false]);
    expect(exists(replacement)).toEqual([true, true]);
  });

  it('does the same for a sync push update', async () => {
    const id = await ok(app, host.token, P, 'create', { property_name: 'Synced House' });
    const dropped = await upload(id);
    const kept = await upload(id);
    await push(app, host.token, 'uploads-device', [mutation(1, P, 'update', id, { images: [kept] })]);
    await uploadsCleanupSettled();
    expect(storedImages(id)).toEqual([kept]);
    expect(exists(dropped)).toEqual([false, false]);
    expect(exists(kept)).toEqual([true, true]);
  });

  it('deletes nothing when the change rolls back, and deletes once the same change commits', async () => {
    const id = await ok(app, host.token, P, 'create', { property_name: 'Rollback House' });
    const url = await upload(id);
    const ctx = { actor: undefined, now: app.now(), db: app.db, secretKey: app.secretKey, publicOrigin: app.config.publicOrigin } as unknown as WriteContext;
    const before = () => app.db.select().from(properties).where(eq(properties.id, id)).get() as Record<string, unknown>;

    expect(() =>
      transact(app.db, (tx) => {
        propertyWriter.update(tx, ctx, before(), { images: [] }, { ...before(), images: [] });
        expect(storedImages(id)).toEqual([]);
        throw new Error('rolled back after the image list changed');
      }),
    ).toThrow('rolled back');
    await uploadsCleanupSettled();
    expect(storedImages(id)).toEqual([url]);
    expect(exists(url)).toEqual([true, true]);

    transact(app.db, (tx) => propertyWriter.update(tx, ctx, before(), { images: [] }, { ...before(), images: [] }));
    await uploadsCleanupSettled();
    expect(exists(url)).toEqual([false, false]);
  });

  it('removes a hard-deleted property’s images; an archived property (it has bookings) keeps them', async () => {
    const gone = await ok(app, host.token, P, 'create', { property_name: 'Deleted House' });
    const goneUrl = await upload(gone);
    const kept = await ok(app, host.token, P, 'create', { property_name: 'Archived House' });
    const keptUrl = await upload(kept);
    createBooking(app, host.hostProfileId, { property_id: kept });

    expect(await call(app, host.token, P, 'delete', { ID: gone })).toEqual({ status: 200, body: { ID: gone } });
    expect(await call(app, host.token, P, 'delete', { ID: kept })).toMatchObject({ status: 200, body: { archived: true } });
    await uploadsCleanupSettled();
    expect(exists(goneUrl)).toEqual([false, false]);
    expect(exists(keptUrl)).toEqual([true, true]);
  });
});

describe('orphan-uploads job and the dashboard figure', () => {
  it('removes unlisted generated files older than a day, keeps younger ones, listed ones and foreign names', async () => {
    const id = await ok(app, host.token, P, 'create', { property_name: 'Orphan House' });
    const listed = await upload(id);
    const now = app.now().getTime();
    const old = new Date(now - 25 * 60 * 60_000);
    const young = new Date(now - 60 * 60_000);
    const write = (rel: string, when: Date) => {
      const f = path.join(uploads, rel);
      fs.writeFileSync(f, 'x');
      fs.utimesSync(f, when, when);
      return f;
    };
    const oldShown = write(`${'a'.repeat(32)}.webp`, old);
    const oldOriginal = write(`originals/${'a'.repeat(32)}.jpg`, old);
    const youngShown = write(`${'b'.repeat(32)}.webp`, young);
    const foreign = write('notes.txt', old);
    // An original from before originals shared their display copy's name: no pair, so kept.
    const unpaired = write(`originals/${'c'.repeat(32)}.png`, old);
    for (const f of filesOf(listed)) fs.utimesSync(f, old, old);

    const root = createUser(app, 'super_admin');
    const res = await app.inject({ method: 'POST', url: '/api/admin/jobs/orphan-uploads/run', headers: { authorization: `Bearer ${root.token}` } });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { result: { removed: number } }).result.removed).toBe(2);
    expect([oldShown, oldOriginal].map((f) => fs.existsSync(f))).toEqual([false, false]);
    expect([youngShown, foreign, unpaired].map((f) => fs.existsSync(f))).toEqual([true, true, true]);
    expect(exists(listed)).toEqual([true, true]);
  });

  it('shows the uploads directory’s bytes and file count on the admin dashboard', async () => {
    let bytes = 0;
    let files = 0;
    for (const dir of [uploads, path.join(uploads, 'originals')]) {
      for (const name of fs.readdirSync(dir)) {
        const stat = fs.statSync(path.join(dir, name));
        if (stat.isFile()) {
          bytes += stat.size;
          files += 1;
        }
      }
    }
    expect(files).toBeGreaterThan(2);
    const admin = createUser(app, 'admin');
    const res = await app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: { authorization: `Bearer ${admin.token}` } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Dashboard>().uploads).toEqual({ bytes, files });
  });
});
