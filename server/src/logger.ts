/**
 * The server's log (pino, through Fastify): what it may never hold is a credential. Anyone who
 * reads the log must not be able to act as a user (docs/security.md, "Credentials in URLs and logs").
 *
 * - The request serializer writes the URL with the value of every `token` and `ticket` query
 *   parameter replaced (a reset or invite link opened in the browser, an event stream ticket),
 *   and the iCal export's feed token (the file name of `/ical/:propertyId/:token.ics`), and no
 *   headers.
 * - Headers that carry a session (`authorization`, `cookie`, `set-cookie`) are censored wherever a
 *   log call passes them (`req.headers`, `res.headers`, `headers`).
 * - Message strings and error messages and stacks get the same URL treatment (Fastify's own
 *   "Route GET:/…?token=… not found" line, an error naming its URL), except the development mail
 *   transport's `[mail:dev]` line, whose link is its purpose (on only with the demo or
 *   MAIL_DEV_TRANSPORT=on: server/src/modules/email/README.md).
 * - An absolute URL of another server in a message, an error or a string field of a logged object
 *   keeps only its origin: a push endpoint's path is the subscription's address, and an OTA's
 *   iCal URL carries its secret under names of the OTA's choosing.
 */
import type { FastifyError, FastifyLoggerOptions, FastifyRequest, FastifyServerOptions } from 'fastify';

type LoggerConfig = Exclude<NonNullable<FastifyServerOptions['logger']>, boolean>;
/** Where a logger writes: stdout by default, a test's captured stream. */
export type LogStream = NonNullable<FastifyLoggerOptions['stream']>;

/** Query parameters whose value is a credential. */
export const SECRET_QUERY_PARAMS = ['token', 'ticket'] as const;

export const REDACTED = '[redacted]';

/** The line the development mail transport writes (server/src/modules/email/mailer.ts): its link stays. */
export const DEV_MAIL_PREFIX = '[mail:dev]';

const SECRET_PARAM = new RegExp(`([?&;](?:${SECRET_QUERY_PARAMS.join('|')})=)[^&#\\s"'<>]*`, 'gi');

/** The iCal export's URL carries its feed token as the file name (`/ical/:propertyId/:token.ics`, calendar/routes.ts). */
const ICAL_FEED_TOKEN = /(\/ical\/[^/?#\s"'<>]+\/)[^/?#\s"'<>]+?(\.ics)/gi;

/** An absolute http(s) URL: its origin, then whatever path or query follows. */
const ABSOLUTE_URL = /\b(https?:\/\/[^/?#\s"'<>]+)([/?#][^\s"'<>]*)?/gi;

/**
 * `text` with the value of every secret query parameter it holds, every iCal feed token, and the
 * path and query of every absolute URL replaced.
 */
export function redactSecrets(text: string): string {
  return text
    .replace(SECRET_PARAM, `$1${REDACTED}`)
    .replace(ICAL_FEED_TOKEN, `$1${REDACTED}$2`)
    .replace(ABSOLUTE_URL, (_url, origin: string, rest: string | undefined) => (rest && rest !== '/' ? `${origin}/${REDACTED}` : `${origin}${rest ?? ''}`));
}

/** A logged value with its strings redacted: a string, or the string fields of a plain object (one level). */
function scrub(value: unknown): unknown {
  if (typeof value === 'string') return value.startsWith(DEV_MAIL_PREFIX) ? value : redactSecrets(value);
  if (value === null || typeof value !== 'object' || Array.isArray(value) || Object.getPrototypeOf(value) !== Object.prototype) return value;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value as Record<string, unknown>)) out[key] = typeof field === 'string' ? redactSecrets(field) : field;
  return out;
}

const HEADER_PATHS = ['authorization', 'cookie', '["set-cookie"]'].flatMap((h) => {
  const key = h.startsWith('[') ? h : `.${h}`;
  return [`headers${key}`, `req.headers${key}`, `res.headers${key}`, `request.headers${key}`, `reply.headers${key}`];
});

/**
 * What a request is logged as: Fastify's default fields, the URL redacted, no headers. Anything
 * logged as `req` comes through here, so it tolerates objects that are not Fastify requests.
 */
function serializeRequest(request: FastifyRequest): { [key: string]: unknown } {
  const r = request as Partial<FastifyRequest> & { headers?: Record<string, unknown> };
  const version = r.headers?.['accept-version'];
  return {
    method: r.method,
    url: typeof r.url === 'string' ? redactSecrets(r.url) : undefined,
    version: typeof version === 'string' ? version : undefined,
    host: r.host,
    remoteAddress: r.ip,
    remotePort: r.socket?.remotePort,
  };
}

/** An error as pino's standard serializer writes it (type, message, stack, own fields, cause), redacted. */
function serializeError(err: FastifyError, seen = new Set<unknown>()): { type: string; message: string; stack: string; [key: string]: unknown } {
  seen.add(err);
  const out: { type: string; message: string; stack: string; [key: string]: unknown } = {
    type: err.constructor?.name ?? 'Error',
    message: redactSecrets(String(err.message)),
    stack: redactSecrets(String(err.stack ?? '')),
  };
  for (const [key, value] of Object.entries(err)) {
    if (key === 'message' || key === 'stack' || value === undefined) continue;
    out[key] = typeof value === 'string' ? redactSecrets(value) : value;
  }
  const cause: unknown = err.cause;
  if (cause instanceof Error && !seen.has(cause)) out.cause = serializeError(cause as FastifyError, seen);
  return out;
}

/** The Fastify logger options: level, where to write (stdout unless given), and the redaction above. */
export function loggerOptions(level: string, stream?: LogStream): LoggerConfig {
  const options: LoggerConfig = {
    level,
    serializers: { req: serializeRequest, err: (err) => serializeError(err) },
    redact: { paths: HEADER_PATHS, censor: REDACTED },
    hooks: {
      logMethod(args, method) {
        const scrubbed = args.map(scrub);
        method.apply(this, scrubbed as Parameters<typeof method>);
      },
    },
  };
  if (stream) options.stream = stream;
  return options;
}
