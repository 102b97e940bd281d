/**
 * The feed fetch against the local fake feed server: success, the clear errors (HTTP status, not
 * iCal, too large, timeout, redirects), and the SSRF rules (loopback refused unless allow-listed,
 * redirects to private addresses refused, DNS answers checked at connect time).
 */
import type dns from 'node:dns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYNC_JOB_TIMEOUT } from '../../shared/messages';
import { ValidationFailed } from '../src/errors';
import { blockedAddressReason } from '../src/integrations/ical/address';
import { startFakeFeedServer, type FakeFeedServer } from '../src/integrations/ical/fake/server';
import { FeedFetchError, allowedOriginsFromEnv, assertFeedUrlAllowed, fetchFeed, looksLikeIcal, type Resolver } from '../src/integrations/ical/fetch';

const FEED = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n';
let server: FakeFeedServer;
let allowed: string[];

/** A DNS that answers what the test says, counting the questions. */
function fakeDns(answers: Record<string, string>): Resolver & { asked: string[] } {
  const asked: string[] = [];
  const resolve = async (hostname: string): Promise<dns.LookupAddress[]> => {
    asked.push(hostname);
    const address = answers[hostname];
    if (!address) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return [{ address, family: address.includes(':') ? 6 : 4 }];
  };
  return Object.assign(resolve, { asked });
}

async function failure(promise: Promise<unknown>): Promise<FeedFetchError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof FeedFetchError) return error;
    throw error;
  }
  throw new Error('expected the fetch to fail');
}

beforeAll(async () => {
  server = await startFakeFeedServer();
  allowed = [server.origin];
  server.set('/feed.ics', { body: FEED });
  server.set('/error.ics', { status: 500, body: 'boom' });
  server.set('/gone.ics', { status: 404, body: 'no' });
  server.set('/html', { body: '<!doctype html><title>Log in</title>', headers: { 'content-type': 'text/html' } });
  server.set('/big-declared.ics', { body: `${FEED}${'X'.repeat(70_000)}` });
  server.set('/big-streamed.ics', { streamBytes: 200_000 });
  server.set('/slow.ics', { body: FEED, delayMs: 3_000 });
  server.set('/r1', { redirect: '/r2' });
  server.set('/r2', { redirect: '/feed.ics' });
  for (let n = 0; n < 7; n += 1) server.set(`/loop${n}`, { redirect: `/loop${n + 1}` });
  server.set('/to-loopback', { redirect: 'https://127.0.0.1:1/feed.ics' });
  server.set('/to-private-http', { redirect: 'http://10.0.0.7/feed.ics' });
  server.set('/to-metadata', { redirect: 'https://[::ffff:169.254.169.254]/latest' });
  server.set('/to-rebound', { redirect: 'https://calendar.rebind.test/feed.ics' });
  server.set('/to-file', { redirect: 'file:///etc/passwd' });
});
afterAll(async () => server.close());

describe('fetching a feed', () => {
  it('returns the raw bytes from an allow-listed origin and follows redirects', async () => {
    const direct = await fetchFeed(server.url('/feed.ics'), { allowedOrigins: allowed });
    expect(direct.body.toString()).toBe(FEED);
    expect(direct.status).toBe(200);
    const redirected = await fetchFeed(server.url('/r1'), { allowedOrigins: allowed });
    expect(redirected.url).toBe(server.url('/feed.ics'));
    expect(redirected.body.toString()).toBe(FEED);
  });

  it('fails with the HTTP status', async () => {
    const e500 = await failure(fetchFeed(server.url('/error.ics'), { allowedOrigins: allowed }));
    expect(e500).toMatchObject({ code: 'http', status: 500, message: 'The calendar server answered HTTP 500 (Internal Server Error)' });
    const e404 = await failure(fetchFeed(server.url('/gone.ics'), { allowedOrigins: allowed }));
    expect(e404.message).toBe('The calendar server answered HTTP 404 (Not Found)');
  });

  it('fails when the body is not iCal', async () => {
    const e = await failure(fetchFeed(server.url('/html'), { allowedOrigins: allowed }));
    expect(e).toMatchObject({ code: 'not-ical', message: 'The address did not return an iCal calendar (no BEGIN:VCALENDAR)' });
    expect(looksLikeIcal(Buffer.from('\uFEFF\r\n  begin:vcalendar\r\n'))).toBe(true);
  });

  it('stops past the size cap, whether the size is declared or streamed', async () => {
    const declared = await failure(fetchFeed(server.url('/big-declared.ics'), { allowedOrigins: allowed, maxBytes: 64 * 1024 }));
    expect(declared).toMatchObject({ code: 'too-large', message: 'The calendar is larger than 64 KB' });
    const streamed = await failure(fetchFeed(server.url('/big-streamed.ics'), { allowedOrigins: allowed, maxBytes: 64 * 1024 }));
    expect(streamed.code).toBe('too-large');
  });

  it('times out with the catalogue message', async () => {
    const started = Date.now();
    const e = await failure(fetchFeed(server.url('/slow.ics'), { allowedOrigins: allowed, timeoutMs: 300 }));
    expect(e).toMatchObject({ code: 'timeout', message: SYNC_JOB_TIMEOUT });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('follows at most five redirects', async () => {
    const e = await failure(fetchFeed(server.url('/loop0'), { allowedOrigins: allowed }));
    expect(e).toMatchObject({ code: 'redirect', message: 'The calendar server redirected more than 5 times' });
  });
});

describe('SSRF rules at fetch time', () => {
  it('refuses the loopback feed server unless its origin is allow-listed', async () => {
    const plain = await failure(fetchFeed(server.url('/feed.ics'), { allowedOrigins: [] }));
    expect(plain).toMatchObject({ code: 'blocked', message: 'Only https calendar addresses may be fetched' });
    const https = await failure(fetchFeed(server.url('/feed.ics').replace('http:', 'https:'), { allowedOrigins: [] }));
    expect(https.message).toMatch(/loopback address \(127\.0\.0\.1\)/);
    expect(server.hits('/feed.ics')).toBe(2); // only the two allowed fetches above reached it
  });

  it('refuses a name that resolves to loopback, checked when the socket connects', async () => {
    const e = await failure(fetchFeed('https://localhost:1/feed.ics', { allowedOrigins: [] }));
    expect(e.code).toBe('blocked');
    expect(e.message).toMatch(/^The calendar address localhost resolves to a loopback address/);
  });

  it('refuses a DNS answer that was public when the feed was saved and is private now (rebinding)', async () => {
    const before = fakeDns({ 'calendar.rebind.test': '93.184.216.34' });
    await expect(assertFeedUrlAllowed('https://calendar.rebind.test/feed.ics', [], before)).resolves.toBe('https://calendar.rebind.test/feed.ics');
    const after = fakeDns({ 'calendar.rebind.test': '10.1.2.3' });
    const e = await failure(fetchFeed('https://calendar.rebind.test/feed.ics', { allowedOrigins: [], resolver: after }));
    expect(e.message).toBe('The calendar address calendar.rebind.test resolves to a private address (10.1.2.3), which is not allowed');
    expect(after.asked).toEqual(['calendar.rebind.test']);
  });

  it('re-checks every redirect: loopback, private http, IPv4-mapped metadata, rebound names and non-http schemes', async () => {
    const rebound = fakeDns({ 'calendar.rebind.test': '192.168.1.20' });
    const loopback = await failure(fetchFeed(server.url('/to-loopback'), { allowedOrigins: allowed }));
    expect(loopback.message).toMatch(/loopback address \(127\.0\.0\.1\)/);
    const privateHttp = await failure(fetchFeed(server.url('/to-private-http'), { allowedOrigins: allowed }));
    expect(privateHttp.message).toBe('Only https calendar addresses may be fetched');
    const metadata = await failure(fetchFeed(server.url('/to-metadata'), { allowedOrigins: allowed }));
    expect(metadata.message).toMatch(/IPv4-mapped address/);
    const viaDns = await failure(fetchFeed(server.url('/to-rebound'), { allowedOrigins: allowed, resolver: rebound }));
    expect(viaDns.message).toMatch(/resolves to a private address \(192\.168\.1\.20\)/);
    expect(rebound.asked).toEqual(['calendar.rebind.test']);
    const file = await failure(fetchFeed(server.url('/to-file'), { allowedOrigins: allowed }));
    expect(file.message).toBe('The calendar server redirected to an address that is not http(s)');
  });
});

describe('the check when a feed is saved', () => {
  const publicDns = fakeDns({ 'calendar.example.test': '93.184.216.34', 'internal.example.test': '172.20.0.5', 'v6.example.test': 'fd12::1' });

  it.each([
    ['ftp://calendar.example.test/a.ics', 'must be an http(s) URL'],
    ['not a url', 'must be an http(s) URL'],
    ['http://calendar.example.test/a.ics', 'Only https calendar addresses may be fetched'],
    ['https://127.0.0.1/a.ics', 'loopback address (127.0.0.1)'],
    ['https://[::1]/a.ics', 'loopback address (::1)'],
    ['https://169.254.169.254/latest/meta-data', 'link-local address'],
    ['https://0x7f.1/a.ics', 'loopback address (127.0.0.1)'],
    ['https://100.64.1.1/a.ics', 'carrier-grade NAT address'],
    ['https://internal.example.test/a.ics', 'private address (172.20.0.5)'],
    ['https://v6.example.test/a.ics', 'unique-local address (fd12::1)'],
    ['https://missing.example.test/a.ics', 'the host missing.example.test does not exist'],
  ])('%s is a 400', async (url, reason) => {
    const attempt = assertFeedUrlAllowed(url, [], publicDns);
    await expect(attempt).rejects.toBeInstanceOf(ValidationFailed);
    await expect(attempt).rejects.toMatchObject({ statusCode: 400 });
    await expect(attempt).rejects.toThrow(/^Invalid value for iCalUrl: /);
    await expect(attempt).rejects.toThrow(reason);
  });

  it('accepts public https URLs (webcal:// read as https://) and allow-listed origins', async () => {
    await expect(assertFeedUrlAllowed('webcal://calendar.example.test/a.ics', [], publicDns)).resolves.toBe('https://calendar.example.test/a.ics');
    await expect(assertFeedUrlAllowed(server.url('/feed.ics'), [`${server.origin}/`], publicDns)).resolves.toBe(server.url('/feed.ics'));
  });

  it('reads ICAL_ALLOWED_ORIGINS as comma-separated origins', () => {
    expect(allowedOriginsFromEnv({ ICAL_ALLOWED_ORIGINS: ' http://127.0.0.1:8123/feeds , nonsense,https://Feeds.Example.test ' })).toEqual([
      'http://127.0.0.1:8123',
      'https://feeds.example.test',
    ]);
    expect(allowedOriginsFromEnv({})).toEqual([]);
  });
});

describe('address classification', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['192.168.0.1', 'private'],
    ['169.254.1.1', 'link-local'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.251', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['fe80::1%eth0', 'link-local'],
    ['fd00::1', 'unique-local'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'IPv4-mapped'],
    ['::ffff:7f00:1', 'IPv4-mapped'],
    ['64:ff9b::10.0.0.1', 'private (via NAT64)'],
    ['2002:c0a8:0101::1', 'private (via 6to4)'],
  ])('%s is refused as %s', (address, reason) => {
    expect(blockedAddressReason(address)).toBe(reason);
  });

  it.each(['93.184.216.34', '172.32.0.1', '100.128.0.1', '2606:4700::6810:84e5', '64:ff9b::8.8.8.8'])('%s is public', (address) => {
    expect(blockedAddressReason(address)).toBeNull();
  });
});
