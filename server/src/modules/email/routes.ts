/** POST /api/email/test (admin): sends a test message with the stored SMTP settings. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorReplySchema as errorSchema } from '../../../../shared/api/errors';
import { EMAIL_FAILED_TEXT, SMTP_NOT_CONFIGURED_PROPERLY } from '../../../../shared/messages';
import { HttpError, ValidationFailed } from '../../errors';
import { SmtpNotConfigured, sendMail } from './mailer';
import { testEmail } from './templates';


export async function emailRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/email/test',
    {
      config: { access: { operation: 'email.test' } },
      schema: {
        tags: ['email'],
        summary: 'Send a test e-mail with the SMTP settings',
        security: [{ bearer: [] }],
        body: z.object({ to: z.string().trim().toLowerCase().pipe(z.email('must be a valid email address')) }),
        response: { 200: z.object({ ok: z.literal(true) }), 400: errorSchema, 401: errorSchema, 403: errorSchema, 500: errorSchema },
      },
    },
    async (request) => {
      try {
        await sendMail(app, testEmail(request.body.to), { requireSmtp: true });
      } catch (err) {
        if (err instanceof SmtpNotConfigured) throw new ValidationFailed(SMTP_NOT_CONFIGURED_PROPERLY);
        throw new HttpError(500, EMAIL_FAILED_TEXT);
      }
      return { ok: true as const };
    },
  );
}
