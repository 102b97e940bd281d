/**
 * Channel-partner (Tokeet) routes: the platform credentials (admins), each host's connection
 * (authorize URL, callback completion, test, disconnect), the five syncs and sync all, and the
 * stats, log, synced rentals and rates the pages show.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorReplySchema as ErrorReply } from '../../../../shared/api/errors';
import {
  AuthorizeUrlQuerySchema,
  AuthorizeUrlReplySchema,
  OauthCompleteReplySchema,
  OauthCompleteSchema,
  PARTNER_SYNC_TYPES,
  PartnerConnectionSchema,
  PartnerCredentialsInputSchema,
  PartnerCredentialsReplySchema,
  PartnerCredentialsSavedSchema,
  PartnerLogsQuerySchema,
  PartnerLogsReplySchema,
  PartnerPropertiesReplySchema,
  PartnerRatesQuerySchema,
  PartnerRatesReplySchema,
  PartnerStatsSchema,
  PartnerSyncAllReplySchema,
  PartnerSyncResultSchema,
  PartnerTestReplySchema,
} from '../../../../shared/api/partner';
import { partnerCredentialsSaved, partnerOauthCompleted } from '../../../../shared/messages';
import { actorOf } from '../../plugins/auth';
import type { Actor } from '../../actor';
import { nowIso } from '../../db/write';
import { ValidationFailed } from '../../errors';
import { PARTNER } from '../../integrations/tokeet/client';
import { credentialsRow, credentialsView, newPartnerRuntime, saveCredentials, type PartnerRuntime } from './credentials';
import { completeAuthorization, connectionOf, disconnect, startAuthorization, testConnection } from './oauth';
import { hostPartnerProperties, partnerLogs, partnerStats, propertyRates } from './reads';
import { runAllSyncs, runSync, syncHostOf, type SyncContext } from './sync';

const errors = { 400: ErrorReply, 401: ErrorReply, 403: ErrorReply };
const bearer = [{ bearer: [] }];

export type PartnerRoutesOptions = { runtime?: Partial<PartnerRuntime> };

export async function partnerRoutes(fastify: FastifyInstance, options: PartnerRoutesOptions = {}): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const runtime: PartnerRuntime = { ...newPartnerRuntime(app.secretKey, app.config), ...options.runtime };

  const syncContext = (actor: Actor): SyncContext => {
    const host = syncHostOf(app.db, actor.userId);
    if (!host) throw new ValidationFailed('Set up your host profile before syncing');
    return { db: app.db, runtime, host, now: () => app.now() };
  };

  app.get(
    '/api/partner/credentials',
    {
      config: { access: { operation: 'partner.read' } },
      schema: {
        tags: ['partner'],
        summary: "The platform's Tokeet credentials, without the secret key",
        description: '`credentials` is null until an admin saves them; `secret_key_set` says whether a secret key is stored; `base_url` is the one sandbox_mode picks.',
        security: bearer,
        response: { 200: PartnerCredentialsReplySchema, ...errors },
      },
    },
    async () => ({ credentials: credentialsView(credentialsRow(app.db)) }),
  );

  app.post(
    '/api/partner/credentials',
    {
      config: { access: { operation: 'partner.configure' } },
      schema: {
        tags: ['partner'],
        summary: "Save the platform's Tokeet credentials",
        description:
          "Client id, secret key (encrypted at rest, never answered; leave it out to keep the stored one), partner e-mail and id (sent as headers on every call), production and sandbox base URLs (Tokeet's own hosts when empty; https unless the origin is in INTEGRATION_ALLOWED_ORIGINS) and sandbox_mode, which picks the base URL.",
        security: bearer,
        body: PartnerCredentialsInputSchema,
        response: { 200: PartnerCredentialsSavedSchema, ...errors },
      },
    },
    async (request) => ({ message: partnerCredentialsSaved(PARTNER), credentials: await saveCredentials(app.db, runtime, actorOf(request), request.body, app.now()) }),
  );

  app.get(
    '/api/partner/connection',
    {
      config: { access: { operation: 'partner.connect' } },
      schema: { tags: ['partner'], summary: "The host's own Tokeet connection", security: bearer, response: { 200: PartnerConnectionSchema, ...errors } },
    },
    async (request) => connectionOf(app.db, actorOf(request)),
  );

  app.delete(
    '/api/partner/connection',
    {
      config: { access: { operation: 'partner.connect' } },
      schema: { tags: ['partner'], summary: "Disconnect: the host's tokens are removed", security: bearer, response: { 200: PartnerConnectionSchema, ...errors } },
    },
    async (request) => {
      const actor = actorOf(request);
      disconnect(app.db, actor, app.now());
      return connectionOf(app.db, actor);
    },
  );

  app.get(
    '/api/partner/oauth/authorize-url',
    {
      config: { access: { operation: 'partner.connect' } },
      schema: {
        tags: ['partner'],
        summary: "The URL of Tokeet's authorize dialog for this host",
        description:
          '/dialog/ with client_id, response_type=code, the scope list, redirect_uri {origin}/admin/tokeet-callback and a state bound to the caller (single use, 10 minutes). 400 "Credentials not configured" until an admin saves the credentials.',
        security: bearer,
        querystring: AuthorizeUrlQuerySchema,
        response: { 200: AuthorizeUrlReplySchema, ...errors },
      },
    },
    async (request) => ({ url: startAuthorization(app.db, runtime, actorOf(request), request.query.return_to, app.now()) }),
  );

  app.post(
    '/api/partner/oauth/complete',
    {
      config: { access: { operation: 'partner.connect' } },
      schema: {
        tags: ['partner'],
        summary: 'Complete the authorization with the code and state the callback received',
        description:
          'Only the user who started it, once, within 10 minutes (else 400 "OAuth authentication failed: …"). The code is exchanged at /oauth/token; the tokens are stored encrypted as the host\'s; the expiry is now + expires_in. 502 "OAuth completion failed: …" when Tokeet refuses; 403 past the plan\'s OTA integrations. Answers the page to return to.',
        security: bearer,
        body: OauthCompleteSchema,
        response: { 200: OauthCompleteReplySchema, 502: ErrorReply, ...errors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const returnTo = await completeAuthorization(app.db, runtime, actor, request.body, app.now());
      return { message: partnerOauthCompleted(PARTNER), return_to: returnTo, connection: connectionOf(app.db, actor) };
    },
  );

  app.post(
    '/api/partner/test',
    {
      config: { access: { operation: 'partner.connect' } },
      schema: {
        tags: ['partner'],
        summary: "Test the host's connection (GET /partner/user)",
        description: '400 "No credentials available for testing" without a connection and without the platform\'s client id or secret key; otherwise `ok` and the message of the test.',
        security: bearer,
        response: { 200: PartnerTestReplySchema, ...errors },
      },
    },
    async (request) => testConnection(app.db, runtime, actorOf(request), () => app.now()),
  );

  app.post(
    '/api/partner/sync/:type',
    {
      config: { access: { operation: 'partner.connect' } },
      schema: {
        tags: ['partner'],
        summary: 'Run one sync of the host\'s Tokeet account',
        description:
          'properties: rentals mapped onto the host\'s properties (same name linked, others created within the plan\'s property limit, over it listed in not_imported). bookings: reservations from one month back to three months ahead, imported as bookings of the mapped property (cancelled ones and open inquiries never block dates). messages: into the inbox, unread. calendar: holds as blocks. rates: per property and date. A record that fails is skipped and listed in errors; the run is logged.',
        security: bearer,
        params: z.object({ type: z.enum(PARTNER_SYNC_TYPES) }),
        response: { 200: PartnerSyncResultSchema, ...errors },
      },
    },
    async (request) => runSync(syncContext(actorOf(request)), request.params.type),
  );

  app.post(
    '/api/partner/sync',
    {
      config: { access: { operation: 'partner.connect' } },
      schema: { tags: ['partner'], summary: 'Run every sync in order (properties first)', security: bearer, response: { 200: PartnerSyncAllReplySchema, ...errors } },
    },
    async (request) => ({ results: await runAllSyncs(syncContext(actorOf(request))) }),
  );

  app.get(
    '/api/partner/stats',
    {
      config: { access: { operation: 'partner.stats' } },
      schema: { tags: ['partner'], summary: 'Integration stats (an admin: the platform; a host: its own)', security: bearer, response: { 200: PartnerStatsSchema, ...errors } },
    },
    async (request) => partnerStats(app.db, actorOf(request)),
  );

  app.get(
    '/api/partner/logs',
    {
      config: { access: { operation: 'partner.stats' } },
      schema: {
        tags: ['partner'],
        summary: 'The sync log, newest first (default 50)',
        security: bearer,
        querystring: PartnerLogsQuerySchema,
        response: { 200: PartnerLogsReplySchema, ...errors },
      },
    },
    async (request) => ({ logs: partnerLogs(app.db, actorOf(request), request.query.limit) }),
  );

  app.get(
    '/api/partner/properties',
    {
      config: { access: { operation: 'partner.connect' } },
      schema: { tags: ['partner'], summary: "The host's synced Tokeet rentals and the property each maps onto", security: bearer, response: { 200: PartnerPropertiesReplySchema, ...errors } },
    },
    async (request) => ({ properties: hostPartnerProperties(app.db, actorOf(request)) }),
  );

  app.get(
    '/api/partner/rates',
    {
      config: { access: { operation: 'partner.stats' } },
      schema: {
        tags: ['partner'],
        summary: "Tokeet's nightly rates of a property from today on",
        security: bearer,
        querystring: PartnerRatesQuerySchema,
        response: { 200: PartnerRatesReplySchema, 404: ErrorReply, ...errors },
      },
    },
    async (request) => ({ rates: propertyRates(app.db, actorOf(request), request.query.property_id, nowIso(app.now()).slice(0, 10)) }),
  );
}
