/**
 * Calendar routes (`/api/calendar/feeds`, `/sync`, `/jobs`, `GET /api/properties/:id/calendar`,
 * `GET /ical/:propertyId/:token.ics`): thin wrappers over feeds.ts, jobs.ts and the iCal export.
 * Feeds, jobs and blocks are route-only tables (docs/decisions.md, Ownership and scope); their rows
 * reach the clients through sync.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorReplySchema } from '../../../../shared/api/errors';
import { CalendarFeedSchema, CalendarJobSchema } from '../../../../shared/api/calendar';
import { isoDate } from '../../../../shared/schema/fields';
import { actorOf } from '../../plugins/auth';
import { NotFound } from '../../errors';
import { exportPropertyCalendar } from '../../integrations/ical/export';
import { allowedOriginsFromEnv } from '../../integrations/ical/fetch';
import { createFeed, feedsToSync, propertyCalendar, propertyForExport } from './feeds';
import { CalendarJobRunner, createJobs, listJobs } from './jobs';
import { propertyToday } from './service';

const errorSchema = ErrorReplySchema;
const id = z.string().trim().min(1).max(100);

const feedSchema = CalendarFeedSchema;

const jobSchema = CalendarJobSchema;

const eventSchema = z.object({
  uid: z.string(),
  start: z.string(),
  end: z.string(),
  kind: z.enum(['booking', 'block']),
  source: z.string(),
  summary: z.string(),
  bookingId: z.string().optional(),
  feedId: z.string().optional(),
  clash: z.boolean(),
});

function sameSecret(given: string, stored: string | null): boolean {
  if (!stored) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(stored);
  return a.length === b.length && timingSafeEqual(a, b);
}

export async function calendarRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const allowedOrigins = allowedOriginsFromEnv();
  const runner = new CalendarJobRunner(app.db, {
    now: () => app.now(),
    fetch: { allowedOrigins },
    onError: (error) => app.log.error({ err: error }, 'calendar sync job failed'),
  });
  app.addHook('onClose', async () => runner.stop());

  app.post(
    '/api/calendar/feeds',
    {
      config: { access: { operation: 'calendar.feeds' } },
      schema: {
        tags: ['calendar'],
        summary: 'Add an iCal feed to a property',
        description:
          'The URL must be https (webcal:// is read as https://) and its host must not be or resolve to a private, loopback or link-local address, unless its origin is listed in ICAL_ALLOWED_ORIGINS. A platform the host does not use yet must fit in its plan\'s OTA integrations (403 naming the limit).',
        security: [{ bearer: [] }],
        body: z.strictObject({ propertyId: id, platform: z.string().trim().min(1).max(50), iCalUrl: z.string().trim().min(1).max(2_000) }),
        response: { 201: feedSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request, reply) => {
      const feed = await createFeed(app.db, actorOf(request), request.body, { now: app.now(), allowedOrigins });
      return reply.status(201).send(feed);
    },
  );

  app.post(
    '/api/calendar/sync',
    {
      config: { access: { operation: 'calendar.feeds' } },
      schema: {
        tags: ['calendar'],
        summary: 'Queue sync jobs for feeds (all active feeds in scope when feedIds is left out)',
        security: [{ bearer: [] }],
        body: z.strictObject({ feedIds: z.array(id).max(500).optional() }).optional(),
        response: { 202: z.object({ jobs: z.array(jobSchema) }), 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const feeds = feedsToSync(app.db, actorOf(request), request.body?.feedIds);
      const jobs = createJobs(app.db, feeds, app.now());
      void runner.enqueue(jobs);
      return reply.status(202).send({ jobs });
    },
  );

  app.get(
    '/api/calendar/jobs',
    {
      config: { access: { operation: 'calendar.feeds' } },
      schema: {
        tags: ['calendar'],
        summary: "The caller's calendar sync jobs, newest first",
        security: [{ bearer: [] }],
        response: { 200: z.object({ jobs: z.array(jobSchema) }), 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) => ({ jobs: listJobs(app.db, actorOf(request), app.now()) }),
  );

  app.get(
    '/api/properties/:id/calendar',
    {
      config: { access: { operation: 'calendar.feeds' } },
      schema: {
        tags: ['calendar'],
        summary: "A property's bookings and blocks overlapping [from, to) (end is the check-out day)",
        security: [{ bearer: [] }],
        params: z.object({ id }),
        querystring: z.object({ from: isoDate.optional(), to: isoDate.optional() }),
        response: { 200: z.object({ events: z.array(eventSchema) }), 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request) => propertyCalendar(app.db, actorOf(request), request.params.id, request.query, app.now()),
  );

  app.get(
    '/ical/:propertyId/:token.ics',
    {
      config: { access: 'public' },
      schema: {
        tags: ['calendar'],
        summary: "A property's export feed (text/calendar) at its secret URL",
        params: z.object({ propertyId: id, token: z.string().min(1).max(200) }),
        response: { 200: z.string(), 404: errorSchema },
      },
    },
    async (request, reply) => {
      const property = propertyForExport(app.db, request.params.propertyId);
      if (!property || !sameSecret(request.params.token, property.token)) throw new NotFound('Not found');
      const now = app.now();
      const text = exportPropertyCalendar(app.db, property.id, propertyToday(property.timezone, now), now);
      if (text === null) throw new NotFound('Not found');
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        // Row ids are chosen by clients: only a safe subset of characters goes into the header.
        .header('content-disposition', `inline; filename="${property.id.replace(/[^\w.-]/g, '_')}.ics"`)
        .header('cache-control', 'private, max-age=300')
        .send(text);
    },
  );
}
