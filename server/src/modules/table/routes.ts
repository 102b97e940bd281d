/**
 * Routes of the generic table API: page, create, update and delete on any registry table by its
 * numeric id. Thin: the access hook (server/src/plugins/access.ts) authenticates and asks the
 * policy before the body is even parsed, so that a role that may not touch a table gets its
 * 401/403/404 whatever it sent; reads are the table service's, writes the write pipeline's.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorReplySchema } from '../../../../shared/api/errors';
import { DeleteReplySchema, IdReplySchema, PageReplySchema, PageRequestSchema, TableRowSchema } from '../../../../shared/api/table';
import { tableFor } from '../../db/table-meta';
import { actorOf } from '../../plugins/auth';
import { permitOf } from '../../plugins/access';
import { createRecord, deleteRecord, updateRecord, type WriteEnv } from '../../write/pipeline';
import { pageRows } from './service';

const TableParams = z.object({
  table: z.string().describe('Numeric table id (shared/table-ids.ts), e.g. 20101 for bookings'),
});

const Id = z.string().min(1).max(100);
const errors = { 400: ErrorReplySchema, 401: ErrorReplySchema, 403: ErrorReplySchema, 404: ErrorReplySchema, 409: ErrorReplySchema };

/**
 * Replies are built by the service from stored rows; parsing them again with zod on the way out
 * would cost more than the page query itself, so the declared schemas document and plain
 * JSON.stringify serialises.
 */
const plainSerializer = () => (data: unknown) => JSON.stringify(data);

export async function tableRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  const env = (): WriteEnv => ({ now: app.now(), secretKey: app.secretKey, publicOrigin: app.config.publicOrigin });

  app.post(
    '/api/table/:table/page',
    {
      config: { access: { table: 'read' } },
      serializerCompiler: plainSerializer,
      schema: {
        tags: ['table'],
        summary: 'One page of a table, with the count of all matching rows',
        params: TableParams,
        body: PageRequestSchema,
        response: { 200: PageReplySchema, ...errors },
      },
    },
    async (request) => pageRows(app.db, actorOf(request), tableFor(request.params.table), request.body),
  );

  app.post(
    '/api/table/:table/create',
    {
      config: { access: { table: 'create' } },
      serializerCompiler: plainSerializer,
      schema: {
        tags: ['table'],
        summary: 'Create a row (a client-made id is kept)',
        params: TableParams,
        body: TableRowSchema,
        response: { 201: IdReplySchema, ...errors },
      },
    },
    async (request, reply) => {
      return reply.status(201).send(createRecord(app.db, permitOf(request), request.body, env()));
    },
  );

  app.post(
    '/api/table/:table/update',
    {
      config: { access: { table: 'update' } },
      serializerCompiler: plainSerializer,
      schema: {
        tags: ['table'],
        summary: 'Update fields of a row by ID',
        params: TableParams,
        body: z.looseObject({ ID: Id }),
        response: { 200: IdReplySchema, ...errors },
      },
    },
    async (request) => {
      return updateRecord(app.db, permitOf(request), request.body, env());
    },
  );

  app.post(
    '/api/table/:table/delete',
    {
      config: { access: { table: 'delete' } },
      serializerCompiler: plainSerializer,
      schema: {
        tags: ['table'],
        summary: 'Delete a row by ID (leaves a tombstone for sync)',
        description:
          'A property that has bookings is not deleted: it is archived (status archived) and the answer carries `archived: true`, because its bookings, guests and finances still refer to it.',
        params: TableParams,
        body: z.strictObject({ ID: Id }),
        response: { 200: DeleteReplySchema, ...errors },
      },
    },
    async (request) => {
      return deleteRecord(app.db, permitOf(request), request.body, env());
    },
  );
}
