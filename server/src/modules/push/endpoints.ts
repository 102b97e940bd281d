/**
 * Which push subscription endpoints the server will post to: https on a known push service, or an
 * origin the operator listed in PUSH_ENDPOINT_ORIGINS (the local mock service in tests and the
 * demo). Anything else is refused, so that no user can make the server post to an address of its
 * choosing.
 *
 * Other outbound fetches to user-given URLs check every address a name resolves to, at connect time
 * (integrations/ical/fetch.ts). Here the host names are limited to the push services' own domains
 * (Google, Mozilla, Apple, Microsoft), which no user can point at a private address, and the listed
 * origins are the operator's choice, so the name check is the whole check.
 */
import { z } from 'zod';

/** Push service hosts: an exact name, or any subdomain of a suffix. */
const KNOWN_HOSTS: readonly { name: string; subdomains: boolean }[] = [
  { name: 'fcm.googleapis.com', subdomains: false },
  { name: 'push.services.mozilla.com', subdomains: true },
  { name: 'push.apple.com', subdomains: true },
  { name: 'notify.windows.com', subdomains: true },
];

export const MAX_ENDPOINT_LENGTH = 2048;

/** The origins of PUSH_ENDPOINT_ORIGINS (comma-separated); entries that are no URL allow nothing. */
export function pushOriginsFromEnv(env: NodeJS.ProcessEnv = process.env): string[] {
  const out: string[] = [];
  for (const entry of (env.PUSH_ENDPOINT_ORIGINS ?? '').split(',')) {
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

function isKnownPushHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return KNOWN_HOSTS.some((h) => host === h.name || (h.subdomains && host.endsWith(`.${h.name}`)));
}

/** Why the server will not post to `endpoint`, or null when it will. */
export function endpointProblem(endpoint: string, allowedOrigins: readonly string[]): string | null {
  if (endpoint.length > MAX_ENDPOINT_LENGTH) return `must be at most ${MAX_ENDPOINT_LENGTH} characters`;
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'must be a URL';
  }
  if (url.username || url.password) return 'must not carry credentials';
  // A listed origin is trusted as given (http included): the mock push service of tests and the demo.
  if (allowedOrigins.includes(url.origin) && url.pathname.length > 1) return null;
  if (url.protocol !== 'https:') return 'must be an https URL of a push service';
  if (url.port !== '') return 'must use the default https port';
  if (!isKnownPushHost(url.hostname)) return 'must be on a known push service (FCM, Mozilla, Apple or Windows)';
  return null;
}

function base64UrlBytes(value: string): Buffer | null {
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(value)) return null;
  return Buffer.from(value.replace(/=+$/, ''), 'base64url');
}

/** The subscription's P-256 public key: 65 bytes, uncompressed point (RFC 8291). */
export const p256dhKey = z
  .string()
  .max(200)
  .refine((v) => {
    const bytes = base64UrlBytes(v);
    return bytes !== null && bytes.length === 65 && bytes[0] === 4;
  }, 'must be the base64url P-256 public key of the subscription (65 bytes)');

/** The subscription's authentication secret: 16 bytes (RFC 8291). */
export const authSecret = z
  .string()
  .max(100)
  .refine((v) => {
    const bytes = base64UrlBytes(v);
    return bytes !== null && bytes.length === 16;
  }, 'must be the base64url authentication secret of the subscription (16 bytes)');
