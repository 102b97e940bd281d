/** Platform routes: GET /api/admin/audit-log (admins and super admins read the audit log). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AuditPageSchema, AuditQuerySchema } from '../../../../shared/api/audit';
import { ErrorReplySchema as ErrorReply } from '../../../../shared/api/errors';
import { TABLE_IDS } from '../../../../shared/registry';
import { listAudit } from './audit';

export async function platformRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/admin/audit-log',
    {
      config: { access: { table: 'read', id: TABLE_IDS.audit_log } },
      schema: {
        tags: ['admin'],
        summary: 'The audit log, newest first, a page at a time',
        description:
          'Who did what to which row, when: filtered by actor (user ID), table (table id) and UTC day range (from, to inclusive). Answers the actors and tables the whole log holds, for the filters, and readable names of actors, tables and rows.',
        security: [{ bearer: [] }],
        querystring: AuditQuerySchema,
        response: { 200: AuditPageSchema, 400: ErrorReply, 401: ErrorReply, 403: ErrorReply },
      },
    },
    async (request) => listAudit(app.db, request.query),
  );
}
