/**
 * Calendar sync jobs: one row per feed to sync, pending → running → completed / failed, progress
 * 20, 40, 60, 80, 95, then 100, and a message. Each write is a row change, so the client sees
 * progress live through sync. A batch runs its jobs one after the other with 800 ms between them;
 * 10 s after a batch its completed jobs are dropped (only the failed ones remain), and completed
 * jobs older than an hour are dropped when jobs are listed. The message is in the language of the
 * feed's host (the Channels page shows it as written): `server.calendarSync.*`, the language looked
 * up once per job.
 */
import { and, eq, inArray, isNull, lt } from 'drizzle-orm';
import { TABLE_IDS, requireTable } from '../../../../shared/registry';
import { calendarSyncJobs, hostProfiles, properties } from '../../../../shared/schema/tables';
import type { Actor } from '../../actor';
import type { Db } from '../../db';
import { insertRow, nowIso, tombstoneRow, transact, updateRow, type Row } from '../../db/write';
import { scopeWhere } from '../../policy';
import type { FetchFeedOptions } from '../../integrations/ical/fetch';
import type { ReconcileResult } from '../../integrations/ical/reconcile';
import type { FeedRow } from './feeds';
import { changesText, syncFeed } from './service';
import { notifyMany } from '../notifications/service';
import { hostTranslator, recipientFor, english, type Translate } from '../../i18n';
import { clashNotice, type ClashSide } from './clash-text';

const JOBS = requireTable(TABLE_IDS.calendar_sync_jobs);

export type JobRow = typeof calendarSyncJobs.$inferSelect;

export const JOB_GAP_MS = 800;
export const BATCH_CLEANUP_MS = 10_000;
export const COMPLETED_JOB_TTL_MS = 60 * 60 * 1000;
/** Conflict notifications one sync may raise; the calendar marks every clash anyway. */
const MAX_CLASH_NOTIFICATIONS = 10;

/** Ids bound in one IN list at most. */
const SLICE = 500;

function slices<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += SLICE) out.push(items.slice(i, i + SLICE));
  return out;
}

/** Pending job rows for `feeds`, in one transaction. */
export function createJobs(db: Db, feeds: readonly FeedRow[], now: Date): JobRow[] {
  if (feeds.length === 0) return [];
  return transact(db, (tx) => {
    const names = new Map<string, string>();
    // An admin's "sync all" names every active feed: looked up in slices, far below SQLite's bound parameters.
    for (const part of slices([...new Set(feeds.map((f) => f.property_id))])) {
      for (const p of tx.select({ id: properties.id, name: properties.property_name }).from(properties).where(inArray(properties.id, part)).all()) names.set(p.id, p.name);
    }
    // "Waiting to start" in each host's language: one lookup per host, however many of their feeds.
    const waiting = new Map<string, string>();
    const waitingOf = (hostId: string): string => {
      let text = waiting.get(hostId);
      if (text === undefined) {
        text = hostTranslator(tx, hostId)('server.calendarSync.waiting');
        waiting.set(hostId, text);
      }
      return text;
    };
    return feeds.map(
      (feed) =>
        insertRow(
          tx,
          JOBS,
          {
            host_id: feed.host_id,
            feed_id: feed.id,
            propertyId: feed.property_id,
            propertyName: names.get(feed.property_id) ?? '',
            platform: feed.platform,
            iCalUrl: feed.ical_url,
            status: 'pending',
            progress: 0,
            message: waitingOf(feed.host_id),
          },
          now,
        ) as JobRow,
    );
  });
}

/** Sorts after every ISO instant, so jobs still waiting come first. */
const NOT_STARTED = '\uffff';

function newestFirst(a: string, b: string): number {
  return a < b ? 1 : a > b ? -1 : 0;
}

/** The caller's jobs, newest first (not started yet first; ids are time-ordered UUIDv7), after dropping completed ones older than an hour. */
export function listJobs(db: Db, actor: Actor, now: Date): JobRow[] {
  const cutoff = nowIso(new Date(now.getTime() - COMPLETED_JOB_TTL_MS));
  const scope = scopeWhere(actor, JOBS);
  const stale = db
    .select({ id: calendarSyncJobs.id })
    .from(calendarSyncJobs)
    .where(and(isNull(calendarSyncJobs.deleted_at), eq(calendarSyncJobs.status, 'completed'), lt(calendarSyncJobs.endTime, cutoff), scope))
    .all();
  if (stale.length > 0) transact(db, (tx) => stale.forEach((j) => tombstoneRow(tx, JOBS, j.id, now)));
  return db
    .select()
    .from(calendarSyncJobs)
    .where(and(isNull(calendarSyncJobs.deleted_at), scope))
    .all()
    .sort((a, b) => newestFirst(a.startTime ?? NOT_STARTED, b.startTime ?? NOT_STARTED) || newestFirst(a.id, b.id));
}

function sideOf(s: ReconcileResult['clashes'][number]['imported']): ClashSide {
  return { source: s.source, kind: s.table === 'bookings' ? 'booking' : 'block', summary: s.summary, start: s.start, end: s.end };
}

/**
 * Urgent notifications for clashes this sync created (an imported event new or changed now), so a
 * re-sync does not repeat them. A block with exactly the dates of the other side is left out: it
 * is almost always our own export echoed back by the other OTA.
 */
export function notifyClashes(db: Db, result: ReconcileResult, propertyName: string, now: Date): Row[] {
  const changed = new Set(result.changedIds);
  const fresh = result.clashes.filter((c) => changed.has(c.imported.id) && !(c.sameDates && c.imported.table === 'calendar_blocks')).slice(0, MAX_CLASH_NOTIFICATIONS);
  if (fresh.length === 0) return [];
  return transact(db, (tx) => {
    const host = tx.select({ userId: hostProfiles.user_id }).from(hostProfiles).where(eq(hostProfiles.id, result.hostId)).get();
    if (!host) return [];
    const { t } = recipientFor(tx, host.userId);
    // Through notifyMany, so the host's devices get the conflict as a Web Push too (after commit).
    const notified = notifyMany(
      tx,
      fresh.map((clash) => ({
        userId: host.userId,
        ...clashNotice(t, propertyName, sideOf(clash.imported), sideOf(clash.other)),
        type: 'urgent' as const,
        hostId: result.hostId,
        actionUrl: `/host/calendar?property=${encodeURIComponent(result.propertyId)}`,
      })),
      now,
    );
    return notified.map((n) => n.notification as Row);
  });
}

/** "Synced 6 events: 6 new, 0 changed, 0 removed[, 1 conflicts]", in the host's words. */
function syncedText(t: Translate, result: ReconcileResult): string {
  const values = { count: result.eventCount, changes: changesText(t, result) };
  return result.clashes.length > 0 ? t('server.calendarSync.syncedWithConflicts', { ...values, conflicts: result.clashes.length }) : t('server.calendarSync.synced', values);
}

export type JobRunnerOptions = {
  now: () => Date;
  fetch?: FetchFeedOptions;
  gapMs?: number;
  cleanupAfterMs?: number;
  onError?: (error: unknown) => void;
};

export type BatchSummary = { completed: number; failed: number };

/**
 * Runs batches of jobs in the background, one job at a time per runner. `stop()` (on app close)
 * lets the running job finish and drops the rest.
 */
export class CalendarJobRunner {
  private chain: Promise<unknown> = Promise.resolve();
  private stopped = false;
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(
    private readonly db: Db,
    private readonly options: JobRunnerOptions,
  ) {}

  /** Queues a batch; resolves when it has run (tests await it, routes do not). */
  enqueue(jobs: readonly JobRow[]): Promise<BatchSummary> {
    const run = this.chain.then(() => this.runBatch(jobs));
    this.chain = run.catch(() => undefined);
    return run;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await this.chain;
  }

  private write(id: string, values: Row): void {
    transact(this.db, (tx) => updateRow(tx, JOBS, id, values, this.options.now()));
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        resolve();
      }, ms);
      this.timers.add(timer);
    });
  }

  private async runBatch(jobs: readonly JobRow[]): Promise<BatchSummary> {
    const summary: BatchSummary = { completed: 0, failed: 0 };
    for (const [n, job] of jobs.entries()) {
      if (this.stopped) break;
      if (n > 0) await this.sleep(this.options.gapMs ?? JOB_GAP_MS);
      if (this.stopped) break;
      const ok = await this.runJob(job);
      if (ok) summary.completed += 1;
      else summary.failed += 1;
    }
    if (!this.stopped) {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        this.dropCompleted(jobs.map((j) => j.id));
      }, this.options.cleanupAfterMs ?? BATCH_CLEANUP_MS);
      this.timers.add(timer);
    }
    return summary;
  }

  private dropCompleted(ids: string[]): void {
    if (this.stopped) return;
    try {
      transact(this.db, (tx) => {
        for (const part of slices(ids)) {
          const done = tx
            .select({ id: calendarSyncJobs.id })
            .from(calendarSyncJobs)
            .where(and(inArray(calendarSyncJobs.id, part), eq(calendarSyncJobs.status, 'completed'), isNull(calendarSyncJobs.deleted_at)))
            .all();
          for (const j of done) tombstoneRow(tx, JOBS, j.id, this.options.now());
        }
      });
    } catch (error) {
      this.options.onError?.(error);
    }
  }

  private async runJob(job: JobRow): Promise<boolean> {
    let t: Translate = english;
    try {
      t = hostTranslator(this.db, job.host_id);
      this.write(job.id, { status: 'running', progress: 0, startTime: nowIso(this.options.now()), message: t('server.calendarSync.starting') });
      const outcome = job.feed_id
        ? await syncFeed(this.db, job.feed_id, {
            now: this.options.now,
            fetch: this.options.fetch,
            t,
            onProgress: (progress, message) => this.write(job.id, { progress, message }),
          })
        : ({ ok: false, error: t('server.calendarSync.error.feedNotFound'), code: 'not-found' } as const);
      if (!outcome.ok) {
        this.write(job.id, { status: 'failed', endTime: nowIso(this.options.now()), message: outcome.error });
        return false;
      }
      const { result } = outcome;
      this.write(job.id, { progress: 95, message: t('server.calendarSync.checkingConflicts') });
      notifyClashes(this.db, result, job.propertyName, this.options.now());
      this.write(job.id, { status: 'completed', progress: 100, endTime: nowIso(this.options.now()), message: syncedText(t, result) });
      return true;
    } catch (error) {
      this.options.onError?.(error);
      try {
        this.write(job.id, { status: 'failed', endTime: nowIso(this.options.now()), message: t('server.calendarSync.error.unknown') });
      } catch (inner) {
        this.options.onError?.(inner);
      }
      return false;
    }
  }
}
