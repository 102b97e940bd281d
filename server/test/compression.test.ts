/**
 * Bytes on the wire: API answers over 1 KB compressed on the fly per Accept-Encoding (and equal
 * once decoded), the client build's files sent as the Brotli or gzip copy the build wrote
 * (scripts/vite-precompress.ts) with their own Content-Type and `Vary: accept-encoding`,
 * index.html and the service worker revalidated, hashed assets immutable, source maps never
 * served, and the event stream left uncompressed so that each event arrives when written.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressFile } from '../../scripts/vite-precompress';
import { makeTestApp, type TestApp } from './helpers';
import { createBooking, createHost, type HostFixture } from './fixtures';
import { auth } from './sync-helpers';

const ENTRY = 'assets/index-Abc123.js';
const ENTRY_SOURCE = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;

let app: TestApp;
let dist: string;
let host: HostFixture;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'staykeep-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), `<!doctype html><html><head><title>Staykeep</title></head><body>${'<!-- padding -->'.repeat(100)}</body></html>`);
  fs.writeFileSync(path.join(dist, 'sw.js'), `self.addEventListener('fetch', () => {});\n${'// padding\n'.repeat(50)}`);
  fs.writeFileSync(path.join(dist, ENTRY), ENTRY_SOURCE);
  fs.writeFileSync(path.join(dist, `${ENTRY}.map`), '{"version":3,"sources":[],"mappings":""}');
  for (const file of ['index.html', 'sw.js', ENTRY]) await precompressFile(path.join(dist, file));
  app = await makeTestApp({ clientDistDir: dist });
  host = createHost(app);
  for (let i = 0; i < 10; i += 1) createBooking(app, host.hostProfileId);
});
afterAll(async () => {
  await app.cleanup();
  fs.rmSync(dist, { recursive: true, force: true });
});

const decoders: Record<string, (b: Buffer) => Buffer> = { br: zlib.brotliDecompressSync, gzip: zlib.gunzipSync };

describe('API answers', () => {
  it('compresses a pull over 1 KB per Accept-Encoding, equal to the plain answer once decoded', async () => {
    const url = '/api/sync/pull?cursor=0';
    const plain = await app.inject({ method: 'GET', url, headers: auth(host.token) });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    for (const [accept, encoding] of [
      ['br, gzip', 'br'],
      ['gzip, deflate', 'gzip'],
      ['gzip;q=1, br;q=0.5', 'gzip'],
    ] as const) {
      const res = await app.inject({ method: 'GET', url, headers: { ...auth(host.token), 'accept-encoding': accept } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      // Both what it was asked for (JSON or compact) and how it was compressed.
      expect(String(res.headers.vary).toLowerCase().split(/\s*,\s*/).sort()).toEqual(['accept', 'accept-encoding']);
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(JSON.parse(decoders[encoding]!(res.rawPayload).toString('utf8'))).toEqual(plain.json());
    }
  });

  it('leaves a small answer as it is', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toMatchObject({ status: 'ok' });
  });
});

describe('client files', () => {
  it('sends the pre-compressed copy the browser accepts, with the type of the file, immutable', async () => {
    for (const [accept, encoding, suffix] of [
      ['gzip, deflate, br', 'br', '.br'],
      ['gzip', 'gzip', '.gz'],
    ] as const) {
      const res = await app.inject({ method: 'GET', url: `/${ENTRY}`, headers: { 'accept-encoding': accept } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.rawPayload.equals(fs.readFileSync(path.join(dist, `${ENTRY}${suffix}`)))).toBe(true);
      expect(decoders[encoding]!(res.rawPayload).toString('utf8')).toBe(ENTRY_SOURCE);
    }
    const plain = await app.inject({ method: 'GET', url: `/${ENTRY}` });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(ENTRY_SOURCE);
  });

  it('revalidates index.html, at its own path and as the fallback of an app path, and the service worker', async () => {
    for (const url of ['/', '/staff/tasks', '/host/bookings?view=list']) {
      const res = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(zlib.brotliDecompressSync(res.rawPayload).toString('utf8')).toContain('<title>Staykeep</title>');
    }
    const sw = await app.inject({ method: 'GET', url: '/sw.js', headers: { 'accept-encoding': 'gzip' } });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['cache-control']).toBe('no-cache');
    expect(sw.headers['content-encoding']).toBe('gzip');
  });

  it('never serves a source map', async () => {
    const res = await app.inject({ method: 'GET', url: `/${ENTRY}.map` });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('mappings');
  });
});

describe('the event stream', () => {
  it('streams events uncompressed whatever the device accepts', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const first = await new Promise<{ headers: http.IncomingHttpHeaders; chunk: string }>((resolve, reject) => {
      const req = http.get({ host: '127.0.0.1', port, path: '/api/sync/events', headers: { ...auth(host.token), 'accept-encoding': 'br, gzip' } }, (res) => {
        res.once('data', (chunk: Buffer) => {
          resolve({ headers: res.headers, chunk: chunk.toString('utf8') });
          req.destroy();
        });
      });
      req.on('error', reject);
    });
    expect(first.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(first.headers['content-encoding']).toBeUndefined();
    expect(first.chunk).toContain('event: ready');
  });
});
