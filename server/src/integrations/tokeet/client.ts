/**
 * The Tokeet Partners API ("PAPI") client: the OAuth code exchange and refresh at /oauth/token, and
 * the partner data calls (/partner/…, /rentals), each list wrapped as `{ data: [...] }` with `pkey`
 * ids and Unix-second times. Every call carries JSON content type, the host's Bearer access token,
 * the platform's partner id and partner e-mail. A 401 leads to one refresh and one retry, then
 * "Authentication failed"; another non-OK answer fails with "API call failed: {status text}".
 * Every call has a timeout and a limit on the size of the answer read.
 */
import { AUTHENTICATION_FAILED, apiCallFailed } from '../../../../shared/messages';

export const PARTNER = 'Tokeet';

/** The hosts used when the stored credentials name none (sandbox_mode picks one). */
export const TOKEET_HOSTS = {
  production: 'https://papi.tokeet.com',
  sandbox: 'https://papi.sandbox.tokeet.com',
} as const;

/** The scope list of the authorize URL: every area the platform reads. */
export const TOKEET_SCOPES = [
  'booking_fee',
  'booking_cost',
  'calendars',
  'channel_adjustment',
  'checkin',
  'data_feed',
  'discounts',
  'guests',
  'inquiry',
  'guest_messages',
  'rates',
  'rentals',
  'reviews',
  'rooms',
  'required_resources',
  'templates_tasks',
] as const;

export const PARTNER_ID_HEADER = 'x-partner-id';
export const PARTNER_EMAIL_HEADER = 'x-partner-email';

export const REQUEST_TIMEOUT_MS = 20_000;
/** No answer of the partner is read past this many bytes (a list of 1000 reservations fits easily). */
export const MAX_RESPONSE_BYTES = 8 * 1024 * 1024;

export type TokeetSettings = {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  partnerId: string;
  partnerEmail: string;
};

export type TokenSet = { accessToken: string; refreshToken: string | null; expiresAt: string | null };

/** What /oauth/token answers. */
export type TokenAnswer = { access_token: string; refresh_token?: string; expires_in?: number; user_id?: string | number };

export type TokeetRental = {
  pkey: string;
  name?: string;
  type?: string;
  bedrooms?: number;
  sleep_max?: number;
  currency?: string;
  timezone?: string;
  address?: { address?: string; city?: string; state?: string; country?: string };
  amenities?: string[];
  [key: string]: unknown;
};

export type TokeetBooking = {
  pkey: string;
  rental_id: string;
  guest_arrive: number;
  guest_depart: number;
  /** Unix seconds when booked; 0 for an open inquiry. */
  booked?: number;
  status?: string;
  source?: string;
  guest_details?: { name?: string; emails?: string[]; phones?: string[] };
  num_adults?: number;
  num_child?: number;
  total_cost?: number;
  currency?: string;
  created?: number;
  [key: string]: unknown;
};

export type TokeetMessage = {
  pkey: string;
  inquiry_id?: string | null;
  guest_name?: string;
  guest_email?: string;
  content?: string;
  type?: string;
  direction?: string;
  created?: number;
  [key: string]: unknown;
};

export type TokeetHold = { pkey: string; rental_id: string; start: number; end: number; title?: string; type?: string };
export type TokeetRate = { pkey: string; rental_id: string; start: number; end: number; nightly: number; currency?: string; name?: string };
export type TokeetUser = { pkey: string; name?: string; email?: string };

export class TokeetApiError extends Error {
  override readonly name = 'TokeetApiError';
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export type ClientOptions = {
  /** Called with the new tokens after a refresh (the caller stores them, encrypted). */
  onTokens?: (tokens: TokenSet, answer: TokenAnswer) => void;
  fetch?: typeof fetch;
  now?: () => Date;
  timeoutMs?: number;
  maxBytes?: number;
};

export function trimBase(url: string): string {
  return url.trim().replace(/\/+$/, '');
}

/** The authorize URL a host opens: /dialog/ with the client id, a code response, the scopes, our callback and the state. */
export function authorizeUrl(settings: Pick<TokeetSettings, 'baseUrl' | 'clientId'>, redirectUri: string, state: string): string {
  const url = new URL(`${trimBase(settings.baseUrl)}/dialog/`);
  url.searchParams.set('client_id', settings.clientId);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', TOKEET_SCOPES.join(' '));
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('state', state);
  return url.toString();
}

/** now + expires_in seconds, or null when the partner gave no lifetime. */
export function expiryOf(answer: Pick<TokenAnswer, 'expires_in'>, now: Date): string | null {
  return typeof answer.expires_in === 'number' && Number.isFinite(answer.expires_in) ? new Date(now.getTime() + answer.expires_in * 1000).toISOString() : null;
}

/** Reads at most `max` bytes of a body; more is an error (the rest is not read). */
export async function readLimited(res: Response, max: number): Promise<string> {
  const declared = Number(res.headers.get('content-length') ?? '');
  if (Number.isFinite(declared) && declared > max) {
    await res.body?.cancel();
    throw new TokeetApiError(apiCallFailed(`answer larger than ${max} bytes`), res.status);
  }
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      throw new TokeetApiError(apiCallFailed(`answer larger than ${max} bytes`), res.status);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function networkReason(error: unknown): string {
  if (error instanceof Error && error.name === 'TimeoutError') return 'the request timed out';
  const code = (error as { cause?: { code?: string } } | undefined)?.cause?.code;
  return code ? `could not reach ${PARTNER} (${code})` : `could not reach ${PARTNER}`;
}

function parseJson(text: string, status: number): unknown {
  if (!text) return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new TokeetApiError(apiCallFailed(`unreadable answer: ${text.slice(0, 200)}`), status);
  }
}

/** The `data` list of an answer; anything else is an unreadable answer. */
export function dataList<T>(body: unknown): T[] {
  const data = (body as { data?: unknown } | null)?.data;
  if (!Array.isArray(data)) throw new TokeetApiError(apiCallFailed('the answer carries no data list'), 200);
  return data as T[];
}

export class TokeetClient {
  readonly baseUrl: string;
  private tokens: TokenSet | null;
  private readonly fetcher: typeof fetch;
  private readonly now: () => Date;
  private readonly timeoutMs: number;
  private readonly maxBytes: number;

  constructor(
    private readonly settings: TokeetSettings,
    tokens: TokenSet | null,
    private readonly options: ClientOptions = {},
  ) {
    this.baseUrl = trimBase(settings.baseUrl);
    this.tokens = tokens;
    this.fetcher = options.fetch ?? fetch;
    this.now = options.now ?? (() => new Date());
    this.timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
    this.maxBytes = options.maxBytes ?? MAX_RESPONSE_BYTES;
  }

  get currentTokens(): TokenSet | null {
    return this.tokens;
  }

  private async send(url: URL | string, init: RequestInit): Promise<{ res: Response; text: string }> {
    let res: Response;
    try {
      res = await this.fetcher(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (error) {
      throw new TokeetApiError(apiCallFailed(networkReason(error)), 0);
    }
    return { res, text: await readLimited(res, this.maxBytes) };
  }

  private async token(body: Record<string, string>): Promise<{ ok: boolean; status: number; statusText: string; answer: TokenAnswer | null }> {
    const { res, text } = await this.send(`${this.baseUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ ...body, client_id: this.settings.clientId, client_secret: this.settings.clientSecret }),
    });
    if (!res.ok) return { ok: false, status: res.status, statusText: res.statusText || String(res.status), answer: null };
    const answer = parseJson(text, res.status) as Partial<TokenAnswer>;
    if (typeof answer.access_token !== 'string' || !answer.access_token) throw new TokeetApiError(apiCallFailed('no access_token in the answer'), res.status);
    return { ok: true, status: res.status, statusText: res.statusText, answer: answer as TokenAnswer };
  }

  /** The authorization-code exchange: the new tokens (the caller stores them). */
  async exchangeCode(code: string, redirectUri: string): Promise<{ tokens: TokenSet; answer: TokenAnswer }> {
    const result = await this.token({ grant_type: 'authorization_code', code, redirect_uri: redirectUri });
    if (!result.ok || !result.answer) throw new TokeetApiError(apiCallFailed(result.statusText), result.status);
    const tokens: TokenSet = { accessToken: result.answer.access_token, refreshToken: result.answer.refresh_token ?? null, expiresAt: expiryOf(result.answer, this.now()) };
    this.tokens = tokens;
    return { tokens, answer: result.answer };
  }

  /**
   * Swaps in a new access token: false without a refresh token or when the partner refuses. An
   * answer without refresh_token keeps the old one; the expiry is recomputed.
   */
  async refresh(): Promise<boolean> {
    const refreshToken = this.tokens?.refreshToken;
    if (!refreshToken) return false;
    const result = await this.token({ grant_type: 'refresh_token', refresh_token: refreshToken });
    if (!result.ok || !result.answer) return false;
    const tokens: TokenSet = { accessToken: result.answer.access_token, refreshToken: result.answer.refresh_token || refreshToken, expiresAt: expiryOf(result.answer, this.now()) };
    this.tokens = tokens;
    this.options.onTokens?.(tokens, result.answer);
    return true;
  }

  private headers(): Record<string, string> {
    return {
      'content-type': 'application/json',
      accept: 'application/json',
      authorization: `Bearer ${this.tokens?.accessToken ?? ''}`,
      [PARTNER_ID_HEADER]: this.settings.partnerId,
      [PARTNER_EMAIL_HEADER]: this.settings.partnerEmail,
    };
  }

  /** One GET; a 401 refreshes once and retries once, then "Authentication failed". */
  async get(path: string, query: Record<string, string | number> = {}): Promise<unknown> {
    const url = new URL(`${this.baseUrl}${path}`);
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, String(v));
    let { res, text } = await this.send(url, { method: 'GET', headers: this.headers() });
    if (res.status === 401) {
      if (!(await this.refresh())) throw new TokeetApiError(AUTHENTICATION_FAILED, 401);
      ({ res, text } = await this.send(url, { method: 'GET', headers: this.headers() }));
      if (res.status === 401) throw new TokeetApiError(AUTHENTICATION_FAILED, 401);
    }
    if (!res.ok) throw new TokeetApiError(apiCallFailed(res.statusText || String(res.status)), res.status);
    return parseJson(text, res.status);
  }

  async list<T>(path: string, query: Record<string, string | number> = {}): Promise<T[]> {
    return dataList<T>(await this.get(path, query));
  }

  user(): Promise<TokeetUser[]> {
    return this.list('/partner/user');
  }
  rentals(): Promise<TokeetRental[]> {
    return this.list('/rentals');
  }
  properties(): Promise<TokeetRental[]> {
    return this.list('/partner/properties');
  }
  /** Reservations and inquiries whose stay meets [start, end] (Unix seconds). */
  bookings(start: number, end: number): Promise<TokeetBooking[]> {
    return this.list('/partner/bookings', { start_date: start, end_date: end });
  }
  calendar(propertyId: string): Promise<TokeetHold[]> {
    return this.list(`/partner/properties/${encodeURIComponent(propertyId)}/calendar`);
  }
  rates(propertyId: string): Promise<TokeetRate[]> {
    return this.list(`/partner/properties/${encodeURIComponent(propertyId)}/rates`);
  }
  messages(): Promise<TokeetMessage[]> {
    return this.list('/partner/messages');
  }
}
