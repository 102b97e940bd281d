/**
 * Route guards from the policy: every API route declares who it is for in `config.access`
 * (server/src/policy.ts `RouteAccess`), and one onRequest hook, before the body is read,
 * authenticates the caller (401) and asks the policy (403). A route under /api/ that declares
 * nothing fails the app's start, so no route can skip the policy. A table write's permit is
 * decided here once and handed to the write pipeline (`permitOf`).
 */
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { tableFor } from '../db/table-meta';
import { Forbidden, HttpError, Unauthorized } from '../errors';
import type { TicketHolder } from '../modules/sync/tickets';
import { canOperate, mayPerform, writePermit, type RouteAccess, type WritePermit } from '../policy';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (server/src/policy.ts). Required on every /api/ route. */
    access?: RouteAccess;
    /**
     * The caller may prove who it is with a single-use `?ticket=` instead of a session (an
     * EventSource cannot set headers): this redeems it (modules/sync/tickets.ts). A session token
     * never travels in a URL: `?token=` is refused on such a route, whatever else is sent.
     */
    ticketInQuery?: (ticket: string) => TicketHolder | null;
  }
  interface FastifyRequest {
    permit: WritePermit | null;
    /** The ticket this request was signed in with (`ticketInQuery` routes). */
    ticket: TicketHolder | null;
  }
}

/** Routes outside /api/ (the client's files, the OpenAPI pages, the iCal export) are public by default. */
function needsAccess(url: string): boolean {
  return url.startsWith('/api/');
}

export const accessPlugin = fp(
  async (app) => {
    app.decorateRequest('permit', null);
    app.decorateRequest('ticket', null);

    /** Signs in with the route's `?ticket=` when there is one; false when the request has none. */
    function signInByTicket(request: FastifyRequest, redeem: (ticket: string) => TicketHolder | null): boolean {
      const query = typeof request.query === 'object' && request.query !== null ? (request.query as Record<string, unknown>) : {};
      if (query.token !== undefined) throw new HttpError(400, 'A session token is not accepted in the URL: ask for a ticket');
      if (query.ticket === undefined) return false;
      const holder = typeof query.ticket === 'string' && query.ticket !== '' ? redeem(query.ticket) : null;
      if (!holder) throw new Unauthorized('Ticket expired or already used');
      app.authenticateUser(request, holder.userId, holder.sessionId);
      request.ticket = holder;
      return true;
    }

    async function guard(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      const { access, ticketInQuery } = request.routeOptions.config;
      if (!access || access === 'public') return;
      if (!ticketInQuery || !signInByTicket(request, ticketInQuery)) await app.authenticate.call(app, request, reply);
      const actor = request.actor;
      if (!actor) throw new Unauthorized();
      if ('operation' in access) {
        if (!mayPerform(actor, access.operation)) throw new Forbidden();
        return;
      }
      const def = tableFor(access.id ?? (request.params as { table?: string }).table ?? '');
      if (access.table === 'read') {
        if (!canOperate(actor, def, 'read')) throw new Forbidden(`You may not read ${def.name}`);
        return;
      }
      request.permit = writePermit(actor, def, access.table);
    }

    // The guard runs last among a route's onRequest hooks (after its rate limits), still before the body is read.
    app.addHook('onRoute', (route) => {
      if (!route.config?.access) {
        if (needsAccess(route.url)) throw new Error(`${String(route.method)} ${route.url} declares no access (config.access, see server/src/policy.ts)`);
        return;
      }
      const own = route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
      route.onRequest = [...own, guard];
    });
  },
  { name: 'access', dependencies: ['auth'] },
);

/** The permit the access hook decided for this table write. */
export function permitOf(request: FastifyRequest): WritePermit {
  if (!request.permit) throw new Forbidden();
  return request.permit;
}
