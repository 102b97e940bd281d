/** The words and tone of the sync status every layout shows. */
import type { Rejection } from '../db/schema';
import type { SyncStatus } from './engine';
import type { RuntimeSnapshot } from './runtime';
import { SYNCED_TABLES, type SyncedTableName } from '../db/schema';

export type SyncTone = 'ok' | 'busy' | 'waiting' | 'offline' | 'error' | 'demo';

/** `short` is for small phones, where the top bar has little room. */
export type SyncLabel = { tone: SyncTone; label: string; short: string; detail: string; canRetry: boolean };

function changes(n: number): string {
  return `${n} ${n === 1 ? 'change' : 'changes'}`;
}

/**
 * How far a paging pull has come, 0..100: the versions pulled so far (cursor − from) against the
 * versions it has to go through (target − from, the server's version when it began). Null when
 * the server did not say where the pull ends: the bar is then indeterminate. Rows are not
 * numbered densely (other users' rows take versions too), so the share is of versions, and it
 * stays below 100 while pages remain.
 */
export function progressPercent(progress: SyncStatus['progress']): number | null {
  if (!progress || progress.target === null || progress.target <= progress.from) return null;
  const done = Math.round(((progress.cursor - progress.from) / (progress.target - progress.from)) * 100);
  return Math.max(0, Math.min(progress.more ? 99 : 100, done));
}

export function describeSync(snapshot: RuntimeSnapshot, pending: number, online: boolean): SyncLabel {
  if (snapshot.mode === 'demo') {
    return { tone: 'demo', label: 'Demo mode', short: 'Demo', detail: 'Demo data on this device only: changes are not sent to a server.', canRetry: false };
  }
  const status = snapshot.status;
  const waiting = pending > 0 ? ` · ${changes(pending)} waiting` : '';
  if (!online || status?.state === 'offline') {
    return {
      tone: 'offline',
      label: `Offline${waiting}`,
      short: pending > 0 ? `Offline · ${pending} waiting` : 'Offline',
      detail: pending > 0 ? `You are offline. ${changes(pending)} will be sent when the connection returns.` : 'You are offline. Your changes are kept on this device and sent when the connection returns.',
      canRetry: true,
    };
  }
  if (!status) return { tone: 'busy', label: 'Starting sync', short: 'Starting', detail: 'Connecting to the server.', canRetry: false };
  switch (status.state) {
    case 'syncing': {
      const percent = progressPercent(status.progress);
      if (status.progress) {
        const received = `${status.progress.received.toLocaleString('en-US')} received`;
        const label = percent === null ? 'Downloading…' : `Downloading ${percent}%`;
        return { tone: 'busy', label, short: percent === null ? 'Loading…' : `${percent}%`, detail: `Downloading your data: ${received}.`, canRetry: false };
      }
      if (pending > 0) return { tone: 'busy', label: `Sending ${changes(pending)}…`, short: 'Sending…', detail: `Sending ${changes(pending)}.`, canRetry: false };
      return { tone: 'busy', label: 'Checking for changes…', short: 'Checking…', detail: 'Checking for changes.', canRetry: false };
    }
    case 'error':
      return { tone: 'error', label: 'Sync failed', short: 'Sync failed', detail: `${status.error ?? 'The last sync failed.'}${pending > 0 ? ` ${changes(pending)} waiting.` : ''}`, canRetry: true };
    case 'unauthorized':
      return { tone: 'error', label: 'Signed out', short: 'Signed out', detail: `Sign in again to send ${pending > 0 ? changes(pending) : 'your changes'}.`, canRetry: false };
    case 'idle':
      if (pending > 0) return { tone: 'waiting', label: `${changes(pending)} waiting`, short: `${pending} waiting`, detail: `${changes(pending)} will be sent in a moment.`, canRetry: true };
      return { tone: 'ok', label: 'Up to date', short: 'Up to date', detail: 'Everything on this device is on the server.', canRetry: true };
  }
}

const TABLE_LABELS: Record<SyncedTableName, string> = {
  host_profiles: 'Profile',
  subscription_tiers: 'Plan',
  platform_settings: 'Setting',
  display_settings: 'Display settings',
  properties: 'Property',
  bookings: 'Booking',
  property_access: 'Access details',
  housekeeping_staff: 'Staff member',
  housekeeping_tasks: 'Task',
  task_templates: 'Task template',
  guests: 'Guest',
  notifications: 'Notification',
  calendar_feeds: 'Calendar feed',
  calendar_sync_jobs: 'Calendar sync',
  calendar_blocks: 'Calendar block',
  inbox_messages: 'Message',
  problem_reports: 'Problem report',
};

/** "Task: task status, notes" — what a refused change was about. */
export function describeRejection(rejection: Rejection): string {
  const name = (Object.keys(SYNCED_TABLES) as SyncedTableName[]).find((n) => SYNCED_TABLES[n] === rejection.table);
  const what = name ? TABLE_LABELS[name] : `Table ${rejection.table}`;
  if (rejection.op === 'delete') return `${what}: deletion`;
  const fields = Object.keys(rejection.fields).map((f) => f.replace(/_/g, ' '));
  const verb = rejection.op === 'create' ? 'new' : 'change of';
  return fields.length ? `${what}: ${verb} ${fields.join(', ')}` : `${what}: ${verb} item`;
}

/**
 * What a refused change said, in the user's own words: each text it carried (a note, a title, a
 * checklist item's wording), so that it can be read, copied or applied again rather than lost.
 */
export function rejectionTexts(rejection: Pick<Rejection, 'fields'>): { field: string; text: string }[] {
  const out: { field: string; text: string }[] = [];
  for (const [field, value] of Object.entries(rejection.fields)) {
    if (typeof value === 'string' && value.trim() !== '' && !field.endsWith('_id') && !field.endsWith('_date') && !field.endsWith('_at')) {
      out.push({ field: field.replace(/_/g, ' '), text: value });
    }
    if (field === 'checklist_ops' && Array.isArray(value)) {
      for (const op of value as { op?: string; text?: string; item?: { text?: string } }[]) {
        const text = op.op === 'rename' ? op.text : op.op === 'add' ? op.item?.text : undefined;
        if (text) out.push({ field: 'checklist item', text });
      }
    }
  }
  return out;
}
