/**
 * Admin routes on hosts: the list (GET /api/admin/hosts) and one host's page
 * (GET /api/admin/hosts/:id); POST /api/admin/hosts/:id/plan and /status, each audited.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HostDetailSchema, HostListQuerySchema, HostListReplySchema } from '../../../../shared/api/admin';
import { ErrorReplySchema as ErrorReply } from '../../../../shared/api/errors';
import { ACCOUNT_STATUSES } from '../../../../shared/enums';
import { actorOf } from '../../plugins/auth';
import { hostDetail, listHosts } from './reads';
import { changeHostPlan, changeHostStatus } from './service';

const errors = { 400: ErrorReply, 401: ErrorReply, 403: ErrorReply, 404: ErrorReply };
const Params = z.object({ id: z.string().min(1).max(100).describe('Host profile id') });
const HostProfileReply = z.looseObject({
  id: z.string(),
  subscription_tier: z.string(),
  commission_rate: z.number(),
  account_status: z.enum(ACCOUNT_STATUSES),
});

export async function hostAdminRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/admin/hosts',
    {
      config: { access: { operation: 'hosts.read' } },
      schema: {
        tags: ['admin'],
        summary: 'Search, filter, sort and page the hosts',
        description:
          '`search` matches the user name, the sign-in e-mail, the profile e-mail and the company (case-insensitive, anywhere in the text). `tier`, `account_status` and `subscription_status` filter exactly (empty means any). `sort` is one of name, email, company, tier, status, properties, bookings, revenue, created, with a leading `-` for descending (default `-created`). `page` from 1, `pageSize` up to 100 (default 25). Answers the page and the total that match.',
        security: [{ bearer: [] }],
        querystring: HostListQuerySchema,
        response: { 200: HostListReplySchema, 400: ErrorReply, 401: ErrorReply, 403: ErrorReply },
      },
    },
    async (request) => listHosts(app.db, request.query),
  );

  app.get(
    '/api/admin/hosts/:id',
    {
      config: { access: { operation: 'hosts.read' } },
      schema: {
        tags: ['admin'],
        summary: "A host's page: profile, properties, bookings and commission, staff, calendar feeds and their health",
        security: [{ bearer: [] }],
        params: Params,
        response: { 200: HostDetailSchema, ...errors },
      },
    },
    async (request) => hostDetail(app.db, request.params.id),
  );

  app.post(
    '/api/admin/hosts/:id/plan',
    {
      config: { access: { operation: 'hosts.plan' } },
      schema: {
        tags: ['admin'],
        summary: 'Move a host to a subscription tier',
        description:
          "`tier` is a tier's tier_name (or id). The host's commission_rate becomes the tier's unless `commission_rate` is given. Nothing is deleted when the tier is smaller: its limits only refuse new properties and integrations. Writes an audit entry.",
        security: [{ bearer: [] }],
        params: Params,
        body: z.strictObject({ tier: z.string().trim().min(1).max(100), commission_rate: z.number().min(0).max(100).optional() }),
        response: { 200: HostProfileReply, ...errors },
      },
    },
    async (request) => changeHostPlan(app.db, actorOf(request), request.params.id, request.body, app.now()),
  );

  app.post(
    '/api/admin/hosts/:id/status',
    {
      config: { access: { operation: 'hosts.status' } },
      schema: {
        tags: ['admin'],
        summary: "Set a host's account status",
        description: 'Writes an audit entry.',
        security: [{ bearer: [] }],
        params: Params,
        body: z.strictObject({ account_status: z.enum(ACCOUNT_STATUSES) }),
        response: { 200: HostProfileReply, ...errors },
      },
    },
    async (request) => changeHostStatus(app.db, actorOf(request), request.params.id, request.body, app.now()),
  );
}
