/**
 * The routes of one person working for several hosts (staff-hosts.ts): see an invite link,
 * accept it with the password one has, and switch the current host. They draw from a per-IP budget
 * of their own, as large as the account routes' (RATE_LIMIT_AUTH_PER_IP_PER_MINUTE).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TOKEN_COOKIE, actorOf } from '../../plugins/auth';
import { errorSchema, loginReplySchema, sessionUserSchema } from './schemas';
import { acceptInvite, previewInvite, switchStaffHost } from './staff-hosts';

const TAGS = ['auth'];
const BEARER = [{ bearer: [] }];

const inviteTokenBody = z.object({ token: z.string().trim().min(1, 'is required').max(200) });
const staffHostBody = z.object({ staffId: z.string().trim().min(1, 'is required').max(100) });
const invitePreviewSchema = z.object({
  hostName: z.string().describe('The inviting host: its company name, else its name'),
  staffName: z.string(),
  email: z.string().describe('The address the invite was mailed to (the sign-in e-mail)'),
  hasPassword: z.boolean().describe('True: accept with POST /api/auth/invite/accept; false: set the first password with POST /api/auth/reset-password'),
});

export async function staffHostRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const perIp = app.config.authRequestsPerIpPerMinute;
  const onRequest = perIp > 0 ? [app.rateLimit({ max: perIp, timeWindow: 60_000 })] : [];
  const secureCookie = app.config.publicOrigin.startsWith('https:');

  app.post(
    '/api/auth/invite/preview',
    {
      config: { access: 'public' },
      onRequest,
      schema: {
        tags: TAGS,
        summary: 'What a staff invite link is for: the host, and whether the person sets a first password or accepts',
        body: inviteTokenBody,
        response: { 200: invitePreviewSchema, 400: errorSchema, 429: errorSchema },
      },
    },
    async (request) => previewInvite(app, request.body.token),
  );

  app.post(
    '/api/auth/invite/accept',
    {
      config: { access: 'public' },
      onRequest,
      schema: {
        tags: TAGS,
        summary: 'Accept a staff invite with the password one already has: links that host\'s staff row and signs in',
        description:
          'For a housekeeper who already works for another host. Links only the staff row the invite was mailed for, ' +
          'makes that host the current one, spends that one link, and changes no password. 400 "Failed to accept invitation" ' +
          'for an unknown, used or expired link, or one whose person has no password yet (set it with POST /api/auth/reset-password). ' +
          'With two-step sign-in on, the row is linked but the answer is `{ totpRequired: true, ticket }` (finish with POST /api/auth/login/totp), never a session.',
        body: inviteTokenBody,
        response: { 200: loginReplySchema, 400: errorSchema, 403: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      const user = acceptInvite(app, request.body.token);
      if ('totpRequired' in user) return user;
      const token = app.signSession(user.ID, request.headers['user-agent'], request.headers['accept-language']);
      reply.header('set-cookie', `${TOKEN_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Strict${secureCookie ? '; Secure' : ''}`);
      return { token, user };
    },
  );

  app.post(
    '/api/auth/staff-host',
    {
      config: { access: { operation: 'staff.hosts' } },
      onRequest,
      schema: {
        tags: TAGS,
        summary: 'Switch the current host of a housekeeper who works for several (the session\'s staffId)',
        description: 'staffId is one of the session\'s staffHosts; any other id is a 404. Tasks and properties of every host stay in scope; per-host screens follow the current one.',
        security: BEARER,
        body: staffHostBody,
        response: { 200: z.object({ user: sessionUserSchema }), 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 429: errorSchema },
      },
    },
    async (request) => ({ user: switchStaffHost(app, actorOf(request), request.body.staffId) }),
  );
}
