/** `GET /api/host/export`: the host's own data as one .tar.gz (export.ts). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorReplySchema as ErrorReply } from '../../../../shared/api/errors';
import { actorOf } from '../../plugins/auth';
import { hostExport } from './export';

export async function hostExportRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/host/export',
    {
      config: { access: { operation: 'host.export' } },
      schema: {
        tags: ['hosts'],
        summary: "Download all of the host's own data (application/gzip: a tar of data.json and one CSV per table)",
        description:
          'Every live row the host\'s devices sync (its properties, bookings, guests, tasks, staff, settings…), as one JSON file with every table ' +
          'and one CSV per table (objects and lists as JSON in their cell). Hosts only.',
        security: [{ bearer: [] }],
        response: { 200: z.any().describe('application/gzip'), 401: ErrorReply, 403: ErrorReply },
      },
    },
    async (request, reply) => {
      const { fileName, archive } = hostExport(app.db, actorOf(request), app.now());
      return reply
        .header('content-type', 'application/gzip')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(archive);
    },
  );
}
