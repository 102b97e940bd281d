/**
 * The jobs plugin: the scheduler of the jobs in definitions.ts (started only when `schedule` is
 * set: main.ts sets it, tests call the jobs themselves) and `POST /api/admin/jobs/:name/run`
 * (super_admin only), which runs a job now through the same lease and answers its summary.
 */
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorReplySchema as ErrorReply } from '../../../shared/api/errors';
import { Conflict } from '../errors';
import { JOB_NAMES, jobDefinitions } from './definitions';
import { JobScheduler } from './scheduler';
import { newPaypalRuntime } from '../modules/paypal/settings';
import { newPartnerRuntime } from '../modules/partner/credentials';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobScheduler;
  }
}

export type JobsPluginOptions = {
  /** Run the jobs on their intervals (false: only when asked through the route). */
  schedule?: boolean;
};

export const jobsPlugin = fp<JobsPluginOptions>(
  async (fastify, opts) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const scheduler = new JobScheduler(
      app.db,
      jobDefinitions({
        db: app.db,
        now: () => app.now(),
        publicOrigin: app.config.publicOrigin,
        dataDir: app.config.dataDir,
        drainPush: async () => (app.hasDecorator('push') ? app.push.sender.drain() : null),
        paypal: newPaypalRuntime(app.secretKey, app.config),
        partner: newPartnerRuntime(app.secretKey, app.config),
        backup: app.config.databasePath === ':memory:' ? undefined : { dir: app.config.backupDir, keep: app.config.backupKeep },
      }),
      {
        now: () => app.now(),
        onResult: (name, result) => app.log.debug({ job: name, result }, 'job ran'),
        onError: (name, error) => app.log.error({ err: error, job: name }, 'job failed'),
      },
    );
    app.decorate('jobs', scheduler);
    if (opts.schedule) app.addHook('onReady', async () => scheduler.start());
    app.addHook('preClose', async () => scheduler.stop());

    app.post(
      '/api/admin/jobs/:name/run',
      {
        config: { access: { operation: 'jobs.run' } },
        schema: {
          tags: ['admin'],
          summary: 'Run a background job now and answer what it did',
          description:
            'urgent-tasks: urgent pending tasks created since the last check (up to 50) alert their host and assignee. ' +
            'overdue-tasks: pending tasks past due (up to 50) alert their host and assignee. ' +
            'ical-poll: every active iCal feed not fetched within 15 minutes is synced. ' +
            'paypal-reconcile: PayPal payments of the last 31 days and subscription statuses whose webhook never arrived are recorded (answers what it fixed). ' +
            'partner-sync: every host connected to Tokeet gets every channel-partner sync (answers hosts, runs and failed runs). ' +
            'sessions-prune: session rows that ended over 30 days ago are forgotten (answers how many). ' +
            'backup: an online copy of the database into BACKUP_DIR, the newest BACKUP_KEEP kept (answers the file, its size and the removed ones). ' +
            'Each task alerts at most once per kind. 409 while the same job runs (here or in another server process).',
          security: [{ bearer: [] }],
          params: z.object({ name: z.enum(JOB_NAMES) }),
          response: {
            200: z.object({ job: z.enum(JOB_NAMES), durationMs: z.number(), result: z.unknown() }),
            400: ErrorReply,
            401: ErrorReply,
            403: ErrorReply,
            409: ErrorReply,
          },
        },
      },
      async (request) => {
        const { name } = request.params;
        const started = performance.now();
        const outcome = await scheduler.runNow(name);
        if (!outcome.ran) throw new Conflict(outcome.reason === 'stopped' ? 'The server is shutting down' : `Job ${name} is already running`);
        return { job: name, durationMs: Math.round(performance.now() - started), result: outcome.result };
      },
    );
  },
  { name: 'jobs', dependencies: ['db', 'auth'] },
);
