/**
 * Admin billing reads and the admin dashboard: GET /api/admin/billing/history,
 * GET /api/admin/billing/revenue-stats and GET /api/admin/dashboard. Read only, for admins and
 * super admins (policy: billing.read, admin.dashboard).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BillingHistoryQuerySchema,
  BillingHistoryReplySchema,
  DashboardSchema,
  RevenueStatsSchema,
} from '../../../../shared/api/billing';
import { ErrorReplySchema as ErrorReply } from '../../../../shared/api/errors';
import { billingHistory, revenueStats } from './service';
import { dashboardFigures } from './dashboard';

const errors = { 401: ErrorReply, 403: ErrorReply };

export async function billingRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/admin/billing/history',
    {
      config: { access: { operation: 'billing.read' } },
      schema: {
        tags: ['admin'],
        summary: 'Billing history: payments with their subscription and host (spec §5 filters)',
        description:
          'Newest first, at most `limit` rows (200 by default) with `total` counting every match. `status` is `all` or a payment status; `plan` matches part of the plan name; `search` part of the host name, e-mail or transaction id (all case-insensitive); `days` keeps the payments of the last N days.',
        security: [{ bearer: [] }],
        querystring: BillingHistoryQuerySchema,
        response: { 200: BillingHistoryReplySchema, 400: ErrorReply, ...errors },
      },
    },
    async (request) => billingHistory(app.db, request.query, app.now()),
  );

  app.get(
    '/api/admin/billing/revenue-stats',
    {
      config: { access: { operation: 'billing.read' } },
      schema: {
        tags: ['admin'],
        summary: 'Subscription revenue stats (spec §3, formulas of spec §9)',
        description:
          "Revenue counts COMPLETED payments in the platform's currency; this month and last month are UTC calendar months. averageRevenuePerHost is this month's revenue over the distinct users with a subscription; growthRate the percent change over last month (0 when last month is 0).",
        security: [{ bearer: [] }],
        response: { 200: RevenueStatsSchema, ...errors },
      },
    },
    async () => revenueStats(app.db, app.now()),
  );

  app.get(
    '/api/admin/dashboard',
    {
      config: { access: { operation: 'admin.dashboard' } },
      schema: {
        tags: ['admin'],
        summary: "The admin dashboard's figures",
        description: 'Hosts, properties, bookings and commission this month, subscription revenue, failing or stale calendar feeds and failing push deliveries.',
        security: [{ bearer: [] }],
        response: { 200: DashboardSchema, ...errors },
      },
    },
    async () => dashboardFigures(app.db, app.now(), app.config.dataDir),
  );
}
