/** OpenAPI description of every route from its zod schemas, served at /docs (api.md). */
import fp from 'fastify-plugin';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export const docsPlugin = fp<{ version: string }>(
  async (app, opts) => {
    await app.register(fastifySwagger, {
      openapi: {
        info: { title: 'Staykeep API', description: 'The HTTP contract of Staykeep (design/api.md).', version: opts.version },
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(fastifySwaggerUi, { routePrefix: '/docs' });
  },
  { name: 'docs' },
);
