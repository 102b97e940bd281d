/**
 * The e-mail plugin: the mail queue's sender (`app.mail.sender`, woken after each commit that
 * queued a message and at start), `POST /api/email/test` (admin: sends a test message at once with
 * the stored SMTP settings, and records it in the queue) and `GET /api/admin/mail` (admin: the
 * outgoing mail, failed first). Registered with fastify-plugin so that `app.mail` is visible to the
 * other modules and the tests.
 */
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorReplySchema as errorSchema } from '../../../../shared/api/errors';
import { MailListQuerySchema, MailListSchema } from '../../../../shared/api/mail';
import { EMAIL_FAILED_TEXT, SMTP_NOT_CONFIGURED_PROPERLY } from '../../../../shared/messages';
import { transact } from '../../db/write';
import { HttpError, ValidationFailed } from '../../errors';
import { listMail } from './admin';
import { MAIL_UNDELIVERABLE_WARNING, SmtpNotConfigured, mailDelivery, sendMail } from './mailer';
import { attachMailWaker, recordSentMail } from './queue';
import { MailSender } from './sender';
import { testEmail } from './templates';

declare module 'fastify' {
  interface FastifyInstance {
    mail: { sender: MailSender };
  }
}

export const emailRoutes = fp(
  async (fastify) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const sender = new MailSender(app.db, { secretKey: app.secretKey, log: app.log, now: () => app.now(), devTransport: app.config.mailDevTransport });
    app.decorate('mail', { sender });
    const detach = attachMailWaker(app.db.$client, () => sender.wake());
    // What an earlier run left queued or retrying is sent once the app is ready. With nowhere to
    // send, the log says so once (no message, no link: the admins' list shows what waits).
    app.addHook('onReady', async () => {
      if (mailDelivery(app, app.config.mailDevTransport) === 'none') app.log.warn(MAIL_UNDELIVERABLE_WARNING);
      sender.wake();
    });
    app.addHook('preClose', async () => {
      detach();
      await sender.close();
    });

    app.post(
      '/api/email/test',
      {
        config: { access: { operation: 'email.test' } },
        schema: {
          tags: ['email'],
          summary: 'Send a test e-mail with the SMTP settings',
          description:
            'Sent at once, not through the queue, so the answer says whether the settings work: 400 when SMTP is not usable, 500 when the server ' +
            'could not be reached or refused it. The attempt is recorded in the mail queue (GET /api/admin/mail) with its outcome.',
          security: [{ bearer: [] }],
          body: z.object({ to: z.string().trim().toLowerCase().pipe(z.email('must be a valid email address')) }),
          response: { 200: z.object({ ok: z.literal(true) }), 400: errorSchema, 401: errorSchema, 403: errorSchema, 500: errorSchema },
        },
      },
      async (request) => {
        const message = testEmail(request.body.to);
        try {
          const result = await sendMail(app, message, { requireSmtp: true });
          transact(app.db, (tx) => recordSentMail(tx, message, { ok: true, transport: result.transport }, 'test', app.now()));
        } catch (err) {
          if (err instanceof SmtpNotConfigured) throw new ValidationFailed(SMTP_NOT_CONFIGURED_PROPERLY);
          const error = err instanceof Error ? err.message : String(err);
          transact(app.db, (tx) => recordSentMail(tx, message, { ok: false, error }, 'test', app.now()));
          throw new HttpError(500, EMAIL_FAILED_TEXT);
        }
        return { ok: true as const };
      },
    );

    app.get(
      '/api/admin/mail',
      {
        config: { access: { operation: 'mail.read' } },
        schema: {
          tags: ['admin'],
          summary: 'Outgoing mail: recipient, subject, status, attempts, last error',
          description:
            'One page (50) of the mail queue, failed messages first, then newest first; `status` keeps one status. Bodies are never answered. ' +
            '`delivery` says how mail leaves now: `smtp`, `dev` (the development transport: the server log) or `none` (it waits for SMTP).',
          security: [{ bearer: [] }],
          querystring: MailListQuerySchema,
          response: { 200: MailListSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema },
        },
      },
      async (request) => listMail(app.db, request.query, mailDelivery(app, app.config.mailDevTransport)),
    );
  },
  { name: 'email', dependencies: ['db', 'auth'] },
);
