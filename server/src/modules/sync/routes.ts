/**
 * Routes of the sync protocol (README.md beside this file): push, pull and the poke stream. Thin:
 * the service applies and reads, the hub tracks listeners and hears of committed changes from the
 * change feed. Registered with fastify-plugin so that the hub (`app.syncHub`) is visible app-wide.
 */
import fp from 'fastify-plugin';
import type { FastifyRouteSchemaDef, FastifyValidationResult } from 'fastify/types/schema';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEFAULT_PULL_LIMIT, EVENTS_RETRY_MS, EventsTicketSchema, MAX_PULL_LIMIT, PullResponseSchema, PushRequestSchema, PushResponseSchema, SYNC_EVENTS } from '../../../../shared/sync';
import { ErrorReplySchema as ErrorReply } from '../../../../shared/api/errors';
import { COMPACT_PULL_MEDIA_TYPE, PULL_FORMATS, encodePull } from '../../../../shared/sync-wire';
import { currentVersion } from '../../db/write';
import { UNSURE, fastParser } from '../../write/fast-parse';
import { actorOf } from '../../plugins/auth';
import { HttpError } from '../../errors';
import { createHub, eventChunk, hostIdsOf, streamSubscriber } from './events';
import { StreamTickets } from './tickets';
import { pullChanges, pushMutations } from './service';

const errors = { 400: ErrorReply, 401: ErrorReply, 403: ErrorReply, 413: ErrorReply };

/** 1000 mutations of a few fields each fit easily; the app-wide limit is 2 MiB. */
const PUSH_BODY_LIMIT = 8 * 1024 * 1024;

/** A non-negative integer in a query string, without zod.coerce's '' → 0. */
const QueryInt = z
  .string()
  .regex(/^\d{1,15}$/, 'must be a non-negative integer')
  .transform(Number);

/** A calendar day in a query string. */
const QueryDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)');

const PullQuery = z.object({
  cursor: QueryInt.optional().default(0).describe('The cursor of the previous pull; 0 (or absent) for a first sync'),
  limit: QueryInt.optional()
    .default(DEFAULT_PULL_LIMIT)
    .pipe(z.number().min(1).max(MAX_PULL_LIMIT))
    .describe(`Changes per page, 1..${MAX_PULL_LIMIT}`),
  held: QueryInt.optional().describe(
    'The `version` of the first part of a first sync this device holds (an answer with `firstPart: true`), on every page of the rest until the last; a shrink of the scope after it answers `reset: true`',
  ),
  first_from: QueryDate.optional().describe('With `first_to` and cursor 0: only the first part of a first sync, the rows of today\'s screens for stays and tasks of [first_from, first_to)'),
  first_to: QueryDate.optional().describe('The end (excluded) of the first part\'s window, with `first_from`'),
  format: z
    .enum(PULL_FORMATS)
    .optional()
    .describe(`"compact" (or the Accept header ${COMPACT_PULL_MEDIA_TYPE}): the changes grouped per table as arrays under one header (shared/sync-wire.ts); "json" (the default): one object per change`),
});

/** The compact pull page (shared/sync-wire.ts), for the API description. */
const CompactPullResponseSchema = PullResponseSchema.omit({ changes: true }).extend({
  format: z.literal('compact'),
  tables: z
    .array(
      z.object({
        table: z.number().int(),
        deleted: z.literal(true).optional().describe('The rows are tombstones'),
        columns: z.array(z.string()).describe('The fields of the rows, each named once'),
        defaults: z.array(z.unknown()).describe("Each column's default: a row stops before its trailing defaults"),
        rows: z.array(z.array(z.unknown())).describe('Each row as its values in the order of `columns`'),
      }),
    )
    .describe('The changes grouped per table, tombstone or not, and set of fields'),
});

function wantsCompact(format: string | undefined, accept: string | undefined): boolean {
  return format === 'compact' || (format === undefined && accept !== undefined && accept.includes(COMPACT_PULL_MEDIA_TYPE));
}

const ClientId = z.string().min(1).max(100);

const EventsQuery = z.object({
  ticket: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .describe('A single-use ticket from POST /api/sync/events/ticket, for EventSource, which cannot set headers (never the session token)'),
  clientId: ClientId.optional().describe("The device's sync clientId: it is not poked about changes its own pushes made (with a ticket: the ticket's)"),
});

const TicketBody = z
  .object({ clientId: ClientId.optional().describe('The device\'s sync clientId, bound to the ticket') })
  .optional()
  .default({});

/** Replies are built by the service; re-validating thousands of rows on the way out costs more than the query. */
const plainSerializer = () => (data: unknown) => JSON.stringify(data);

/**
 * The push body (up to 1000 mutations) through the compiled form of its schema, which answers as
 * zod would for the valid bodies it is sure of; anything else, every invalid body included, goes
 * to the app's zod validator, so the 400s are the same.
 */
function fastFirstValidator<T>(route: FastifyRouteSchemaDef<T>): FastifyValidationResult {
  const schema: unknown = route.schema;
  if (!(schema instanceof z.ZodType)) throw new Error(`${route.method} ${route.url}: ${route.httpPart ?? 'request'} schema is not a zod schema`);
  const zod = validatorCompiler({ ...route, schema });
  const fast = fastParser(schema);
  return (data: unknown) => {
    const value = fast(data);
    return value === UNSURE ? zod(data) : { value };
  };
}

export type SyncRoutesOptions = { heartbeatMs?: number };

export const syncRoutes = fp<SyncRoutesOptions>(
  async (fastify, opts) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const hub = createHub(app.db, { heartbeatMs: opts.heartbeatMs });
    app.decorate('syncHub', hub);
    const tickets = new StreamTickets(() => app.now());
    app.decorate('streamTickets', tickets);
    const unsubscribe = app.changes.subscribe((batch) => hub.onChanges(app.db, batch));
    // Open streams would keep the server from closing: end them first.
    app.addHook('preClose', async () => {
      unsubscribe();
      hub.closeAll();
    });

    app.post(
      '/api/sync/push',
      {
        config: { access: { operation: 'sync.own' } },
        bodyLimit: PUSH_BODY_LIMIT,
        serializerCompiler: plainSerializer,
        validatorCompiler: fastFirstValidator,
        schema: {
          tags: ['sync'],
          summary: "Apply a client's outbox mutations in seq order",
          description:
            'One transaction per batch: a rejected mutation rolls back alone and never blocks the rest. ' +
            'A mutation whose seq is at or below the last one processed for this clientId is answered "duplicate" and not applied again.',
          body: PushRequestSchema,
          response: { 200: PushResponseSchema, ...errors },
        },
      },
      async (request) => {
        return pushMutations(app.db, actorOf(request), request.body, {
          now: app.now(),
          secretKey: app.secretKey,
          publicOrigin: app.config.publicOrigin,
          onUnexpected: (err, mutation) => request.log.error({ err, mutationId: mutation.id }, 'sync push: mutation failed unexpectedly'),
        });
      },
    );

    app.get(
      '/api/sync/pull',
      {
        config: { access: { operation: 'sync.own' } },
        serializerCompiler: plainSerializer,
        schema: {
          tags: ['sync'],
          summary: "Changes in the caller's scope after a cursor, paged",
          description:
            'Loop while `more`. With `reset: true` drop every synced table first: the changes are a fresh start from cursor 0. ' +
            'A first sync may begin with its first part (`first_from`, `first_to`: the rows of today\'s screens, `firstPart: true`, cursor left at 0), then pull the rest from 0 with `held` set to that part\'s `version`. ' +
            `Two encodings of the same page: one object per change (the default, which installed clients of before the compact format read), or, with \`format=compact\` or \`Accept: ${COMPACT_PULL_MEDIA_TYPE}\`, ` +
            'the changes grouped per table under one header of column names and defaults, each row an array of its values without its trailing defaults (`format: "compact"` in the answer). ' +
            'Answers over 1 KB are compressed per Accept-Encoding (br, gzip).',
          querystring: PullQuery,
          response: { 200: z.union([PullResponseSchema, CompactPullResponseSchema]), ...errors },
        },
      },
      async (request, reply) => {
        const { cursor, limit, held, first_from: from, first_to: to } = request.query;
        if ((from === undefined) !== (to === undefined)) throw new HttpError(400, `Invalid value for querystring ${from === undefined ? 'first_from' : 'first_to'}: required with the other`);
        const page = pullChanges(app.db, actorOf(request), { cursor, limit, held, first: from !== undefined && to !== undefined ? { from, to } : undefined });
        // Shared caches must not answer one encoding to a client that asked for the other.
        reply.header('vary', 'accept');
        return wantsCompact(request.query.format, request.headers.accept) ? encodePull(page) : page;
      },
    );

    app.post(
      '/api/sync/events/ticket',
      {
        config: { access: { operation: 'sync.own' } },
        schema: {
          tags: ['sync'],
          summary: 'A single-use ticket to open the event stream with',
          description:
            'For `GET /api/sync/events?ticket=` from an EventSource, which cannot send the Bearer header: the session token never goes into a URL ' +
            '(URLs end up in logs). The ticket names the caller and the `clientId` given here, works once, and expires after 30 s.',
          security: [{ bearer: [] }],
          body: TicketBody,
          response: { 200: EventsTicketSchema, 400: ErrorReply, 401: ErrorReply, 403: ErrorReply },
        },
      },
      async (request) => {
        const actor = actorOf(request);
        return tickets.issue({ userId: actor.userId, sessionId: actor.sessionId ?? '', clientId: request.body.clientId ?? null });
      },
    );

    app.get(
      '/api/sync/events',
      {
        // EventSource cannot set headers: a single-use `?ticket=` stands in for the Bearer header.
        config: { access: { operation: 'sync.own' }, ticketInQuery: (ticket: string) => tickets.redeem(ticket) },
        // Each event must reach the device when written: never through a compressing buffer.
        compress: false,
        schema: {
          tags: ['sync'],
          summary: 'Server-sent events: "poke" when something in the caller\'s scope changed',
          description:
            'text/event-stream. Authenticate with the Bearer header, the session cookie, or `?ticket=` (POST /api/sync/events/ticket); a `?token=` ' +
            'is refused (400). Events: "ready" once, then "poke" (data `{ version }`) after each change the caller may see; a comment line every ' +
            '25 s keeps the stream alive.',
          querystring: EventsQuery,
          response: { 200: z.string().describe('text/event-stream'), 400: ErrorReply, 401: ErrorReply, 403: ErrorReply },
        },
      },
      async (request, reply) => {
        const actor = actorOf(request);
        // A ticket carries the device it was asked for; a different one in the URL is a mistake.
        const ticketClient = request.ticket?.clientId;
        if (request.ticket && request.query.clientId !== undefined && request.query.clientId !== ticketClient) {
          throw new HttpError(400, 'Invalid value for querystring clientId: not the device the ticket was issued to');
        }
        const clientId = request.ticket ? (ticketClient ?? null) : (request.query.clientId ?? null);
        const hostIds = hostIdsOf(actor);
        reply.hijack();
        const raw = reply.raw;
        raw.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-cache, no-transform',
          connection: 'keep-alive',
          'x-accel-buffering': 'no',
          'x-content-type-options': 'nosniff',
        });
        request.raw.socket.setNoDelay(true);
        const subscriber = streamSubscriber(raw, actor, hostIds, clientId);
        hub.add(subscriber);
        raw.write(`retry: ${EVENTS_RETRY_MS.max}\n\n${eventChunk(SYNC_EVENTS.ready, { version: currentVersion(app.db) })}`);
        raw.on('close', () => hub.remove(subscriber));
      },
    );
  },
  { name: 'sync', dependencies: ['db', 'auth'] },
);
