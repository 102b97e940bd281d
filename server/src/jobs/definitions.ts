/**
 * The server's scheduled jobs: their names, intervals and what a run does. Each run answers a
 * summary, which is what `POST /api/admin/jobs/:name/run` answers.
 */
import type { Db } from '../db/index';
import { DEFAULT_POLL_INTERVAL_MS, pollFeeds, type PollSummary } from '../modules/calendar/poll';
import { refreshDatedStatuses } from '../modules/guests/service';
import { openAccessWindows } from '../modules/properties/access';
import { removeOrphanUploads } from '../modules/properties/uploads';
import type { DrainSummary } from '../modules/push/sender';
import { reconcilePaypal } from '../modules/paypal/reconcile';
import type { PaypalRuntime } from '../modules/paypal/settings';
import { syncConnectedHosts, type PartnerJobSummary } from '../modules/partner/job';
import type { PartnerRuntime } from '../modules/partner/credentials';
import type { JobDefinition } from './scheduler';
import { backupDatabase, type BackupSummary } from './backup';
import { SESSIONS_KEPT_MS, pruneSessions } from '../modules/auth/sessions';
import { transact } from '../db/write';
import { OVERDUE_JOB, URGENT_JOB, runOverdueTasks, runUrgentTasks, type AlertRunResult } from './task-alerts';

export const ICAL_POLL_JOB = 'ical-poll';
/** Guests whose stay began or ended move on (upcoming → current → past): guest_status depends on the day. */
export const GUEST_STATUS_JOB = 'guest-status';
/** Upload files no live property lists, older than a day, are removed (modules/properties/uploads.ts). */
export const ORPHAN_UPLOADS_JOB = 'orphan-uploads';
/** Payments and statuses whose PayPal webhook never arrived are recorded (modules/paypal/reconcile.ts). */
export const PAYPAL_RECONCILE_JOB = 'paypal-reconcile';
/** Every host connected to the channel partner (Tokeet) is synced (modules/partner/job.ts). */
export const PARTNER_SYNC_JOB = 'partner-sync';
/** An online copy of the database file into BACKUP_DIR, the newest BACKUP_KEEP kept (backup.ts). */
export const BACKUP_JOB = 'backup';
/** Session rows that ended (revoked or expired) over SESSIONS_KEPT_MS ago are forgotten (modules/auth/sessions.ts). */
export const SESSIONS_PRUNE_JOB = 'sessions-prune';
/** Access details whose window opened by the calendar (the day before a task) get a new version (modules/properties/access.ts). */
export const ACCESS_WINDOWS_JOB = 'access-windows';
export const JOB_NAMES = [ACCESS_WINDOWS_JOB, URGENT_JOB, OVERDUE_JOB, ICAL_POLL_JOB, GUEST_STATUS_JOB, ORPHAN_UPLOADS_JOB, PAYPAL_RECONCILE_JOB, PARTNER_SYNC_JOB, BACKUP_JOB, SESSIONS_PRUNE_JOB] as const;
export type JobName = (typeof JOB_NAMES)[number];

/**
 * The urgent check every minute and the overdue check every 5 minutes (the product's alert
 * rules); the iCal poll every 15 minutes; guest status hourly; orphan uploads every 6 hours;
 * the PayPal reconciliation daily; the channel-partner sync hourly; a backup and the ended sessions' cleanup daily.
 */
export const JOB_INTERVALS_MS: Readonly<Record<JobName, number>> = {
  [ACCESS_WINDOWS_JOB]: 10 * 60_000,
  [URGENT_JOB]: 60_000,
  [OVERDUE_JOB]: 5 * 60_000,
  [ICAL_POLL_JOB]: DEFAULT_POLL_INTERVAL_MS,
  [GUEST_STATUS_JOB]: 60 * 60_000,
  [ORPHAN_UPLOADS_JOB]: 6 * 60 * 60_000,
  [PAYPAL_RECONCILE_JOB]: 24 * 60 * 60_000,
  [PARTNER_SYNC_JOB]: 60 * 60_000,
  [BACKUP_JOB]: 24 * 60 * 60_000,
  [SESSIONS_PRUNE_JOB]: 24 * 60 * 60_000,
};

export type AlertJobSummary = AlertRunResult & {
  /** The Web Push sending that followed the commit (every due delivery, these alerts' included). */
  push: DrainSummary | null;
};

export type JobEnv = {
  db: Db;
  now: () => Date;
  /** The app's public origin, for the links of alert e-mails. */
  publicOrigin?: string;
  /** Sends the queued push deliveries (after the alerts' commit) and answers what happened. */
  drainPush?: () => Promise<DrainSummary | null>;
  /** The data directory whose uploads the orphan job cleans (no job run without it). */
  dataDir?: string;
  /** What the PayPal reconciliation needs (the secret key to read the credentials); without it the job does nothing. */
  paypal?: PaypalRuntime;
  /** What the channel-partner sync needs (the secret key to read the tokens); without it the job does nothing. */
  partner?: PartnerRuntime;
  /** Where the backups go and how many stay; without it (an in-memory database) the job does nothing. */
  backup?: { dir: string; keep: number };
};

export function jobDefinitions(env: JobEnv): JobDefinition[] {
  const afterAlerts = async (result: AlertRunResult): Promise<AlertJobSummary> => ({
    ...result,
    push: result.pushDeliveries > 0 && env.drainPush ? await env.drainPush() : null,
  });
  return [
    {
      name: ACCESS_WINDOWS_JOB,
      intervalMs: JOB_INTERVALS_MS[ACCESS_WINDOWS_JOB],
      run: ({ now }) => openAccessWindows(env.db, now),
    },
    {
      name: URGENT_JOB,
      intervalMs: JOB_INTERVALS_MS[URGENT_JOB],
      run: ({ now }) => afterAlerts(runUrgentTasks(env.db, now, { publicOrigin: env.publicOrigin })),
    },
    {
      name: OVERDUE_JOB,
      intervalMs: JOB_INTERVALS_MS[OVERDUE_JOB],
      run: ({ now }) => afterAlerts(runOverdueTasks(env.db, now, { publicOrigin: env.publicOrigin })),
    },
    {
      name: ICAL_POLL_JOB,
      intervalMs: JOB_INTERVALS_MS[ICAL_POLL_JOB],
      run: (): Promise<PollSummary> => pollFeeds(env.db, { now: env.now, intervalMs: JOB_INTERVALS_MS[ICAL_POLL_JOB] }),
    },
    {
      name: GUEST_STATUS_JOB,
      intervalMs: JOB_INTERVALS_MS[GUEST_STATUS_JOB],
      run: ({ now }) => {
        const { checked, changed } = refreshDatedStatuses(env.db, now);
        return { checked, changed: changed.length };
      },
    },
    {
      name: ORPHAN_UPLOADS_JOB,
      intervalMs: JOB_INTERVALS_MS[ORPHAN_UPLOADS_JOB],
      run: async ({ now }) => (env.dataDir ? removeOrphanUploads(env.db, env.dataDir, now) : { checked: 0, removed: 0, keptYoung: 0 }),
    },
    {
      name: PAYPAL_RECONCILE_JOB,
      intervalMs: JOB_INTERVALS_MS[PAYPAL_RECONCILE_JOB],
      run: async ({ now }) => (env.paypal ? reconcilePaypal(env.db, env.paypal, now) : { configured: false, paymentsRecorded: [], statusesFixed: [], errors: [] }),
    },
    {
      name: PARTNER_SYNC_JOB,
      intervalMs: JOB_INTERVALS_MS[PARTNER_SYNC_JOB],
      run: async (): Promise<PartnerJobSummary> => (env.partner ? syncConnectedHosts(env.db, env.partner, env.now) : { hosts: 0, runs: 0, failed: 0 }),
    },
    {
      name: BACKUP_JOB,
      intervalMs: JOB_INTERVALS_MS[BACKUP_JOB],
      run: async ({ now }): Promise<BackupSummary | { skipped: true }> =>
        env.backup ? backupDatabase(env.db.$client, env.backup.dir, env.backup.keep, now) : { skipped: true },
    },
    {
      name: SESSIONS_PRUNE_JOB,
      intervalMs: JOB_INTERVALS_MS[SESSIONS_PRUNE_JOB],
      run: ({ now }) => ({ removed: transact(env.db, (tx) => pruneSessions(tx, new Date(now.getTime() - SESSIONS_KEPT_MS))) }),
    },
  ];
}
