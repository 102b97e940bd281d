/**
 * The Admins page's routes (super admins only, operation admins.manage): GET /api/admin/admins,
 * POST /api/admin/admins/invite, POST /api/admin/admins/:id/status. Services in admins.ts. Also
 * POST /api/admin/users/:id/totp/reset (admins and super admins, operation users.totp_reset; totp.ts)
 * and POST /api/admin/users/:id/sessions/revoke (operation users.sessions_revoke; admins.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AdminInviteBodySchema, AdminListReplySchema, AdminStatusBodySchema, AdminUserSchema } from '../../../../shared/api/admin';
import { ErrorReplySchema as ErrorReply } from '../../../../shared/api/errors';
import { actorOf } from '../../plugins/auth';
import { SessionsRevokedReplySchema } from '../../../../shared/api/sessions';
import { inviteAdmin, listAdmins, revokeAllSessionsOf, setAdminActive } from './admins';
import { resetTotp } from './totp';

const errors = { 400: ErrorReply, 401: ErrorReply, 403: ErrorReply, 404: ErrorReply };
const TAGS = ['admin'];
const BEARER = [{ bearer: [] }];

export async function adminUserRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/admin/admins',
    {
      config: { access: { operation: 'admins.manage' } },
      schema: { tags: TAGS, summary: 'Every super admin and admin, deactivated ones included', security: BEARER, response: { 200: AdminListReplySchema, 401: ErrorReply, 403: ErrorReply } },
    },
    async () => ({ rows: listAdmins(app.db) }),
  );

  app.post(
    '/api/admin/admins/invite',
    {
      config: { access: { operation: 'admins.manage' } },
      schema: {
        tags: TAGS,
        summary: 'Invite an admin by e-mail',
        description:
          'Creates the admin (no password yet) and mails a link to set one, valid 24 hours, once. Inviting again an admin who has not set a password sends a fresh link; an address of any other account is a 409. Writes an audit entry.',
        security: BEARER,
        body: AdminInviteBodySchema,
        response: { 201: AdminUserSchema, ...errors, 409: ErrorReply, 500: ErrorReply },
      },
    },
    async (request, reply) => reply.status(201).send(inviteAdmin(app, actorOf(request), request.body)),
  );

  app.post(
    '/api/admin/admins/:id/status',
    {
      config: { access: { operation: 'admins.manage' } },
      schema: {
        tags: TAGS,
        summary: 'Deactivate or reactivate an admin',
        description:
          "`active: false` deactivates (the users row's soft delete): the admin's sessions end at their next request and signing in answers 403. `active: true` restores it. Super admins are not managed here (403). Writes an audit entry.",
        security: BEARER,
        params: z.object({ id: z.string().min(1).max(100).describe('User ID of the admin') }),
        body: AdminStatusBodySchema,
        response: { 200: AdminUserSchema, ...errors },
      },
    },
    async (request) => setAdminActive(app.db, actorOf(request), request.params.id, request.body.active, app.now()),
  );

  app.post(
    '/api/admin/users/:id/totp/reset',
    {
      config: { access: { operation: 'users.totp_reset' } },
      schema: {
        tags: TAGS,
        summary: "Turn off a user's two-step sign-in (a lost phone)",
        description:
          'The user then signs in with the password alone and may turn it on again; the secret and recovery codes are forgotten. ' +
          "Only a super admin resets a super admin's (403). 409 when it is not on. Writes an audit entry.",
        security: BEARER,
        params: z.object({ id: z.string().min(1).max(100).describe('User ID') }),
        response: { 200: z.object({}), ...errors, 409: ErrorReply },
      },
    },
    async (request) => {
      resetTotp(app.db, actorOf(request), request.params.id, app.now());
      return {};
    },
  );

  app.post(
    '/api/admin/users/:id/sessions/revoke',
    {
      config: { access: { operation: 'users.sessions_revoke' } },
      schema: {
        tags: TAGS,
        summary: "Sign a user out everywhere (every session of the account ends)",
        description:
          'Each of the user\'s devices is refused (401) at its next request, the event stream and sync included, and asked to sign in again; ' +
          "its unsent changes stay on the device. Only a super admin signs out a super admin (403). Answers how many sessions ended. Writes an audit entry.",
        security: BEARER,
        params: z.object({ id: z.string().min(1).max(100).describe('User ID') }),
        response: { 200: SessionsRevokedReplySchema, ...errors },
      },
    },
    async (request) => revokeAllSessionsOf(app.db, actorOf(request), request.params.id, app.now()),
  );
}
