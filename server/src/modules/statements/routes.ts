/**
 * Owner statement routes (docs/decisions.md "Owner statements"): one property's month as JSON (the
 * host's page computes the same from the device), CSV and PDF to send to the owner. Operation
 * `statements.read`; a property outside the caller's scope is a 404.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorReplySchema as ErrorReply } from '../../../../shared/api/errors';
import { OwnerStatementSchema, StatementQuerySchema } from '../../../../shared/api/statements';
import type { OwnerStatement } from '../../../../shared/owner-statement';
import { actorOf } from '../../plugins/auth';
import { recipientFor } from '../../i18n';
import { statementCsv } from './csv';
import { statementPdf } from './pdf';
import { statementOf } from './service';

const Params = z.object({ id: z.string().min(1).max(100).describe('Property id') });
const FAILURES = { 400: ErrorReply, 401: ErrorReply, 403: ErrorReply, 404: ErrorReply } as const;

/** `owner-statement-<property>-<month>.<ext>`, in characters every system keeps. */
function fileName(statement: OwnerStatement, ext: string): string {
  const name = statement.property.property_name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'property';
  return `owner-statement-${name.slice(0, 60)}-${statement.month}.${ext}`;
}

function download(reply: FastifyReply, type: string, name: string, body: string | Buffer): FastifyReply {
  return reply.header('content-type', type).header('content-disposition', `attachment; filename="${name}"`).header('cache-control', 'no-store').send(body);
}

export async function statementRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const common = { tags: ['statements'], security: [{ bearer: [] }], params: Params, querystring: StatementQuerySchema };

  app.get(
    '/api/properties/:id/owner-statement',
    {
      config: { access: { operation: 'statements.read' } },
      schema: {
        ...common,
        summary: "A property's owner statement for a month",
        description:
          'Stays (bookings not cancelled checking in within the month), nights, gross, commission and net (the finance figures of the same month and property), ' +
          "the costs of the property's completed housekeeping and maintenance tasks whose work day is in the month, and the owner's payout " +
          '(net − housekeeping − maintenance); one section per currency, amounts never added across currencies.',
        response: { 200: OwnerStatementSchema, ...FAILURES },
      },
    },
    async (request) => statementOf(app.db, actorOf(request), request.params.id, request.query.month),
  );

  app.get(
    '/api/properties/:id/owner-statement/csv',
    {
      config: { access: { operation: 'statements.read' } },
      schema: {
        ...common,
        summary: "A property's owner statement for a month, as CSV (text/csv)",
        description: 'One record per line: `summary` (the figures of one currency), `stay`, `housekeeping`, `maintenance`; every record names its currency.',
        response: { 200: z.string().describe('text/csv'), ...FAILURES },
      },
    },
    async (request, reply) => {
      const statement = statementOf(app.db, actorOf(request), request.params.id, request.query.month);
      return download(reply, 'text/csv; charset=utf-8', fileName(statement, 'csv'), statementCsv(statement));
    },
  );

  app.get(
    '/api/properties/:id/owner-statement/pdf',
    {
      config: { access: { operation: 'statements.read' } },
      schema: {
        ...common,
        summary: "A property's owner statement for a month, as PDF (application/pdf)",
        response: { 200: z.any().describe('application/pdf'), ...FAILURES },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const statement = statementOf(app.db, actor, request.params.id, request.query.month);
      // Words in the requester's language (their setting); months and amounts as `locale` asks (the device's).
      const { t } = recipientFor(app.db, actor.userId);
      return download(reply, 'application/pdf', fileName(statement, 'pdf'), await statementPdf(statement, { locale: request.query.locale ?? 'en-US', t }));
    },
  );
}
