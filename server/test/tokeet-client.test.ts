/**
 * The Tokeet client against the fake Tokeet over real HTTP: headers, the code exchange, refresh on
 * 401 with one retry, "Authentication failed", status-text failures, timeouts and the size limit.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PARTNER_EMAIL_HEADER, PARTNER_ID_HEADER, TOKEET_SCOPES, TokeetClient, authorizeUrl, type TokenSet } from '../src/integrations/tokeet/client';
import { startFakeTokeet, type FakeTokeet } from '../src/integrations/tokeet/fake/server';

describe('Tokeet client', () => {
  let fake: FakeTokeet;
  beforeAll(async () => {
    fake = await startFakeTokeet();
  });
  afterAll(async () => {
    await fake.close();
  });
  beforeEach(() => {
    fake.requests.length = 0;
    fake.rotateRefreshTokens = true;
  });

  const settings = () => ({ baseUrl: fake.origin, clientId: fake.clientId, clientSecret: fake.clientSecret, partnerId: fake.partnerId, partnerEmail: fake.partnerEmail });
  const redirect = 'http://app.example/admin/tokeet-callback';

  async function connect(): Promise<{ client: TokeetClient; saved: TokenSet[] }> {
    const res = await fetch(authorizeUrl(settings(), redirect, 'st-1'), { redirect: 'manual' });
    expect(res.status).toBe(302);
    const back = new URL(res.headers.get('location') ?? '');
    expect(back.searchParams.get('state')).toBe('st-1');
    const saved: TokenSet[] = [];
    const client = new TokeetClient(settings(), null, { onTokens: (t) => saved.push(t) });
    await client.exchangeCode(back.searchParams.get('code') ?? '', redirect);
    return { client, saved };
  }

  it('builds the authorize URL with the client id, a code response, the scope list and the callback', () => {
    const url = new URL(authorizeUrl(settings(), redirect, 'abc'));
    expect(url.pathname).toBe('/dialog/');
    expect(Object.fromEntries(url.searchParams)).toEqual({ client_id: fake.clientId, response_type: 'code', scope: TOKEET_SCOPES.join(' '), redirect_uri: redirect, state: 'abc' });
  });

  it('exchanges a code, computes the expiry from expires_in and sends the four headers', async () => {
    const before = Date.now();
    const { client } = await connect();
    const tokens = client.currentTokens!;
    expect(tokens.refreshToken).toMatch(/^rt_/);
    const expiry = Date.parse(tokens.expiresAt ?? '');
    expect(expiry).toBeGreaterThanOrEqual(before + fake.tokenLifetime * 1000 - 1000);
    expect(expiry).toBeLessThanOrEqual(Date.now() + fake.tokenLifetime * 1000);
    const exchange = fake.requests.find((r) => r.path === '/oauth/token')!;
    expect(exchange.body).toMatchObject({ grant_type: 'authorization_code', client_id: fake.clientId, client_secret: fake.clientSecret, redirect_uri: redirect });
    expect(await client.user()).toEqual([expect.objectContaining({ pkey: fake.account.userId })]);
    const call = fake.requests.find((r) => r.path === '/partner/user')!;
    expect(call.headers['content-type']).toBe('application/json');
    expect(call.headers.authorization).toBe(`Bearer ${tokens.accessToken}`);
    expect(call.headers[PARTNER_ID_HEADER]).toBe(fake.partnerId);
    expect(call.headers[PARTNER_EMAIL_HEADER]).toBe(fake.partnerEmail);
  });

  it('on 401 refreshes once and retries once; an answer without refresh_token keeps the old one', async () => {
    const { client, saved } = await connect();
    const oldRefresh = client.currentTokens!.refreshToken;
    fake.rotateRefreshTokens = false;
    fake.expireAccessTokens();
    fake.requests.length = 0;
    await client.rentals();
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /rentals', 'POST /oauth/token', 'GET /rentals']);
    expect(saved).toHaveLength(1);
    expect(saved[0]!.refreshToken).toBe(oldRefresh);
    expect(saved[0]!.accessToken).not.toBe('');
  });

  it('answers "Authentication failed" when the refresh is refused, and refresh() is false without a refresh token', async () => {
    const { client } = await connect();
    fake.expireAccessTokens();
    fake.revokeRefreshTokens();
    fake.requests.length = 0;
    await expect(client.rentals()).rejects.toThrow('Authentication failed');
    expect(fake.requests.map((r) => r.path)).toEqual(['/rentals', '/oauth/token']);
    const bare = new TokeetClient(settings(), { accessToken: 'x', refreshToken: null, expiresAt: null });
    expect(await bare.refresh()).toBe(false);
    fake.requests.length = 0;
    await expect(bare.rentals()).rejects.toThrow('Authentication failed');
    expect(fake.requests.map((r) => r.path)).toEqual(['/rentals']);
  });

  it('fails another non-OK answer with its status text', async () => {
    const { client } = await connect();
    fake.failNext(1, 503);
    await expect(client.messages()).rejects.toThrow('API call failed: Service Unavailable');
  });

  it('times out and refuses an answer over the size limit', async () => {
    const slow = http.createServer((req, res) => {
      if (req.url === '/big') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ data: ['x'.repeat(5000)] }));
        return;
      }
      setTimeout(() => res.end('{}'), 2000);
    });
    await new Promise<void>((r) => slow.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(slow.address() as AddressInfo).port}`;
    try {
      const tokens = { accessToken: 'a', refreshToken: null, expiresAt: null };
      const client = new TokeetClient({ ...settings(), baseUrl: base }, tokens, { timeoutMs: 100, maxBytes: 1000 });
      await expect(client.get('/slow')).rejects.toThrow('API call failed: the request timed out');
      await expect(client.get('/big')).rejects.toThrow('API call failed: answer larger than 1000 bytes');
    } finally {
      slow.closeAllConnections();
      await new Promise<void>((r) => slow.close(() => r()));
    }
  });
});
