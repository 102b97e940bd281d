/**
 * buildApp(options) returns the whole Fastify app without listening: tests build the real app on a
 * temporary database and use `app.inject()`; main.ts listens.
 */
import fs from 'node:fs';
import zlib from 'node:zlib';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ROOT_DIR, loadConfig, type AppConfig } from './config';
import { loggerOptions, type LogStream } from './logger';
import { dbPlugin } from './plugins/db';
import { errorsPlugin } from './plugins/errors';
import { securityHeadersPlugin } from './plugins/security-headers';
import { authPlugin } from './plugins/auth';
import { accessPlugin } from './plugins/access';
import { docsPlugin } from './plugins/docs';
import { clientPlugin } from './plugins/client';
import { resolveSecretKey } from './lib/crypto';
import { authRoutes } from './modules/auth/routes';
import { staffHostRoutes } from './modules/auth/staff-host-routes';
import { hostExportRoutes } from './modules/hosts/export-routes';
import { tableRoutes } from './modules/table/routes';
import { guestRoutes } from './modules/guests/routes';
import { hostAdminRoutes } from './modules/hosts/routes';
import { adminUserRoutes } from './modules/auth/admin-routes';
import { propertyRoutes } from './modules/properties/routes';
import { statementRoutes } from './modules/statements/routes';
import { photoRoutes } from './modules/photos/routes';
import { syncRoutes } from './modules/sync/routes';
import { emailRoutes } from './modules/email/routes';
import { calendarRoutes } from './modules/calendar/routes';
import { pushRoutes } from './modules/push/routes';
import { notificationRoutes } from './modules/notifications/routes';
import { billingRoutes } from './modules/billing/routes';
import { paypalRoutes } from './modules/paypal/routes';
import { partnerRoutes } from './modules/partner/routes';
import { jobsPlugin } from './jobs/routes';
import { platformRoutes } from './modules/platform/routes';
import { seedDemo } from './seed';
import { ensurePlatformDefaults } from './modules/platform/defaults';
import { ensureDefaultTemplates } from './modules/housekeeping/default-template';

/** On-the-fly compression of answers (bench/sync-pull.ts measures its cost at these levels). */
export const COMPRESS_OPTIONS = {
  threshold: 1024,
  encodings: ['br', 'gzip'] as ('br' | 'gzip')[],
  brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  zlibOptions: { level: 3 },
};

export type BuildOptions = Partial<AppConfig> & {
  /** Seed the demo data when the database has no users (main.ts passes config.demo). */
  seed?: boolean;
  /** Fastify logger; off in tests unless asked. */
  logger?: boolean;
  /** Where the logger writes (stdout unless given): a test reads what was logged. */
  logStream?: LogStream;
  /** Fixed clock for jobs and seeds in tests. */
  now?: () => Date;
  /** Run the background jobs on their schedule (main.ts: true; tests call the jobs themselves). */
  jobs?: boolean;
  /**
   * Write the missing platform defaults (tiers, settings) at start; true unless a test asks for a
   * bare database (test/helpers.ts: most tests build their own hosts, on no tier and no limits).
   */
  platformDefaults?: boolean;
};

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    secretKey: Buffer;
    now: () => Date;
  }
}

export const APP_VERSION: string = (
  JSON.parse(fs.readFileSync(path.join(ROOT_DIR, 'package.json'), 'utf8')) as { version: string }
).version;

export async function buildApp(options: BuildOptions = {}): Promise<FastifyInstance> {
  const { seed, logger, logStream, now, jobs, platformDefaults, ...overrides } = options;
  const config = loadConfig(process.env, overrides);
  const app = Fastify({
    // No credential in the log: URLs, headers and messages are redacted (logger.ts).
    logger: logger ? loggerOptions(config.logLevel, logStream) : false,
    bodyLimit: 2 * 1024 * 1024,
    // Only behind a known proxy may X-Forwarded-For name the client (it keys the per-IP limits).
    trustProxy: config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('config', config);
  app.decorate('now', now ?? (() => new Date()));
  app.decorate('secretKey', resolveSecretKey(config.appSecretKey, config.dataDir, config.databasePath === ':memory:'));

  // Infrastructure first, in this order: the error handler before anything that can fail, the
  // database before its users, and auth and route access before any route is registered.
  await app.register(errorsPlugin);
  await app.register(dbPlugin, { databasePath: config.databasePath });
  await app.register(securityHeadersPlugin, {
    helmet: {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          connectSrc: ["'self'"],
          workerSrc: ["'self'"],
          manifestSrc: ["'self'"],
          // Over plain http (a LAN try-out) upgrading would break every request: only behind https.
          upgradeInsecureRequests: config.publicOrigin.startsWith('https:') ? [] : null,
        },
      },
      hsts: config.publicOrigin.startsWith('https:') ? { maxAge: 15_552_000, includeSubDomains: true } : false,
      crossOriginEmbedderPolicy: false,
    },
  });
  await app.register(rateLimit, { global: false });
  // Answers over 1 KB compressed on the fly at a fast level (files of the client build have their
  // copies made at build time). The event stream writes to the socket itself and is left alone.
  await app.register(compress, COMPRESS_OPTIONS);
  await app.register(authPlugin, { secret: app.secretKey, expiresIn: config.jwtExpiresIn });
  await app.register(accessPlugin);
  await app.register(docsPlugin, { version: APP_VERSION });

  app.get(
    '/api/health',
    { config: { access: 'public' }, schema: { tags: ['health'], response: { 200: z.object({ status: z.literal('ok'), version: z.string() }) } } },
    async () => ({ status: 'ok' as const, version: APP_VERSION }),
  );

  // Domain modules.
  await app.register(authRoutes);
  await app.register(staffHostRoutes);
  await app.register(emailRoutes);
  await app.register(tableRoutes);
  await app.register(guestRoutes);
  await app.register(hostAdminRoutes);
  await app.register(adminUserRoutes);
  await app.register(hostExportRoutes);
  await app.register(propertyRoutes);
  await app.register(statementRoutes);
  await app.register(photoRoutes);
  await app.register(syncRoutes);
  await app.register(calendarRoutes);
  await app.register(pushRoutes);
  await app.register(notificationRoutes);
  await app.register(billingRoutes);
  await app.register(paypalRoutes);
  await app.register(partnerRoutes);
  await app.register(platformRoutes);
  await app.register(jobsPlugin, { schedule: jobs ?? false });

  await app.register(clientPlugin, { distDir: config.clientDistDir });

  if (seed) seedDemo(app.db, app.now(), config.publicOrigin);
  // Demo or not, the platform has its tiers and settings (the demo seed wrote its own first).
  if (platformDefaults !== false) ensurePlatformDefaults(app.db, app.now());
  // Hosts from before default templates get the standard turnover template, once.
  ensureDefaultTemplates(app.db, app.now());
  await app.ready();
  return app;
}
