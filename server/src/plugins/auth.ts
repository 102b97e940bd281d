/**
 * JWT sessions (@fastify/jwt): `app.authenticate` resolves `request.actor` from a Bearer token (or
 * the `staykeep_token` cookie) and the current database state, so role and scope changes apply
 * at once; a suspended host's and its staff's sessions are refused (401). Which routes need a session, and for whom, is the access plugin's (access.ts).
 */
import fp from 'fastify-plugin';
import fastifyJwt from '@fastify/jwt';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { loadActor, type Actor } from '../actor';
import { Unauthorized } from '../errors';
import { ACCOUNT_SUSPENDED } from '../../../shared/messages';

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: { sub: string };
    user: { sub: string };
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
  interface FastifyInstance {
    authenticate: preHandlerAsyncHookHandler;
    /** Signs the request in as a user whose identity something else proved (a stream ticket, access.ts), with the session checks. */
    authenticateUser: (request: FastifyRequest, userId: string) => void;
    signSession: (userId: string) => string;
  }
}

export const TOKEN_COOKIE = 'staykeep_token';

function tokenFrom(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim();
  const cookie = request.headers.cookie;
  if (!cookie) return undefined;
  for (const part of cookie.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === TOKEN_COOKIE) return decodeURIComponent(v.join('='));
  }
  return undefined;
}

export const authPlugin = fp<{ secret: Buffer; expiresIn: string }>(
  async (app, opts) => {
    await app.register(fastifyJwt, { secret: opts.secret, sign: { expiresIn: opts.expiresIn } });
    app.decorateRequest('actor', null);
    app.decorate('signSession', (userId: string) => app.jwt.sign({ sub: userId }));

    /** The actor of a user whose identity is proven (a verified token, a redeemed stream ticket). */
    function sessionActor(userId: string): Actor {
      const actor = loadActor(app.db, userId);
      if (!actor) throw new Unauthorized('Session expired or invalid, please sign in again');
      // A suspended host's sessions, and its staff's, end at their next request (sync included):
      // 401 like any session that ended, so the client keeps its outbox and asks to sign in,
      // where the sign-in then says why (403, ACCOUNT_SUSPENDED).
      if (actor.suspended) throw new Unauthorized(ACCOUNT_SUSPENDED);
      return actor;
    }

    async function authenticate(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
      const token = tokenFrom(request);
      if (!token) throw new Unauthorized();
      let payload: { sub: string };
      try {
        payload = app.jwt.verify<{ sub: string }>(token);
      } catch {
        throw new Unauthorized('Session expired or invalid, please sign in again');
      }
      request.actor = sessionActor(payload.sub);
    }
    app.decorate('authenticate', authenticate);
    app.decorate('authenticateUser', (request: FastifyRequest, userId: string) => {
      request.actor = sessionActor(userId);
    });
  },
  { name: 'auth', dependencies: ['db'] },
);

/** The actor of an authenticated route (after `app.authenticate`). */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new Unauthorized();
  return request.actor;
}
