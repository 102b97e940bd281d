/**
 * Server-side download of a user-given iCal URL: https only, or an origin listed in
 * ICAL_ALLOWED_ORIGINS (tests and the local demo list their feed server). Every address a host name
 * resolves to is checked when the socket connects (a custom `lookup`), not only when the feed is
 * saved, so a name re-pointed at an internal address later (DNS rebinding) is still refused; IP
 * literals, which Node connects to without a lookup, are checked before the request. Redirects are
 * followed by hand, at most five, each one re-checked. One deadline covers connect, redirects and
 * body; the body is counted as it streams and dropped past the size cap, so a hostile server cannot
 * make us buffer more than that. Failures carry their words as a server message (`text`, the
 * `server.calendarSync.error.*` ids), so the sync writes them in the host's language; `message`
 * is their English.
 */
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type net from 'node:net';
import { ValidationFailed } from '../../errors';
import { inEnglish, type ServerText } from '../../i18n';
import { blockedAddressReason } from './address';

export const DEFAULT_TIMEOUT_MS = 15_000;
export const DEFAULT_MAX_BYTES = 5 * 1024 * 1024;
export const MAX_REDIRECTS = 5;

export type FeedFetchErrorCode = 'invalid-url' | 'blocked' | 'timeout' | 'too-large' | 'http' | 'not-ical' | 'redirect' | 'network';

export class FeedFetchError extends Error {
  override readonly name = 'FeedFetchError';
  constructor(
    readonly code: FeedFetchErrorCode,
    readonly text: ServerText,
    readonly status?: number,
  ) {
    super(inEnglish(text));
  }
}

function fetchError(code: FeedFetchErrorCode, id: ServerText['id'], values?: ServerText['values'], status?: number): FeedFetchError {
  return new FeedFetchError(code, { id, values }, status);
}

/** Resolves a host name to all its addresses (injectable, so tests can play a rebinding DNS). */
export type Resolver = (hostname: string) => Promise<dns.LookupAddress[]>;

export const systemResolver: Resolver = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

export type FetchFeedOptions = {
  /** Origins exempt from the https and public-address rules; default: ICAL_ALLOWED_ORIGINS. */
  allowedOrigins?: readonly string[];
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  resolver?: Resolver;
};

export type FetchedFeed = { body: Buffer; url: string; status: number; contentType: string | null };

/** The allow-list of ICAL_ALLOWED_ORIGINS (comma-separated), as normalised origins. */
export function allowedOriginsFromEnv(env: NodeJS.ProcessEnv = process.env): string[] {
  return normaliseOrigins((env.ICAL_ALLOWED_ORIGINS ?? '').split(','));
}

/**
 * The allow-list of INTEGRATION_ALLOWED_ORIGINS (comma-separated): origins an integration's
 * configurable base URL (PayPal's api_base_url) may use over http or on a private address.
 */
export function integrationOriginsFromEnv(env: NodeJS.ProcessEnv = process.env): string[] {
  return normaliseOrigins((env.INTEGRATION_ALLOWED_ORIGINS ?? '').split(','));
}

export function normaliseOrigins(origins: readonly string[]): string[] {
  const out: string[] = [];
  for (const entry of origins) {
    const text = entry.trim();
    if (!text) continue;
    try {
      const origin = new URL(text).origin;
      if (origin !== 'null') out.push(origin);
    } catch {
      // An unparsable entry allows nothing.
    }
  }
  return out;
}

/** Calendar apps hand out webcal:// links; they mean https. */
function toUrl(input: string): URL | null {
  try {
    const url = new URL(input.trim().replace(/^webcals?:\/\//i, 'https://'));
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

function isIpLiteral(host: string): boolean {
  return /^[\d.]+$/.test(host) || host.includes(':');
}

/**
 * What the messages call the URL: a feed's "calendar address" (from the catalog, so in the host's
 * language), an integration's base URL (English: only API answers name it).
 */
export type UrlNoun = { one: string | ServerText; many: string | ServerText };
const CALENDAR: UrlNoun = { one: { id: 'server.calendarSync.noun.calendarAddress' }, many: { id: 'server.calendarSync.noun.calendarAddresses' } };

/** The rule a URL breaks before any connection is made, or null; `exempt` for allow-listed origins. */
function precheck(url: URL, allowed: readonly string[], noun: UrlNoun = CALENDAR): { exempt: boolean; problem: ServerText | null } {
  if (allowed.includes(url.origin)) return { exempt: true, problem: null };
  if (url.protocol !== 'https:') return { exempt: false, problem: { id: 'server.calendarSync.error.httpsOnly', values: { nouns: noun.many } } };
  const host = hostOf(url);
  if (isIpLiteral(host)) {
    const reason = blockedAddressReason(host);
    if (reason) return { exempt: false, problem: { id: 'server.calendarSync.error.pointsToBlocked', values: { noun: noun.one, reason, host } } };
  }
  return { exempt: false, problem: null };
}

function blockedError(hostname: string, address: string, reason: string, noun: UrlNoun = CALENDAR): FeedFetchError {
  return fetchError('blocked', 'server.calendarSync.error.resolvesToBlocked', { noun: noun.one, hostname, reason, address });
}

/** A `lookup` for http(s).request that refuses non-public answers at connect time. */
function guardedLookup(resolver: Resolver, exempt: boolean): net.LookupFunction {
  return (hostname, options, callback) => {
    resolver(hostname).then(
      (all) => {
        const addresses = options.family === 4 || options.family === 6 ? all.filter((a) => a.family === options.family) : all;
        const first = addresses[0];
        if (!first) {
          callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
          return;
        }
        if (!exempt) {
          for (const a of addresses) {
            const reason = blockedAddressReason(a.address);
            if (reason) {
              callback(blockedError(hostname, a.address, reason), '', 0);
              return;
            }
          }
        }
        if (options.all) callback(null, addresses);
        else callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}

type Hop = { kind: 'redirect'; location: string } | { kind: 'body'; status: number; body: Buffer; contentType: string | null };

type HopSettings = { deadline: number; maxBytes: number; resolver: Resolver; exempt: boolean };

function networkError(error: unknown): FeedFetchError {
  if (error instanceof FeedFetchError) return error;
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code ? fetchError('network', 'server.calendarSync.error.unreachableWithCode', { code }) : fetchError('network', 'server.calendarSync.error.unreachable');
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB` : `${Math.round(bytes / 1024)} KB`;
}

function requestOnce(url: URL, settings: HopSettings): Promise<Hop> {
  return new Promise<Hop>((resolve, reject) => {
    let settled = false;
    let request: http.ClientRequest | null = null;
    const finish = (error: Error | null, hop?: Hop) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) {
        request?.destroy();
        reject(error);
      } else if (hop) {
        resolve(hop);
      }
    };
    const timer = setTimeout(() => finish(fetchError('timeout', 'server.calendarSync.error.timeout')), Math.max(0, settings.deadline - Date.now()));

    const get = url.protocol === 'https:' ? https.get : http.get;
    request = get(
      url,
      {
        agent: false,
        lookup: guardedLookup(settings.resolver, settings.exempt),
        headers: { 'user-agent': 'Staykeep-Calendar-Sync/1.0', accept: 'text/calendar, text/plain;q=0.9, */*;q=0.5' },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400 && status !== 304) {
          response.destroy();
          const location = response.headers.location;
          if (!location) finish(fetchError('redirect', 'server.calendarSync.error.redirectWithoutLocation', { status }, status));
          else finish(null, { kind: 'redirect', location });
          return;
        }
        if (status < 200 || status >= 300) {
          response.destroy();
          const reason = http.STATUS_CODES[status];
          finish(reason ? fetchError('http', 'server.calendarSync.error.httpWithReason', { status, reason }, status) : fetchError('http', 'server.calendarSync.error.http', { status }, status));
          return;
        }
        const tooLarge = () => fetchError('too-large', 'server.calendarSync.error.tooLarge', { size: formatBytes(settings.maxBytes) });
        const declared = Number(response.headers['content-length']);
        if (Number.isFinite(declared) && declared > settings.maxBytes) {
          response.destroy();
          finish(tooLarge());
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > settings.maxBytes) {
            response.destroy();
            finish(tooLarge());
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => finish(null, { kind: 'body', status, body: Buffer.concat(chunks, size), contentType: response.headers['content-type'] ?? null }));
        response.on('error', (error) => finish(networkError(error)));
        response.on('close', () => {
          if (!response.complete) finish(fetchError('network', 'server.calendarSync.error.closedEarly'));
        });
      },
    );
    request.on('error', (error) => finish(networkError(error)));
  });
}

/** True when the body starts (after a BOM and blank space) with BEGIN:VCALENDAR. */
export function looksLikeIcal(body: Uint8Array): boolean {
  let i = body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf ? 3 : 0;
  while (i < body.length && (body[i] === 0x20 || body[i] === 0x09 || body[i] === 0x0d || body[i] === 0x0a)) i += 1;
  const head = Buffer.from(body.subarray(i, i + 15)).toString('latin1');
  return head.toUpperCase() === 'BEGIN:VCALENDAR';
}

/** Downloads a feed: the raw bytes (parse.ts unfolds before decoding) and where they came from. */
export async function fetchFeed(input: string, options: FetchFeedOptions = {}): Promise<FetchedFeed> {
  const allowed = options.allowedOrigins ? normaliseOrigins(options.allowedOrigins) : allowedOriginsFromEnv();
  const maxRedirects = options.maxRedirects ?? MAX_REDIRECTS;
  const deadline = Date.now() + (options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const resolver = options.resolver ?? systemResolver;

  let url = toUrl(input);
  if (!url) throw fetchError('invalid-url', 'server.calendarSync.error.invalidUrl');
  for (let hop = 0; ; hop += 1) {
    const { exempt, problem } = precheck(url, allowed);
    if (problem) throw new FeedFetchError('blocked', problem);
    const result = await requestOnce(url, { deadline, maxBytes, resolver, exempt });
    if (result.kind === 'redirect') {
      if (hop >= maxRedirects) throw fetchError('redirect', 'server.calendarSync.error.tooManyRedirects', { count: maxRedirects });
      const next = toUrl(new URL(result.location, url).toString());
      if (!next) throw fetchError('blocked', 'server.calendarSync.error.redirectNotHttp');
      url = next;
      continue;
    }
    if (!looksLikeIcal(result.body)) {
      throw fetchError('not-ical', 'server.calendarSync.error.notIcal');
    }
    return { body: result.body, url: url.toString(), status: result.status, contentType: result.contentType };
  }
}

/**
 * The check made when a feed is saved (POST /api/calendar/feeds): an http(s) URL (webcal:// is
 * read as https://), https unless its origin is allow-listed, and a host that is not, and does
 * not resolve to, a private, loopback, link-local or otherwise internal address. Returns the URL
 * to store. Throws ValidationFailed (400) naming the field.
 */
export async function assertFeedUrlAllowed(input: string, allowedOrigins: readonly string[], resolver: Resolver = systemResolver): Promise<string> {
  return assertUrlAllowed(input, { field: 'iCalUrl', noun: CALENDAR }, allowedOrigins, resolver);
}

/**
 * The same check for any user-given outbound URL (an integration's base URL): `field` names it in
 * the 400, `noun` in the reason. Returns the URL to store.
 */
export async function assertUrlAllowed(
  input: string,
  names: { field: string; noun: UrlNoun },
  allowedOrigins: readonly string[],
  resolver: Resolver = systemResolver,
): Promise<string> {
  const { field, noun } = names;
  const url = toUrl(input);
  if (!url) throw new ValidationFailed(`Invalid value for ${field}: must be an http(s) URL`);
  const { exempt, problem } = precheck(url, normaliseOrigins(allowedOrigins), noun);
  if (problem) throw new ValidationFailed(`Invalid value for ${field}: ${inEnglish(problem)}`);
  if (exempt) return url.toString();
  const host = hostOf(url);
  if (isIpLiteral(host)) return url.toString();
  let addresses: dns.LookupAddress[];
  try {
    addresses = await resolver(host);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOTFOUND') throw new ValidationFailed(`Invalid value for ${field}: the host ${host} does not exist`);
    // A passing DNS failure is not the user's fault; the connect-time check still guards the fetch.
    return url.toString();
  }
  for (const a of addresses) {
    const reason = blockedAddressReason(a.address);
    if (reason) throw new ValidationFailed(`Invalid value for ${field}: ${blockedError(host, a.address, reason, noun).message}`);
  }
  return url.toString();
}
