/**
 * Calendar sync jobs on a temporary database with the real fetch: statuses and progress steps, the
 * catalogue's messages on failure (shared/messages.ts), conflict notifications (once), the batch
 * clean-up and the one-hour expiry of completed jobs; the messages in the language of the feed's
 * host (issue 24), English word for word as before.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYNC_JOB_TIMEOUT, SYNC_JOB_UNKNOWN_ERROR } from '../../shared/messages';
import { TABLE_IDS, tableById, type TableDef } from '../../shared/registry';
import { calendarFeeds, calendarSyncJobs, notifications } from '../../shared/schema/tables';
import type { Actor } from '../src/actor';
import { insertRow, nowIso, type Row } from '../src/db/write';
import { startFakeFeedServer, type FakeFeedServer } from '../src/integrations/ical/fake/server';
import { loadCorpus } from '../src/integrations/ical/fixtures/corpus';
import { feedsToSync } from '../src/modules/calendar/feeds';
import { CalendarJobRunner, createJobs, listJobs, type JobRow } from '../src/modules/calendar/jobs';
import { syncFeed } from '../src/modules/calendar/service';
import { translatorFor } from '../src/i18n';
import { makeTestApp, type TestApp } from './helpers';

const NOW = new Date('2026-06-15T12:00:00Z');
const corpus = Object.fromEntries(loadCorpus().map((c) => [c.name, c.bytes]));
let app: TestApp;
const stops: (() => void)[] = [];
let server: FakeFeedServer;
type Host = { userId: string; hostId: string; actor: Actor };
let host: Host;

function def(id: number): TableDef {
  const table = tableById(id);
  if (!table) throw new Error(`no table ${id}`);
  return table;
}

function insert(id: number, values: Row): Row {
  return app.db.transaction((tx) => insertRow(tx, def(id), values, NOW));
}

let serial = 0;
function feedOn(propertyId: string, body: FakeRouteBody, platform = 'airbnb', owner: Host = host): string {
  serial += 1;
  const path = `/jobs/${serial}.ics`;
  server.set(path, body);
  return String(insert(TABLE_IDS.calendar_feeds, { host_id: owner.hostId, property_id: propertyId, platform, ical_url: server.url(path), created_at: nowIso(NOW) }).id);
}
type FakeRouteBody = Parameters<FakeFeedServer['set']>[1];

function property(name: string, owner: Host = host): string {
  return String(insert(TABLE_IDS.properties, { host_id: owner.hostId, property_name: name, timezone: 'Europe/Paris', created_date: nowIso(NOW) }).id);
}

function job(id: string): JobRow {
  const row = app.db.select().from(calendarSyncJobs).where(eq(calendarSyncJobs.id, id)).get();
  if (!row) throw new Error('no job');
  return row;
}

function runner(options: Partial<ConstructorParameters<typeof CalendarJobRunner>[1]> = {}) {
  const seen: { id: string; status: string; progress: number; message: string }[] = [];
  const r = new CalendarJobRunner(app.db, {
    now: () => NOW,
    fetch: { allowedOrigins: [server.origin], timeoutMs: 300 },
    gapMs: 10,
    cleanupAfterMs: 60_000,
    ...options,
  });
  // Every write of a job reaches the change feed once committed: count them, and read the row
  // as it stands when the batch is delivered (a microtask after the commit).
  const announced = new Map<string, number>();
  const stop = app.changes.subscribe((batch) => {
    const updates = batch.changes.filter((c) => c.table === TABLE_IDS.calendar_sync_jobs && c.op === 'update');
    for (const id of new Set(updates.map((c) => c.id))) {
      announced.set(id, (announced.get(id) ?? 0) + updates.filter((c) => c.id === id).length);
      const row = app.db.select().from(calendarSyncJobs).where(eq(calendarSyncJobs.id, id)).get();
      if (row) seen.push({ id: row.id, status: row.status, progress: row.progress, message: row.message });
    }
  });
  stops.push(stop);
  return { runner: r, seen, announced };
}

function makeHost(email: string): Host {
  const user = insert(TABLE_IDS.users, { Email: email, Role: 'host', CreateTime: nowIso(NOW) });
  const hostId = String(insert(TABLE_IDS.host_profiles, { user_id: user.ID, created_date: nowIso(NOW) }).id);
  return { userId: String(user.ID), hostId, actor: { userId: String(user.ID), role: 'host', email, name: '', hostProfileId: hostId } };
}

beforeAll(async () => {
  app = await makeTestApp();
  server = await startFakeFeedServer();
  host = makeHost('jobs-host@example.test');
});
afterAll(async () => {
  for (const stop of stops) stop();
  await server.close();
  await app.cleanup();
});

describe('a batch of sync jobs', () => {
  it('runs each job pending → running → completed with progress 20, 40, 60, 80, 95, 100, and fails a bad one with its message', async () => {
    const propertyId = property('Loft');
    const good = feedOn(propertyId, { body: corpus['refetch-before'] });
    const slow = feedOn(propertyId, { body: corpus['refetch-before'], delayMs: 2_000 }, 'vrbo');
    const broken = feedOn(propertyId, { status: 503, body: 'maintenance' }, 'booking.com');
    const jobs = createJobs(app.db, feedsToSync(app.db, host.actor, [good, slow, broken]), NOW);
    expect(jobs.map((j) => [j.status, j.progress, j.propertyName, j.platform])).toEqual([
      ['pending', 0, 'Loft', 'airbnb'],
      ['pending', 0, 'Loft', 'vrbo'],
      ['pending', 0, 'Loft', 'booking.com'],
    ]);
    const { runner: r, seen, announced } = runner();
    const summary = await r.enqueue(jobs);
    await r.stop();
    expect(summary).toEqual({ completed: 1, failed: 2 });

    const [first, second, third] = jobs.map((j) => job(j.id));
    expect(first).toMatchObject({ status: 'completed', progress: 100, startTime: nowIso(NOW), endTime: nowIso(NOW), message: 'Synced 6 events: 6 new, 0 changed, 0 removed' });
    // Started, 20, 40, 60, 80 (the import's steps), 95 (conflicts), completed: each its own commit.
    expect(announced.get(String(first?.id))).toBe(7);
    const progress = seen.filter((s) => s.id === first?.id).map((s) => s.progress);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.every((p) => [0, 20, 40, 60, 80, 95, 100].includes(p))).toBe(true);
    expect(seen.filter((s) => s.id === first?.id).at(-1)).toMatchObject({ status: 'completed', progress: 100 });
    expect(second).toMatchObject({ status: 'failed', message: SYNC_JOB_TIMEOUT, endTime: nowIso(NOW) });
    expect(third).toMatchObject({ status: 'failed', message: 'The calendar server answered HTTP 503 (Service Unavailable)' });
  });

  it('raises one urgent notification per new clash, naming both sides, and none when a re-sync changes nothing', async () => {
    const propertyId = property('Chalet');
    insert(TABLE_IDS.bookings, { host_id: host.hostId, property_id: propertyId, guest_name: 'Walk-in', check_in_date: '2026-07-03', check_out_date: '2026-07-06', booking_source: 'direct', created_date: nowIso(NOW) });
    const feed = feedOn(propertyId, { body: corpus['refetch-after'] });
    const mine = () => app.db.select().from(notifications).where(and(eq(notifications.user_id, host.userId), eq(notifications.hostId, host.hostId))).all();
    const before = mine().length;
    const { runner: r } = runner();
    await r.enqueue(createJobs(app.db, feedsToSync(app.db, host.actor, [feed]), NOW));
    const raised = mine().slice(before);
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({
      title: 'Calendar conflict',
      type: 'urgent',
      isRead: false,
      message: 'Chalet: airbnb booking "Guest" 2026-07-01 → 2026-07-05 overlaps direct booking "Walk-in" 2026-07-03 → 2026-07-06',
      actionUrl: `/host/calendar?property=${propertyId}`,
    });
    const [again] = createJobs(app.db, feedsToSync(app.db, host.actor, [feed]), NOW);
    if (!again) throw new Error('no job');
    await r.enqueue([again]);
    await r.stop();
    expect(mine().slice(before)).toHaveLength(1);
    expect(job(again.id).message).toBe('Synced 5 events: 0 new, 0 changed, 0 removed, 1 conflicts');
  });

  it('drops the completed jobs of a batch after the clean-up delay, keeping the failed ones', async () => {
    const propertyId = property('Cabin');
    const ok = feedOn(propertyId, { body: corpus['booking-com'] }, 'booking.com');
    const bad = feedOn(propertyId, { body: '<html></html>' }, 'vrbo');
    const jobs = createJobs(app.db, feedsToSync(app.db, host.actor, [ok, bad]), NOW);
    const { runner: r } = runner({ cleanupAfterMs: 50 });
    await r.enqueue(jobs);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await r.stop();
    const [done, failed] = jobs.map((j) => job(j.id));
    expect(done?.status).toBe('completed');
    expect(done?.deleted_at).toBe(nowIso(NOW));
    expect(failed).toMatchObject({ status: 'failed', deleted_at: null });
  });

  it('lists only live jobs in scope and expires completed ones after an hour', () => {
    const propertyId = property('Studio');
    const feed = feedOn(propertyId, { body: corpus['vrbo'] });
    const [fresh] = createJobs(app.db, feedsToSync(app.db, host.actor, [feed]), NOW);
    if (!fresh) throw new Error('no job');
    app.db.transaction((tx) =>
      insertRow(tx, def(TABLE_IDS.calendar_sync_jobs), { host_id: host.hostId, feed_id: feed, propertyId, platform: 'vrbo', iCalUrl: 'x', status: 'completed', progress: 100, endTime: '2026-06-15T10:59:00.000Z' }, NOW),
    );
    const otherHost = { ...host.actor, userId: 'someone-else', hostProfileId: 'another-host' };
    expect(listJobs(app.db, otherHost, NOW)).toEqual([]);
    const listed = listJobs(app.db, host.actor, NOW);
    expect(listed.some((j) => j.id === fresh.id)).toBe(true);
    expect(listed.some((j) => j.endTime === '2026-06-15T10:59:00.000Z')).toBe(false);
  });
});

/** A calendar of one stay in the sync window. */
const ONE_EVENT = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', 'BEGIN:VEVENT', 'UID:one@test', 'DTSTART;VALUE=DATE:20260710', 'DTEND;VALUE=DATE:20260713', 'SUMMARY:Reserved', 'END:VEVENT', 'END:VCALENDAR', ''].join('\r\n');

describe('the messages of a sync, in the language of the feed’s host', () => {
  let spanish: Host;
  beforeAll(() => {
    spanish = makeHost('jobs-host-es@example.test');
    insert(TABLE_IDS.display_settings, { user_id: spanish.userId, language: 'es' });
  });

  /** The progress messages of one sync of `feed`, and its outcome. */
  async function progressOf(feed: string) {
    const steps: string[] = [];
    const outcome = await syncFeed(app.db, feed, { now: () => NOW, fetch: { allowedOrigins: [server.origin], timeoutMs: 300 }, onProgress: (_, message) => steps.push(message) });
    return { steps, outcome };
  }

  const lastError = (feed: string) => app.db.select({ error: calendarFeeds.last_error }).from(calendarFeeds).where(eq(calendarFeeds.id, feed)).get()?.error;

  it('writes a Spanish-speaking host’s jobs, progress and feed errors in Spanish', async () => {
    const propertyId = property('Casa Azul', spanish);
    const good = feedOn(propertyId, { body: corpus['refetch-before'] }, 'airbnb', spanish);
    const single = feedOn(propertyId, { body: ONE_EVENT }, 'vrbo', spanish);
    const broken = feedOn(propertyId, { status: 503, body: 'maintenance' }, 'booking.com', spanish);
    const jobs = createJobs(app.db, feedsToSync(app.db, spanish.actor, [good, single, broken]), NOW);
    expect(jobs.map((j) => j.message)).toEqual(['Esperando para empezar', 'Esperando para empezar', 'Esperando para empezar']);
    const { runner: r } = runner();
    expect(await r.enqueue(jobs)).toEqual({ completed: 2, failed: 1 });
    await r.stop();
    expect(jobs.map((j) => job(j.id).message)).toEqual([
      'Sincronizados 6 eventos: 6 nuevos, 0 modificados, 0 eliminados',
      // Its stay overlaps one of the first feed's.
      'Sincronizado 1 evento: 1 nuevo, 0 modificados, 0 eliminados, 1 conflicto',
      'El servidor del calendario respondió HTTP 503 (Service Unavailable)',
    ]);
    expect(lastError(broken)).toBe('El servidor del calendario respondió HTTP 503 (Service Unavailable)');
    expect(await progressOf(good)).toMatchObject({
      steps: ['Descargando el calendario de airbnb', 'Leyendo el calendario', 'Importando 6 eventos', '0 nuevos, 0 modificados, 0 eliminados'],
      outcome: { ok: true },
    });
    server.set('/jobs/es-not-ical.ics', { body: '<html>Inicia sesión</html>' });
    const notIcal = String(insert(TABLE_IDS.calendar_feeds, { host_id: spanish.hostId, property_id: propertyId, platform: 'vrbo', ical_url: server.url('/jobs/es-not-ical.ics'), created_at: nowIso(NOW) }).id);
    expect((await progressOf(notIcal)).outcome).toEqual({ ok: false, code: 'not-ical', error: 'La dirección no devolvió un calendario iCal (falta BEGIN:VCALENDAR)' });
  });

  it('keeps an English-speaking host’s words exactly as before, the spec’s constants included', async () => {
    const propertyId = property('Harbour Loft');
    const good = feedOn(propertyId, { body: corpus['refetch-before'] });
    const single = feedOn(propertyId, { body: ONE_EVENT }, 'vrbo');
    const jobs = createJobs(app.db, feedsToSync(app.db, host.actor, [good, single]), NOW);
    expect(jobs.map((j) => j.message)).toEqual(['Waiting to start', 'Waiting to start']);
    const { runner: r } = runner();
    await r.enqueue(jobs);
    await r.stop();
    expect(jobs.map((j) => job(j.id).message)).toEqual(['Synced 6 events: 6 new, 0 changed, 0 removed', 'Synced 1 events: 1 new, 0 changed, 0 removed, 1 conflicts']);
    expect(await progressOf(good)).toMatchObject({ steps: ['Fetching the airbnb calendar', 'Reading the calendar', 'Importing 6 events', '0 new, 0 changed, 0 removed'], outcome: { ok: true } });
    const { t } = translatorFor('en');
    expect(t('server.calendarSync.error.timeout')).toBe(SYNC_JOB_TIMEOUT);
    expect(t('server.calendarSync.error.unknown')).toBe(SYNC_JOB_UNKNOWN_ERROR);
    // Counts are written as they were (no digit grouping in English).
    expect(t('server.calendarSync.synced', { count: 1234, changes: 'x' })).toBe('Synced 1234 events: x');
  });
});
