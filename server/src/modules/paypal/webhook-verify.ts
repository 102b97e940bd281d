/**
 * Offline verification of a PayPal webhook delivery, as PayPal documents it ("Verify the
 * signature yourself"): the message `transmission_id|transmission_time|webhook_id|crc32`, where
 * crc32 is the CRC32 of the raw body as an unsigned decimal and webhook_id is OUR configured
 * webhook id (never one taken from the delivery), signed SHA256withRSA with the key of the
 * certificate at `paypal-cert-url`. The certificate is fetched only from https on paypal.com (or
 * a subdomain), or from under the configured api_base_url (a fake in tests), and cached. A
 * delivery whose transmission time is more than MAX_SKEW_MS from now is refused, so a captured
 * delivery cannot be replayed later. Anything unexpected is a refusal, never an exception.
 */
import crypto from 'node:crypto';
import zlib from 'node:zlib';

export const SIGNATURE_ALGORITHM = 'SHA256withRSA';
/** How far a transmission time may be from our clock (PayPal retries send a fresh time). */
export const MAX_SKEW_MS = 5 * 60_000;
const CERT_TTL_MS = 24 * 3600_000;
const CERT_MAX_BYTES = 64 * 1024;
const CERT_CACHE_SIZE = 16;

export type DeliveryHeaders = {
  transmissionId?: string | undefined;
  transmissionTime?: string | undefined;
  transmissionSig?: string | undefined;
  certUrl?: string | undefined;
  authAlgo?: string | undefined;
};

export type Verdict = { ok: true } | { ok: false; reason: string };

/** Certificates by URL, kept a day (PayPal rotates them rarely; a new URL is a new entry). */
export class CertCache {
  private readonly certs = new Map<string, { cert: crypto.X509Certificate; at: number }>();

  constructor(private readonly fetchPem: (url: string) => Promise<string> = downloadPem) {}

  async get(url: string, now: number): Promise<crypto.X509Certificate> {
    const hit = this.certs.get(url);
    if (hit && now - hit.at < CERT_TTL_MS) return hit.cert;
    const cert = new crypto.X509Certificate(await this.fetchPem(url));
    if (this.certs.size >= CERT_CACHE_SIZE) this.certs.delete(this.certs.keys().next().value as string);
    this.certs.set(url, { cert, at: now });
    return cert;
  }
}

async function downloadPem(url: string): Promise<string> {
  const res = await fetch(url, { redirect: 'error', signal: AbortSignal.timeout(10_000) });
  if (!res.ok) throw new Error(`certificate download answered HTTP ${res.status}`);
  const text = await res.text();
  if (text.length > CERT_MAX_BYTES) throw new Error('certificate too large');
  return text;
}

/** The unsigned decimal CRC32 of the raw body, as PayPal signs it. */
export function bodyCrc(raw: Buffer): string {
  return String(zlib.crc32(raw) >>> 0);
}

/** May the certificate come from this URL? https on paypal.com, or under our configured base URL. */
export function certUrlAllowed(certUrl: string, apiBaseUrl: string | null | undefined): boolean {
  let url: URL;
  try {
    url = new URL(certUrl);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol === 'https:' && (url.hostname === 'paypal.com' || url.hostname.endsWith('.paypal.com')) && (url.port === '' || url.port === '443')) return true;
  if (!apiBaseUrl) return false;
  const base = new URL(apiBaseUrl);
  const basePath = base.pathname.endsWith('/') ? base.pathname : `${base.pathname}/`;
  return url.origin === base.origin && (url.pathname + '/').startsWith(basePath);
}

export async function verifyDelivery(
  raw: Buffer,
  headers: DeliveryHeaders,
  expect: { webhookId: string; apiBaseUrl: string | null | undefined; now: Date; certs: CertCache },
): Promise<Verdict> {
  const { transmissionId, transmissionTime, transmissionSig, certUrl, authAlgo } = headers;
  if (!transmissionId || !transmissionTime || !transmissionSig || !certUrl || !authAlgo) return { ok: false, reason: 'missing PayPal transmission headers' };
  if (authAlgo !== SIGNATURE_ALGORITHM) return { ok: false, reason: `unsupported algorithm ${authAlgo.slice(0, 40)}` };
  if (!expect.webhookId) return { ok: false, reason: 'no webhook id configured' };
  const sent = Date.parse(transmissionTime);
  if (!Number.isFinite(sent)) return { ok: false, reason: 'unreadable transmission time' };
  if (Math.abs(expect.now.getTime() - sent) > MAX_SKEW_MS) return { ok: false, reason: 'transmission time too far from now' };
  if (!certUrlAllowed(certUrl, expect.apiBaseUrl)) return { ok: false, reason: 'certificate URL not on PayPal' };
  let cert: crypto.X509Certificate;
  try {
    cert = await expect.certs.get(certUrl, expect.now.getTime());
  } catch (error) {
    return { ok: false, reason: `certificate unavailable (${error instanceof Error ? error.message.slice(0, 120) : 'error'})` };
  }
  if (Date.parse(cert.validFrom) > expect.now.getTime() || Date.parse(cert.validTo) < expect.now.getTime()) return { ok: false, reason: 'certificate not valid now' };
  const message = `${transmissionId}|${transmissionTime}|${expect.webhookId}|${bodyCrc(raw)}`;
  let valid: boolean;
  try {
    valid = crypto.verify('sha256', Buffer.from(message, 'utf8'), cert.publicKey, Buffer.from(transmissionSig, 'base64'));
  } catch {
    valid = false;
  }
  return valid ? { ok: true } : { ok: false, reason: 'signature does not match' };
}
