/**
 * OpenAPI description of every route from its zod schemas, served at /docs. Each operation
 * carries `x-access`, the route's `config.access` (server/src/policy.ts): who may call it.
 * server/test/route-access.test.ts walks the description and checks every route against it.
 */
import fp from 'fastify-plugin';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

export const docsPlugin = fp<{ version: string }>(
  async (app, opts) => {
    await app.register(fastifySwagger, {
      openapi: {
        info: { title: 'Staykeep API', description: 'The HTTP contract of Staykeep.', version: opts.version },
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      },
      transform: (input: TransformInput) => {
        const out = jsonSchemaTransform(input);
        const access = input.route.config?.access;
        return access === undefined ? out : { ...out, schema: { ...out.schema, 'x-access': access } };
      },
    });
    await app.register(fastifySwaggerUi, { routePrefix: '/docs' });
  },
  { name: 'docs' },
);
