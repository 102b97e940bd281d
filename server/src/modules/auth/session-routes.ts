/**
 * The caller's own signed-in devices (the profile page's card): list them, sign one out, sign out
 * every other. Registered by routes.ts with the account routes' per-IP budget. Logic in sessions.ts.
 */
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SessionListReplySchema, SessionsRevokedReplySchema } from '../../../../shared/api/sessions';
import { transact } from '../../db/write';
import { NotFound } from '../../errors';
import { actorOf } from '../../plugins/auth';
import { emptySchema, errorSchema } from './schemas';
import { listSessions, revokeOwnSession, revokeUserSessions } from './sessions';

const TAGS = ['auth'];
const BEARER = [{ bearer: [] }];

export function sessionRoutes(fastify: FastifyInstance, onRequest: onRequestHookHandler[]): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/auth/sessions',
    {
      config: { access: { operation: 'account.own' } },
      onRequest,
      schema: {
        tags: TAGS,
        summary: "The caller's signed-in devices",
        description: 'Every live session of the caller, the most recently seen first: device (from the browser), when it signed in, when it was last seen (to the minute), and which one is asking (`current`).',
        security: BEARER,
        response: { 200: SessionListReplySchema, 401: errorSchema, 429: errorSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      return { rows: listSessions(app.db, actor.userId, actor.sessionId, app.now()) };
    },
  );

  app.delete(
    '/api/auth/sessions/:id',
    {
      config: { access: { operation: 'account.own' } },
      onRequest,
      schema: {
        tags: TAGS,
        summary: 'Sign one of the caller\'s devices out',
        description: 'That device is refused (401) at its next request and asked to sign in again. 404 for a session that is not the caller\'s or has ended.',
        security: BEARER,
        params: z.object({ id: z.string().min(1).max(100).describe('Session id from GET /api/auth/sessions') }),
        response: { 200: emptySchema, 400: errorSchema, 401: errorSchema, 404: errorSchema, 429: errorSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const done = transact(app.db, (tx) => revokeOwnSession(tx, actor.userId, request.params.id, app.now()));
      if (!done) throw new NotFound('No such signed-in device');
      return {};
    },
  );

  app.post(
    '/api/auth/sessions/revoke-others',
    {
      config: { access: { operation: 'account.own' } },
      onRequest,
      schema: {
        tags: TAGS,
        summary: 'Sign out everywhere else: every session of the caller but this one ends',
        security: BEARER,
        response: { 200: SessionsRevokedReplySchema, 401: errorSchema, 429: errorSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const ids = transact(app.db, (tx) => revokeUserSessions(tx, [actor.userId], app.now(), actor.sessionId));
      return { revoked: ids.length };
    },
  );
}
