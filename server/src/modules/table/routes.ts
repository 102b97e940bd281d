/**
 * Routes of the generic table API (api.md "Generic table API"). Thin: the policy decides, the
 * service does the work. Authentication, the table lookup and the policy's yes/no run in
 * `onRequest`, before the body is even parsed, so that a role that may not touch a table gets its
 * 401/403/404 whatever it sent (decisions.md "Denials").
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../plugins/auth';
import { Forbidden } from '../../errors';
import { canOperate, type Operation } from '../../policy';
import { notifyChanged } from '../sync/events';
import { FILTER_OPS, createRecord, deleteRecord, pageRows, tableFor, updateRecord, type WriteEnv } from './service';

const TableParams = z.object({
  table: z.string().describe('Numeric table id (architecture.md §2), e.g. 20101 for bookings'),
});

const Id = z.string().min(1).max(100);

const FilterSchema = z.strictObject({
  name: z.string().min(1).max(100).describe('A column of the table'),
  op: z.enum(FILTER_OPS),
  value: z.unknown().describe('A value of the column type; a list for In; null with Equal/NotEqual'),
});

const PageBody = z.strictObject({
  PageNo: z.number().int().min(1).max(1_000_000).describe('1-based'),
  PageSize: z.number().int().min(1).max(1000),
  OrderByField: z.string().max(100).nullish(),
  IsAsc: z.boolean().nullish(),
  Filters: z.array(FilterSchema).max(50).nullish(),
});

const RowSchema = z.record(z.string(), z.unknown());
const PageReply = z.object({ List: z.array(RowSchema), VirtualCount: z.number().int() });
const IdReply = z.object({ ID: z.string() });
const DeleteReply = IdReply.extend({
  archived: z.literal(true).optional().describe('Present when a property with bookings was archived instead of deleted'),
});
const ErrorReply = z.object({ error: z.string() });
const errors = { 400: ErrorReply, 401: ErrorReply, 403: ErrorReply, 404: ErrorReply, 409: ErrorReply };

/**
 * Replies are built by the service from stored rows; parsing them again with zod on the way out
 * would cost more than the page query itself, so the declared schemas document and plain
 * JSON.stringify serialises.
 */
const plainSerializer = () => (data: unknown) => JSON.stringify(data);

export async function tableRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  function guard(op: Operation) {
    return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
      await app.authenticate.call(app, request, reply);
      const def = tableFor((request.params as { table?: string }).table ?? '');
      if (!canOperate(actorOf(request), def, op)) throw new Forbidden(`You may not ${op} ${def.name}`);
    };
  }

  const env = (): WriteEnv => ({ now: app.now(), secretKey: app.secretKey, publicOrigin: app.config.publicOrigin });

  app.post(
    '/api/table/:table/page',
    {
      onRequest: guard('read'),
      serializerCompiler: plainSerializer,
      schema: {
        tags: ['table'],
        summary: 'One page of a table, with the count of all matching rows',
        params: TableParams,
        body: PageBody,
        response: { 200: PageReply, ...errors },
      },
    },
    async (request) => pageRows(app.db, actorOf(request), tableFor(request.params.table), request.body),
  );

  app.post(
    '/api/table/:table/create',
    {
      onRequest: guard('create'),
      serializerCompiler: plainSerializer,
      schema: {
        tags: ['table'],
        summary: 'Create a row (a client-made id is kept)',
        params: TableParams,
        body: RowSchema,
        response: { 201: IdReply, ...errors },
      },
    },
    async (request, reply) => {
      const def = tableFor(request.params.table);
      const result = createRecord(app.db, actorOf(request), def, request.body, env());
      notifyChanged(app, def, [result.ID]);
      return reply.status(201).send(result);
    },
  );

  app.post(
    '/api/table/:table/update',
    {
      onRequest: guard('update'),
      serializerCompiler: plainSerializer,
      schema: {
        tags: ['table'],
        summary: 'Update fields of a row by ID',
        params: TableParams,
        body: z.looseObject({ ID: Id }),
        response: { 200: IdReply, ...errors },
      },
    },
    async (request) => {
      const def = tableFor(request.params.table);
      const result = updateRecord(app.db, actorOf(request), def, request.body, env());
      notifyChanged(app, def, [result.ID]);
      return result;
    },
  );

  app.post(
    '/api/table/:table/delete',
    {
      onRequest: guard('delete'),
      serializerCompiler: plainSerializer,
      schema: {
        tags: ['table'],
        summary: 'Delete a row by ID (leaves a tombstone for sync)',
        description:
          'A property that has bookings is not deleted: it is archived (status archived) and the answer carries `archived: true`, because its bookings, guests and finances still refer to it.',
        params: TableParams,
        body: z.strictObject({ ID: Id }),
        response: { 200: DeleteReply, ...errors },
      },
    },
    async (request) => {
      const def = tableFor(request.params.table);
      const result = deleteRecord(app.db, actorOf(request), def, request.body, env());
      notifyChanged(app, def, [result.ID]);
      return result;
    },
  );
}
