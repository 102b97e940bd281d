/**
 * JWT sessions (@fastify/jwt) backed by server-side session rows (modules/auth/sessions.ts):
 * `app.authenticate` resolves `request.actor` from a Bearer token (or the `staykeep_token` cookie)
 * and the current database state, so role and scope changes apply at once; a token whose session
 * (`sid`) is revoked or unknown, or a suspended host's and its staff's, is refused (401). Which routes need a session, and for whom, is the access plugin's (access.ts).
 */
import fp from 'fastify-plugin';
import fastifyJwt from '@fastify/jwt';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { loadSessionActor, type Actor } from '../actor';
import { transact } from '../db/write';
import { Unauthorized } from '../errors';
import { setBounded } from '../lib/bounded-map';
import { LAST_SEEN_EVERY_MS, createSession, newSessionId, onSessionsRevoked, touchSession } from '../modules/auth/sessions';
import { ACCOUNT_SUSPENDED } from '../../../shared/messages';

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: { sub: string; sid: string };
    user: { sub: string; sid: string };
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
  interface FastifyInstance {
    authenticate: preHandlerAsyncHookHandler;
    /** Signs the request in as a user whose identity something else proved (a stream ticket, access.ts), with the session checks. */
    authenticateUser: (request: FastifyRequest, userId: string, sessionId: string) => void;
    /** Opens a server-side session for the user (from this user agent) and answers its token. */
    signSession: (userId: string, userAgent?: string, acceptLanguage?: string) => string;
    /** The session a request's token names, valid signature and expiry checked (not whether it is revoked). */
    sessionOfToken: (request: FastifyRequest) => { userId: string; sessionId: string } | undefined;
  }
}

export const TOKEN_COOKIE = 'staykeep_token';

/** How many checked tokens are kept (the oldest goes first). */
const CHECKED_TOKENS = 5000;

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
    // A revoked session's open event stream closes at once (its reconnect is then refused).
    const stopListening = onSessionsRevoked((ids) => {
      if (app.hasDecorator('syncHub')) app.syncHub.closeSessions(ids);
    });
    app.addHook('onClose', async () => {
      stopListening();
    });
    app.decorate('signSession', (userId: string, userAgent?: string, acceptLanguage?: string) => {
      const sid = newSessionId();
      const token = app.jwt.sign({ sub: userId, sid });
      const { exp = 0, iat = 0 } = app.jwt.decode<{ exp?: number; iat?: number }>(token) ?? {};
      const now = app.now();
      const expiresAt = new Date(now.getTime() + (exp - iat) * 1000);
      transact(app.db, (tx) => createSession(tx, { id: sid, userId, userAgent, acceptLanguage, expiresAt }, now));
      return token;
    });

    /**
     * Tokens whose signature was checked, with their expiry: a device sends the same token with
     * every request, and the signature check cost more than the rest of an up-to-date pull. Only
     * what the token itself says is kept; the session behind it is looked up on every request.
     */
    const checked = new Map<string, { sub: string; sid: string; expiresAtMs: number }>();
    function verified(token: string): { sub: string; sid: string } | undefined {
      const kept = checked.get(token);
      // Expired as @fastify/jwt (fast-jwt) sees it: against the wall clock.
      if (kept) return kept.expiresAtMs > Date.now() ? kept : undefined;
      try {
        const payload = app.jwt.verify<{ sub: string; sid?: unknown; exp?: number }>(token);
        // A token from before server-side sessions names none: it is over (sign in again).
        if (typeof payload.sid !== 'string') return undefined;
        const entry = { sub: payload.sub, sid: payload.sid, expiresAtMs: typeof payload.exp === 'number' ? payload.exp * 1000 : Infinity };
        return setBounded(checked, token, entry, CHECKED_TOKENS);
      } catch {
        return undefined;
      }
    }
    app.decorate('sessionOfToken', (request: FastifyRequest) => {
      const token = tokenFrom(request);
      const payload = token ? verified(token) : undefined;
      return payload && { userId: payload.sub, sessionId: payload.sid };
    });

    /**
     * The actor of a user whose identity is proven (a verified token, a redeemed stream ticket)
     * through a live session: the session check is part of the actor lookup (actor.ts), and
     * `last_seen_at` is written at most once a minute.
     */
    function sessionActor(userId: string, sessionId: string): Actor {
      const found = loadSessionActor(app.db, userId, sessionId);
      if (!found) throw new Unauthorized('Session expired or invalid, please sign in again');
      const { actor, lastSeenAt } = found;
      const now = app.now();
      if (now.getTime() - Date.parse(lastSeenAt) >= LAST_SEEN_EVERY_MS) transact(app.db, (tx) => touchSession(tx, sessionId, lastSeenAt, now));
      // A suspended host's sessions, and its staff's, end at their next request (sync included):
      // 401 like any session that ended, so the client keeps its outbox and asks to sign in,
      // where the sign-in then says why (403, ACCOUNT_SUSPENDED).
      if (actor.suspended) throw new Unauthorized(ACCOUNT_SUSPENDED);
      return actor;
    }

    async function authenticate(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
      const token = tokenFrom(request);
      if (!token) throw new Unauthorized();
      const payload = verified(token);
      if (!payload) throw new Unauthorized('Session expired or invalid, please sign in again');
      request.actor = sessionActor(payload.sub, payload.sid);
    }
    app.decorate('authenticate', authenticate);
    app.decorate('authenticateUser', (request: FastifyRequest, userId: string, sessionId: string) => {
      request.actor = sessionActor(userId, sessionId);
    });
  },
  { name: 'auth', dependencies: ['db'] },
);

/** The actor of an authenticated route (after `app.authenticate`). */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new Unauthorized();
  return request.actor;
}
