/**
 * The account routes: register, login, me, logout, reset mail and reset, change password, first-run
 * setup, staff invites and two-step sign-in (totp.ts). Thin: validation by the schemas, logic in service.ts. Every route here
 * shares one per-IP budget (RATE_LIMIT_PER_IP per minute); sign-in and the reset mail have their
 * own limits on top (login-limits.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HOST_REGISTRATION_FAILED, LOGIN_FAILED, REGISTRATION_FAILED, RESET_EMAIL_FAILED, RESET_PASSWORD_FAILED } from '../../../../shared/messages';
import { HttpError } from '../../errors';
import { TOKEN_COOKIE, actorOf } from '../../plugins/auth';
import { sessionUser, type SessionUser } from '../../actor';
import {
  changePasswordBody,
  emptySchema,
  errorSchema,
  loginBody,
  loginReplySchema,
  loginTotpBody,
  registerBody,
  resetBody,
  resetEmailBody,
  sessionSchema,
  sessionUserSchema,
  setupBody,
  staffParams,
  totpCodeBody,
  totpEnableReply,
  totpSetupReply,
} from './schemas';
import { transact } from '../../db/write';
import { revokeOwnSession } from './sessions';
import { sessionRoutes } from './session-routes';
import { disableTotp, enableTotp, redeemLoginTicket, setupTotp } from './totp';
import { changePassword, inviteStaff, isSetupNeeded, login, registerHost, requestPasswordReset, resetPassword, setupSuperAdmin } from './service';

const TAGS = ['auth'];
const BEARER = [{ bearer: [] }];

/**
 * An unexpected failure (anything but an HttpError) is logged and answered 500 with the route's
 * fallback text from the product's error catalogue (shared/messages.ts), e.g. "Login failed".
 */
async function withFallback<T>(request: FastifyRequest, message: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof HttpError) throw err;
    request.log.error({ err }, message);
    throw new HttpError(500, message);
  }
}

export async function authRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // One limiter instance on every account route, so they all draw from the same per-IP budget
  // (route-level `config.rateLimit` would give each route its own). 0 turns it off.
  const perIp = app.config.authRequestsPerIpPerMinute;
  const onRequest = perIp > 0 ? [app.rateLimit({ max: perIp, timeWindow: 60_000 })] : [];
  sessionRoutes(app, onRequest);

  const secureCookie = app.config.publicOrigin.startsWith('https:');
  function startSession(request: FastifyRequest, reply: FastifyReply, user: SessionUser): { token: string; user: SessionUser } {
    const token = app.signSession(user.ID, request.headers['user-agent'], request.headers['accept-language']);
    // HttpOnly + SameSite=Strict: offered for EventSource and images, which cannot send a header.
    reply.header('set-cookie', `${TOKEN_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Strict${secureCookie ? '; Secure' : ''}`);
    return { token, user };
  }

  app.post(
    '/api/auth/register',
    {
      config: { access: 'public' },
      onRequest,
      schema: {
        tags: TAGS,
        summary: 'Register a host (user and host profile)',
        body: registerBody,
        response: { 201: sessionSchema, 400: errorSchema, 409: errorSchema, 429: errorSchema, 500: errorSchema },
      },
    },
    async (request, reply) => {
      const user = await withFallback(request, HOST_REGISTRATION_FAILED, () => registerHost(app, request.body));
      return reply.status(201).send(startSession(request, reply, user));
    },
  );

  app.post(
    '/api/auth/login',
    {
      config: { access: 'public' },
      onRequest,
      schema: {
        tags: TAGS,
        summary: 'Sign in with e-mail and password',
        description:
          'A suspended host (or its staff) and a deactivated admin get 403 with the reason once the password is right. ' +
          'After repeated failures for an address from one IP (or very many from one IP), that IP gets 429 with Retry-After, ' +
          'waiting 1 s, 2 s, 4 s … (at most RATE_LIMIT_LOGIN_MAX_DELAY_MINUTES) before its next attempt is checked; other IPs are not affected. ' +
          'With two-step sign-in on, the right password answers `{ totpRequired: true, ticket }` and no session: ' +
          'the ticket (single use, 5 minutes) goes to POST /api/auth/login/totp with a code.',
        body: loginBody,
        response: { 200: loginReplySchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 429: errorSchema, 500: errorSchema },
      },
    },
    async (request, reply) => {
      // request.ip: the socket's address, or X-Forwarded-For's client only with TRUST_PROXY (app.ts).
      const outcome = await withFallback(request, LOGIN_FAILED, () => login(app, request.body, request.ip));
      return 'totpRequired' in outcome ? outcome : startSession(request, reply, outcome);
    },
  );

  app.post(
    '/api/auth/login/totp',
    {
      config: { access: 'public' },
      onRequest,
      schema: {
        tags: TAGS,
        summary: 'Second step of a two-step sign-in: the ticket from /api/auth/login and a code',
        description:
          'The code is the current 6-digit code of the authenticator app (one 30-second step of drift accepted, each step once) ' +
          'or an unused recovery code (then spent). A wrong code answers 401, counts as a failed sign-in for the sign-in limits ' +
          '(429 with Retry-After as at the password), and the ticket dies after 5 wrong codes; an expired or used ticket answers 401.',
        body: loginTotpBody,
        response: { 200: sessionSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 429: errorSchema, 500: errorSchema },
      },
    },
    async (request, reply) => {
      const user = await withFallback(request, LOGIN_FAILED, async () => redeemLoginTicket(app, request.body, request.ip));
      return startSession(request, reply, user);
    },
  );

  app.post(
    '/api/auth/totp/setup',
    {
      config: { access: { operation: 'account.own' } },
      onRequest,
      schema: {
        tags: TAGS,
        summary: 'Start turning on two-step sign-in: a new secret, not active until enabled',
        description:
          'Answers the base32 secret and its otpauth:// URL (for the QR code) once; the server keeps it encrypted and never sends it again. ' +
          'Calling it again before enabling replaces the secret. 409 when two-step sign-in is already on.',
        security: BEARER,
        response: { 200: totpSetupReply, 401: errorSchema, 409: errorSchema, 429: errorSchema },
      },
    },
    async (request) => setupTotp(app, actorOf(request)),
  );

  app.post(
    '/api/auth/totp/enable',
    {
      config: { access: { operation: 'account.own' } },
      onRequest,
      schema: {
        tags: TAGS,
        summary: 'Turn on two-step sign-in with a current code of the secret from setup',
        description:
          'Answers ten single-use recovery codes, shown only now (the server keeps their hashes). A wrong code answers 400 and counts ' +
          'as a failed sign-in for the sign-in limits (429 with Retry-After past them). 409 when already on or when setup was not called.',
        security: BEARER,
        body: totpCodeBody,
        response: { 200: totpEnableReply, 400: errorSchema, 401: errorSchema, 409: errorSchema, 429: errorSchema },
      },
    },
    async (request) => enableTotp(app, actorOf(request), request.body.code, request.ip),
  );

  app.post(
    '/api/auth/totp/disable',
    {
      config: { access: { operation: 'account.own' } },
      onRequest,
      schema: {
        tags: TAGS,
        summary: 'Turn off two-step sign-in with a current code or an unused recovery code',
        description:
          'Forgets the secret and the recovery codes. A wrong code answers 400 and counts as a failed sign-in for the sign-in limits. 409 when it is not on.',
        security: BEARER,
        body: totpCodeBody,
        response: { 200: emptySchema, 400: errorSchema, 401: errorSchema, 409: errorSchema, 429: errorSchema },
      },
    },
    async (request) => {
      disableTotp(app, actorOf(request), request.body.code, request.ip);
      return {};
    },
  );

  app.get(
    '/api/auth/me',
    {
      config: { access: { operation: 'account.own' } },
      onRequest,
      schema: { tags: TAGS, summary: 'The signed-in user', security: BEARER, response: { 200: z.object({ data: sessionUserSchema }), 401: errorSchema } },
    },
    async (request) => {
      const user = sessionUser(app.db, actorOf(request).userId);
      if (!user) throw new HttpError(401, 'Session expired or invalid, please sign in again');
      return { data: user };
    },
  );

  app.post(
    '/api/auth/logout',
    {
      config: { access: 'public' },
      onRequest,
      schema: {
        tags: TAGS,
        summary: 'Sign out: ends the session of the token sent (Bearer or cookie), if any, and clears the session cookie',
        response: { 200: emptySchema },
      },
    },
    async (request, reply) => {
      const session = app.sessionOfToken(request);
      if (session) transact(app.db, (tx) => revokeOwnSession(tx, session.userId, session.sessionId, app.now()));
      reply.header('set-cookie', `${TOKEN_COOKIE}=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0${secureCookie ? '; Secure' : ''}`);
      return {};
    },
  );

  app.post(
    '/api/auth/reset-password/email',
    {
      config: { access: 'public' },
      onRequest,
      schema: {
        tags: TAGS,
        summary: 'Mail a password-reset link (same answer whether or not the address has an account)',
        description:
          'At most RATE_LIMIT_RESET_PER_ADDRESS mails an address an hour (past it: the same answer, no mail) and ' +
          'RATE_LIMIT_RESET_PER_SOURCE requests from one IP an hour (past it: 429 with Retry-After).',
        body: resetEmailBody,
        response: { 200: emptySchema, 400: errorSchema, 429: errorSchema, 500: errorSchema },
      },
    },
    async (request) => {
      await withFallback(request, RESET_EMAIL_FAILED, () => requestPasswordReset(app, request.body, request.ip));
      return {};
    },
  );

  app.post(
    '/api/auth/reset-password',
    {
      config: { access: 'public' },
      onRequest,
      schema: {
        tags: TAGS,
        summary: 'Set a new password with a reset or invite token',
        body: resetBody,
        response: { 200: emptySchema, 400: errorSchema, 429: errorSchema, 500: errorSchema },
      },
    },
    async (request) => {
      await withFallback(request, RESET_PASSWORD_FAILED, () => resetPassword(app, request.body));
      return {};
    },
  );

  app.post(
    '/api/auth/change-password',
    {
      config: { access: { operation: 'account.own' } },
      onRequest,
      schema: {
        tags: TAGS,
        summary: "Change the signed-in user's password",
        security: BEARER,
        body: changePasswordBody,
        response: { 200: emptySchema, 400: errorSchema, 401: errorSchema, 429: errorSchema },
      },
    },
    async (request) => {
      await changePassword(app, actorOf(request), request.body);
      return {};
    },
  );

  app.get(
    '/api/setup/status',
    { config: { access: 'public' }, onRequest, schema: { tags: ['setup'], summary: 'Whether the first super admin is still to be created', response: { 200: z.object({ needed: z.boolean() }) } } },
    async () => ({ needed: isSetupNeeded(app.db) }),
  );

  app.post(
    '/api/setup',
    {
      config: { access: 'public' },
      onRequest,
      schema: {
        tags: ['setup'],
        summary: 'Create the first super admin (409 once one exists)',
        body: setupBody,
        response: { 201: sessionSchema, 400: errorSchema, 409: errorSchema, 429: errorSchema, 500: errorSchema },
      },
    },
    async (request, reply) => {
      const user = await withFallback(request, REGISTRATION_FAILED, () => setupSuperAdmin(app, request.body));
      return reply.status(201).send(startSession(request, reply, user));
    },
  );

  app.post(
    '/api/staff/:id/invite',
    {
      config: { access: { operation: 'staff.invite' } },
      onRequest,
      schema: {
        tags: ['housekeeping', 'auth'],
        summary: 'Invite a staff member: mails a link to join (valid 24 h); the same answer whatever the address',
        description:
          'A new address gets a staff user without a password and a link to set it; a housekeeper who already has a password ' +
          '(works for another host) a link to accept; an address of a host or admin account a mail saying it cannot join. ' +
          'The staff row is linked to the user only when that invite is accepted. The answer never says which case it was.',
        security: BEARER,
        params: staffParams,
        response: {
          200: z.object({ invited: z.literal(true) }),
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
          429: errorSchema,
          500: errorSchema,
        },
      },
    },
    async (request) => {
      await inviteStaff(app, actorOf(request), request.params.id);
      return { invited: true as const };
    },
  );
}
