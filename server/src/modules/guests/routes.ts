/** POST /api/guests/sync: rebuilds a host's guests and answers the counts. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorReplySchema as ErrorReply } from '../../../../shared/api/errors';
import { actorOf } from '../../plugins/auth';
import { syncGuests } from './service';

const count = z.number().int().min(0);

export async function guestRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/guests/sync',
    {
      config: { access: { operation: 'guests.rebuild' } },
      schema: {
        tags: ['guests'],
        summary: "Rebuild a host's guests from its bookings, in one transaction",
        description:
          'A host rebuilds its own guests; an admin names the host with `hostId`. `guests` and `bookings` are the counts the success toast shows; created/updated/removed say what the rebuild changed (guests are kept up to date on every booking write, so these are usually 0 apart from guest_status moving with the date).',
        security: [{ bearer: [] }],
        querystring: z.strictObject({ hostId: z.string().min(1).max(100).optional().describe('Host profile id (admins only)') }),
        response: {
          200: z.object({ guests: count, bookings: count, created: count, updated: count, removed: count }),
          400: ErrorReply,
          401: ErrorReply,
          403: ErrorReply,
          404: ErrorReply,
        },
      },
    },
    async (request) => syncGuests(app.db, actorOf(request), { hostId: request.query.hostId }, app.now()),
  );
}
