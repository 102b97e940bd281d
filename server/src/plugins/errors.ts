/**
 * One error handler: typed errors and validation failures become `{ error }` with their status and
 * message; anything unexpected is logged and answered "Internal Server Error".
 */
import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import { HttpError, TooManyRequests, describeZodError } from '../errors';

function validationMessage(error: FastifyError): string | undefined {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issue = error.validation[0];
    if (!issue) return 'Invalid request';
    const where = error.validationContext === 'body' ? '' : `${error.validationContext} `;
    if (issue.keyword === 'unrecognized_keys') return `Unknown field: ${((issue.params as { keys?: string[] }).keys ?? []).join(', ')}`;
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    return field ? `Invalid value for ${where}${field}: ${issue.message}` : `Invalid request${where ? ` ${where.trim()}` : ''}: ${issue.message}`;
  }
  return undefined;
}

export const errorsPlugin = fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof TooManyRequests && error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      if (error instanceof HttpError) return reply.status(error.statusCode).send({ error: error.message });
      if (error instanceof ZodError) return reply.status(400).send({ error: describeZodError(error) });
      const validation = validationMessage(error);
      if (validation) return reply.status(400).send({ error: validation });
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        // Fastify's own 4xx (bad JSON, body too large, unsupported media type, rate limit).
        const message = error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError ? 'Invalid JSON body' : error.message;
        return reply.status(status).send({ error: message });
      }
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send({ error: 'Internal Server Error' });
    });
  },
  { name: 'errors' },
);
