/**
 * POST /api/properties/:id/images and GET /uploads/:file: the type comes from the content, the size
 * is capped, a WebP display copy is served with a one-year immutable cache, the original is kept
 * and never served, and failures leave no file behind.
 */
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TABLE_IDS } from '../../shared/registry';
import { properties } from '../../shared/schema/tables';
import { DISPLAY_MAX_PX, MAX_IMAGE_BYTES, sniffImageType } from '../src/modules/properties/images';
import { uploadsCleanupSettled } from '../src/modules/properties/uploads';
import { makeTestApp, type TestApp } from './helpers';
import { ok } from './bookings-helpers';
import { createHost, createStaff, createTask, type HostFixture } from './fixtures';

let app: TestApp;
let host: HostFixture;
let property: string;
let uploads: string;

beforeAll(async () => {
  app = await makeTestApp();
  host = createHost(app);
  property = await ok(app, host.token, TABLE_IDS.properties, 'create', { property_name: 'Photo House' });
  uploads = path.join(app.config.dataDir, 'uploads');
});
afterAll(async () => app.cleanup());

function multipart(content: Buffer, filename: string, type: string, field = 'file') {
  const boundary = `----staykeep${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, content, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function upload(token: string | null, id: string, body: { payload: Buffer | string; headers: Record<string, string> }) {
  const res = await app.inject({
    method: 'POST',
    url: `/api/properties/${id}/images`,
    headers: { ...body.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: body.payload,
  });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}

function image(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } });
}

function files(dir: string): string[] {
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f !== 'originals') : [];
}

function storedImages(): string[] {
  return app.db.select().from(properties).where(eq(properties.id, property)).get()?.images ?? [];
}

describe('sniffImageType', () => {
  it('reads JPEG, PNG and WebP from their first bytes only', async () => {
    expect(sniffImageType(await image(2, 2).jpeg().toBuffer())).toBe('jpeg');
    expect(sniffImageType(await image(2, 2).png().toBuffer())).toBe('png');
    expect(sniffImageType(await image(2, 2).webp().toBuffer())).toBe('webp');
    expect(sniffImageType(await image(2, 2).gif().toBuffer())).toBeUndefined();
    expect(sniffImageType(Buffer.from('RIFF....WAVE'))).toBeUndefined();
    expect(sniffImageType(Buffer.from([0xff, 0xd8]))).toBeUndefined();
  });
});

describe('upload', () => {
  it('stores a large JPEG, serves a WebP display copy at most 1600 px wide with a one-year cache, and lists it', async () => {
    const jpeg = await image(3000, 2000).jpeg().toBuffer();
    const r = await upload(host.token, property, multipart(jpeg, 'holiday.png', 'image/png'));
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const url = String(r.body.url);
    expect(url).toMatch(/^\/uploads\/[a-f0-9]{32}\.webp$/);
    expect(r.body.images).toEqual([url]);
    expect(storedImages()).toEqual([url]);

    const served = await app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: DISPLAY_MAX_PX, height: 1067 });

    const originals = fs.readdirSync(path.join(uploads, 'originals'));
    expect(originals).toHaveLength(1);
    expect(originals[0]).toMatch(/^[a-f0-9]{32}\.jpg$/);
    expect(fs.readFileSync(path.join(uploads, 'originals', String(originals[0])))).toEqual(jpeg);
    // The original (which may carry EXIF data) is never served.
    expect((await app.inject({ method: 'GET', url: `/uploads/originals/${originals[0]}` })).statusCode).toBe(404);
  });

  it('takes PNG and WebP, without enlarging small images, and appends in order', async () => {
    const png = await upload(host.token, property, multipart(await image(40, 30).png().toBuffer(), 'a.png', 'image/png'));
    const webp = await upload(host.token, property, multipart(await image(20, 50).webp().toBuffer(), 'b.webp', 'image/webp'));
    expect([png.status, webp.status]).toEqual([201, 201]);
    expect(storedImages().slice(-2)).toEqual([png.body.url, webp.body.url]);
    const meta = await sharp((await app.inject({ method: 'GET', url: String(webp.body.url) })).rawPayload).metadata();
    expect(meta).toMatchObject({ width: 20, height: 50 });
  });

  it('refuses other types by content whatever the name, unreadable images and oversized files, leaving no file behind', async () => {
    const before = { served: files(uploads), originals: files(path.join(uploads, 'originals')), images: storedImages() };
    const gif = await upload(host.token, property, multipart(await image(4, 4).gif().toBuffer(), 'photo.jpg', 'image/jpeg'));
    expect(gif).toEqual({ status: 400, body: { error: 'Invalid value for file: must be a JPEG, PNG or WebP image' } });
    const text = await upload(host.token, property, multipart(Buffer.from('<svg onload="alert(1)"/>'), 'x.png', 'image/png'));
    expect(text.status).toBe(400);
    const broken = await upload(host.token, property, multipart(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]), 'x.jpg', 'image/jpeg'));
    expect(broken).toEqual({ status: 400, body: { error: 'Invalid value for file: not a readable image' } });
    const huge = Buffer.alloc(MAX_IMAGE_BYTES + 1, 0);
    huge.set([0xff, 0xd8, 0xff]);
    const large = await upload(host.token, property, multipart(huge, 'big.jpg', 'image/jpeg'));
    expect(large).toEqual({ status: 413, body: { error: 'Invalid value for file: at most 10 MB' } });
    expect({ served: files(uploads), originals: files(path.join(uploads, 'originals')), images: storedImages() }).toEqual(before);
  });

  it('needs a multipart body with a file', async () => {
    const json = await upload(host.token, property, { payload: JSON.stringify({ file: 'x' }), headers: { 'content-type': 'application/json' } });
    expect(json).toEqual({ status: 400, body: { error: 'Invalid value for file: send the image as multipart/form-data' } });
    const boundary = '----empty';
    const empty = await upload(host.token, property, {
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="caption"\r\n\r\nhello\r\n--${boundary}--\r\n`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(empty).toEqual({ status: 400, body: { error: 'Invalid value for file: required' } });
    // No boundary and no body (found by server/test/api-fuzz.test.ts): the parser's error is the request's fault.
    const unreadable = await upload(host.token, property, { payload: '', headers: { 'content-type': 'multipart/form-data' } });
    expect(unreadable).toEqual({ status: 400, body: { error: 'Invalid value for file: the multipart body could not be read' } });
  });

  it('is for the owner host or an admin: 401, 403 for staff, 404 outside the scope, before reading the file', async () => {
    const body = multipart(await image(4, 4).png().toBuffer(), 'a.png', 'image/png');
    expect((await upload(null, property, body)).status).toBe(401);
    const staff = createStaff(app, host.hostProfileId);
    createTask(app, host.hostProfileId, { property_id: property, assigned_staff_id: staff.staffId });
    expect((await upload(staff.token, property, body)).status).toBe(403);
    expect((await upload(createHost(app).token, property, body)).status).toBe(404);
    expect((await upload(host.token, 'no-such-property', body)).status).toBe(404);
  });

  it('refuses an image past the 100 a property lists, removing the stored files', async () => {
    const full = await ok(app, host.token, TABLE_IDS.properties, 'update', { ID: property, images: Array.from({ length: 100 }, (_, i) => `/uploads/${String(i).padStart(32, '0')}.webp`) });
    expect(full).toBe(property);
    // The update dropped the images uploaded above: their files go after its commit (uploads.ts).
    await uploadsCleanupSettled();
    const before = { served: files(uploads), originals: files(path.join(uploads, 'originals')) };
    const r = await upload(host.token, property, multipart(await image(4, 4).png().toBuffer(), 'a.png', 'image/png'));
    expect(r).toEqual({ status: 400, body: { error: 'Invalid value for images: a property has at most 100 images' } });
    expect({ served: files(uploads), originals: files(path.join(uploads, 'originals')) }).toEqual(before);
  });
});

describe('GET /uploads/:file', () => {
  it('answers 404 for unknown names and anything that is not a served name', async () => {
    for (const url of ['/uploads/0123456789abcdef0123456789abcdef.webp', '/uploads/..%2Fapp.db', '/uploads/app.db', '/uploads/%2E%2E%2Fapp.db']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
  });
});
