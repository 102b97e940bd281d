/**
 * HSTS and the CSP's `upgrade-insecure-requests` follow PUBLIC_ORIGIN (server/src/app.ts): sent
 * when the app is served over https, never over plain http, where upgrading every request would
 * break a self-hoster's LAN try-out. The rest of the CSP is the same either way.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from './helpers';

const apps: TestApp[] = [];
afterAll(async () => {
  for (const app of apps) await app.cleanup();
});

async function headersFor(publicOrigin: string): Promise<Record<string, unknown>> {
  const app = await makeTestApp({ publicOrigin });
  apps.push(app);
  return (await app.inject({ method: 'GET', url: '/api/health' })).headers;
}

describe('security headers and the public origin', () => {
  it('over plain http: no HSTS, no upgrade-insecure-requests', async () => {
    const headers = await headersFor('http://192.168.1.20:3000');
    expect(headers['strict-transport-security']).toBeUndefined();
    expect(String(headers['content-security-policy'])).not.toContain('upgrade-insecure-requests');
    expect(String(headers['content-security-policy'])).toContain("default-src 'self'");
  });

  it('over https: HSTS for six months and upgrade-insecure-requests', async () => {
    const headers = await headersFor('https://stays.example.com');
    expect(headers['strict-transport-security']).toBe('max-age=15552000; includeSubDomains');
    expect(String(headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    expect(String(headers['content-security-policy'])).toContain("default-src 'self'");
  });

  it('every response carries the headers, an error or a refusal too, and none says what serves it', async () => {
    const app = await makeTestApp({ publicOrigin: 'http://localhost:3000' });
    apps.push(app);
    for (const request of [{ method: 'GET', url: '/api/health' }, { method: 'GET', url: '/api/no-such-route' }, { method: 'GET', url: '/api/push/subscriptions' }] as const) {
      const res = await app.inject(request);
      expect(res.headers['x-content-type-options'], request.url).toBe('nosniff');
      expect(res.headers['x-frame-options'], request.url).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy'], request.url).toBe('no-referrer');
      expect(res.headers['cross-origin-opener-policy'], request.url).toBe('same-origin');
      expect(String(res.headers['content-security-policy']), request.url).toContain("script-src 'self'");
      expect(res.headers['x-powered-by'], request.url).toBeUndefined();
    }
  });
});
