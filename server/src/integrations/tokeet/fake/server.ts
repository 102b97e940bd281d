/**
 * A stand-in for Tokeet's Partners API over real HTTP on 127.0.0.1, written from what is public
 * about it: the authorize dialog at /dialog/ (it approves at once and redirects back to the
 * redirect_uri with `code` and `state`), /oauth/token with the authorization_code and
 * refresh_token grants (JSON: access_token, refresh_token, expires_in, user_id), and the data
 * calls under /partner/… and /rentals, each list as `{ data: [...] }` with `pkey` ids and Unix-second
 * times. Data calls need a live Bearer token and the partner id and e-mail headers. State lives in
 * memory; every request is recorded for the tests.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TokeetBooking, TokeetHold, TokeetMessage, TokeetRate, TokeetRental } from '../client';
import { PARTNER_EMAIL_HEADER, PARTNER_ID_HEADER } from '../client';

export type RecordedRequest = { method: string; path: string; query: URLSearchParams; headers: http.IncomingHttpHeaders; body: unknown };

/** One Tokeet account (a host's) and what it holds. */
export type FakeAccount = {
  userId: string;
  name: string;
  email: string;
  rentals: TokeetRental[];
  bookings: TokeetBooking[];
  messages: TokeetMessage[];
  holds: TokeetHold[];
  rates: TokeetRate[];
};

export type FakeTokeet = {
  origin: string;
  clientId: string;
  clientSecret: string;
  partnerId: string;
  partnerEmail: string;
  /** The account the next /dialog/ approval signs in (tests switch it to connect another host). */
  account: FakeAccount;
  accounts: Map<string, FakeAccount>;
  requests: RecordedRequest[];
  /** Issued tokens' lifetime in seconds. */
  tokenLifetime: number;
  /** When false, refresh answers leave refresh_token out (the client keeps the old one). */
  rotateRefreshTokens: boolean;
  /** Makes every access token issued so far answer 401 (as after expiry). */
  expireAccessTokens: () => void;
  /** Revokes every refresh token too (a refresh then fails). */
  revokeRefreshTokens: () => void;
  /** Answer the next N data calls with this status. */
  failNext: (times: number, status: number) => void;
  addAccount: (userId: string, name?: string) => FakeAccount;
  close: () => Promise<void>;
};

function json(res: http.ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

function token(prefix: string): string {
  return `${prefix}_${crypto.randomBytes(16).toString('hex')}`;
}

async function readBody(req: http.IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Unix seconds of 00:00 UTC of a YYYY-MM-DD day (Tokeet's day stamps). */
export function dayStamp(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) / 1000;
}

function newAccount(userId: string, name = 'Tokeet host'): FakeAccount {
  return { userId, name, email: `${userId}@tokeet.example`, rentals: [], bookings: [], messages: [], holds: [], rates: [] };
}

export async function startFakeTokeet(options: { clientId?: string; clientSecret?: string; partnerId?: string; partnerEmail?: string } = {}): Promise<FakeTokeet> {
  const codes = new Map<string, { userId: string; redirectUri: string; clientId: string }>();
  const access = new Map<string, { userId: string; expiresAt: number }>();
  const refresh = new Map<string, string>();
  let failures: { times: number; status: number } = { times: 0, status: 500 };

  const fake: FakeTokeet = {
    origin: '',
    clientId: options.clientId ?? 'tokeet-client',
    clientSecret: options.clientSecret ?? 'tokeet-secret',
    partnerId: options.partnerId ?? 'partner-42',
    partnerEmail: options.partnerEmail ?? 'partners@staykeep.example',
    account: newAccount('tk-user-1'),
    accounts: new Map(),
    requests: [],
    tokenLifetime: 3600,
    rotateRefreshTokens: true,
    expireAccessTokens: () => access.clear(),
    revokeRefreshTokens: () => refresh.clear(),
    failNext: (times, status) => {
      failures = { times, status };
    },
    addAccount: (userId, name) => {
      const account = newAccount(userId, name);
      fake.accounts.set(userId, account);
      return account;
    },
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  fake.accounts.set(fake.account.userId, fake.account);

  function issue(userId: string, withRefresh: boolean): Record<string, unknown> {
    const accessToken = token('at');
    access.set(accessToken, { userId, expiresAt: Date.now() + fake.tokenLifetime * 1000 });
    const answer: Record<string, unknown> = { access_token: accessToken, token_type: 'Bearer', expires_in: fake.tokenLifetime, user_id: userId };
    if (withRefresh) {
      const refreshToken = token('rt');
      refresh.set(refreshToken, userId);
      answer.refresh_token = refreshToken;
    }
    return answer;
  }

  function dialog(url: URL, res: http.ServerResponse): void {
    const clientId = url.searchParams.get('client_id');
    const redirectUri = url.searchParams.get('redirect_uri') ?? '';
    if (clientId !== fake.clientId) return json(res, 400, { error: 'invalid_client' });
    if (url.searchParams.get('response_type') !== 'code' || !redirectUri) return json(res, 400, { error: 'invalid_request' });
    const code = token('code');
    codes.set(code, { userId: fake.account.userId, redirectUri, clientId });
    const back = new URL(redirectUri);
    back.searchParams.set('code', code);
    const state = url.searchParams.get('state');
    if (state) back.searchParams.set('state', state);
    res.writeHead(302, { location: back.toString() });
    res.end();
  }

  function oauthToken(body: Record<string, unknown>, res: http.ServerResponse): void {
    if (body.client_id !== fake.clientId || body.client_secret !== fake.clientSecret) return json(res, 401, { error: 'invalid_client' });
    if (body.grant_type === 'authorization_code') {
      const grant = codes.get(String(body.code));
      codes.delete(String(body.code));
      if (!grant || grant.redirectUri !== body.redirect_uri) return json(res, 400, { error: 'invalid_grant' });
      return json(res, 200, issue(grant.userId, true));
    }
    if (body.grant_type === 'refresh_token') {
      const userId = refresh.get(String(body.refresh_token));
      if (!userId) return json(res, 400, { error: 'invalid_grant' });
      if (fake.rotateRefreshTokens) refresh.delete(String(body.refresh_token));
      return json(res, 200, issue(userId, fake.rotateRefreshTokens));
    }
    return json(res, 400, { error: 'unsupported_grant_type' });
  }

  function accountOf(req: http.IncomingMessage): FakeAccount | 'unauthorized' | 'forbidden' {
    const header = req.headers.authorization ?? '';
    const grant = access.get(header.replace(/^Bearer /, ''));
    if (!grant || grant.expiresAt <= Date.now()) return 'unauthorized';
    if (req.headers[PARTNER_ID_HEADER] !== fake.partnerId || req.headers[PARTNER_EMAIL_HEADER] !== fake.partnerEmail) return 'forbidden';
    return fake.accounts.get(grant.userId) ?? 'unauthorized';
  }

  function data(url: URL, account: FakeAccount, res: http.ServerResponse): void {
    const path = url.pathname.replace(/\/+$/, '');
    if (path === '/partner/user') return json(res, 200, { data: [{ pkey: account.userId, name: account.name, email: account.email }] });
    if (path === '/rentals' || path === '/partner/properties') return json(res, 200, { data: account.rentals });
    if (path === '/partner/bookings') {
      const start = Number(url.searchParams.get('start_date') ?? '-Infinity');
      const end = Number(url.searchParams.get('end_date') ?? 'Infinity');
      return json(res, 200, { data: account.bookings.filter((b) => b.guest_depart >= start && b.guest_arrive <= end) });
    }
    if (path === '/partner/messages') return json(res, 200, { data: account.messages });
    const match = /^\/partner\/properties\/([^/]+)\/(calendar|rates)$/.exec(path);
    if (match) {
      const id = decodeURIComponent(match[1] ?? '');
      if (!account.rentals.some((r) => r.pkey === id)) return json(res, 404, { error: 'rental not found' });
      const list = match[2] === 'calendar' ? account.holds : account.rates;
      return json(res, 200, { data: list.filter((h) => h.rental_id === id) });
    }
    json(res, 404, { error: 'not found' });
  }

  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const body = await readBody(req);
      fake.requests.push({ method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers, body });
      if (req.method === 'GET' && url.pathname === '/dialog/') return dialog(url, res);
      if (req.method === 'POST' && url.pathname === '/oauth/token') return oauthToken((body ?? {}) as Record<string, unknown>, res);
      if (req.method !== 'GET') return json(res, 405, { error: 'method not allowed' });
      const account = accountOf(req);
      if (account === 'unauthorized') {
        res.statusMessage = 'Unauthorized';
        return json(res, 401, { error: 'invalid_token' });
      }
      if (account === 'forbidden') return json(res, 403, { error: 'unknown partner' });
      if (failures.times > 0) {
        failures.times -= 1;
        return json(res, failures.status, { error: 'failure' });
      }
      data(url, account, res);
    })().catch((error: unknown) => json(res, 500, { error: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
