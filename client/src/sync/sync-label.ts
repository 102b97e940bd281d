/** The words and tone of the sync status every layout shows, in the active language (common catalog, `sync.*`). */
import type { Rejection } from '../db/schema';
import type { SyncStatus } from './engine';
import type { RuntimeSnapshot } from './runtime';
import { SYNCED_TABLES, type SyncedTableName } from '../db/schema';
import { activeLocale, t, type MessageId } from '../i18n';

export type SyncTone = 'ok' | 'busy' | 'waiting' | 'offline' | 'error' | 'demo';

/** `short` is for small phones, where the top bar has little room. */
export type SyncLabel = { tone: SyncTone; label: string; short: string; detail: string; canRetry: boolean };

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
    return { tone: 'demo', label: t('sync.demo.label'), short: t('sync.demo.short'), detail: t('sync.demo.detail'), canRetry: false };
  }
  const status = snapshot.status;
  const count = { count: pending };
  if (!online || status?.state === 'offline') {
    return {
      tone: 'offline',
      label: pending > 0 ? t('sync.offline.labelWaiting', count) : t('sync.offline.label'),
      short: pending > 0 ? t('sync.offline.shortWaiting', count) : t('sync.offline.label'),
      detail: pending > 0 ? t('sync.offline.detailWaiting', count) : t('sync.offline.detail'),
      canRetry: true,
    };
  }
  if (!status) return { tone: 'busy', label: t('sync.starting.label'), short: t('sync.starting.short'), detail: t('sync.starting.detail'), canRetry: false };
  switch (status.state) {
    case 'syncing': {
      const percent = progressPercent(status.progress);
      if (status.progress) {
        const received = status.progress.received.toLocaleString(activeLocale());
        return {
          tone: 'busy',
          label: percent === null ? t('sync.downloading.label') : t('sync.downloading.labelPercent', { percent }),
          short: percent === null ? t('sync.downloading.short') : t('sync.downloading.shortPercent', { percent }),
          detail: t('sync.downloading.detail', { received }),
          canRetry: false,
        };
      }
      if (pending > 0) return { tone: 'busy', label: t('sync.sending.label', count), short: t('sync.sending.short'), detail: t('sync.sending.detail', count), canRetry: false };
      return { tone: 'busy', label: t('sync.checking.label'), short: t('sync.checking.short'), detail: t('sync.checking.detail'), canRetry: false };
    }
    case 'error': {
      const error = status.error ?? t('sync.failed.lastFailed');
      return { tone: 'error', label: t('sync.failed.label'), short: t('sync.failed.label'), detail: pending > 0 ? t('sync.failed.detailWaiting', { error, count: pending }) : error, canRetry: true };
    }
    case 'unauthorized':
      return { tone: 'error', label: t('sync.signedOut.label'), short: t('sync.signedOut.label'), detail: pending > 0 ? t('sync.signedOut.detailWaiting', count) : t('sync.signedOut.detail'), canRetry: false };
    case 'idle':
      if (pending > 0) return { tone: 'waiting', label: t('sync.waiting.label', count), short: t('sync.waiting.short', count), detail: t('sync.waiting.detail', count), canRetry: true };
      return { tone: 'ok', label: t('sync.upToDate.label'), short: t('sync.upToDate.label'), detail: t('sync.upToDate.detail'), canRetry: true };
  }
}

const TABLE_LABELS: Record<SyncedTableName, MessageId> = {
  host_profiles: 'sync.table.hostProfiles',
  subscription_tiers: 'sync.table.subscriptionTiers',
  platform_settings: 'sync.table.platformSettings',
  display_settings: 'sync.table.displaySettings',
  properties: 'sync.table.properties',
  bookings: 'sync.table.bookings',
  property_access: 'sync.table.propertyAccess',
  housekeeping_staff: 'sync.table.housekeepingStaff',
  housekeeping_tasks: 'sync.table.housekeepingTasks',
  task_templates: 'sync.table.taskTemplates',
  guests: 'sync.table.guests',
  notifications: 'sync.table.notifications',
  calendar_feeds: 'sync.table.calendarFeeds',
  calendar_sync_jobs: 'sync.table.calendarSyncJobs',
  calendar_blocks: 'sync.table.calendarBlocks',
  inbox_messages: 'sync.table.inboxMessages',
  problem_reports: 'sync.table.problemReports',
};

/** The names of the fields a housekeeper's refused change most often carries; others read as their column name. */
const FIELD_LABELS: Readonly<Record<string, MessageId>> = {
  task_status: 'sync.field.taskStatus',
  notes: 'sync.field.notes',
  checklist_ops: 'sync.field.checklist',
  checklist_items: 'sync.field.checklist',
  task_title: 'sync.field.taskTitle',
  task_description: 'sync.field.taskDescription',
};

function fieldLabel(field: string): string {
  const id = Object.hasOwn(FIELD_LABELS, field) ? FIELD_LABELS[field] : undefined;
  return id ? t(id) : field.replace(/_/g, ' ');
}

/** "Task: change of task status, notes" — what a refused change was about. */
export function describeRejection(rejection: Rejection): string {
  const name = (Object.keys(SYNCED_TABLES) as SyncedTableName[]).find((n) => SYNCED_TABLES[n] === rejection.table);
  const what = name ? t(TABLE_LABELS[name]) : t('sync.table.unknown', { table: rejection.table });
  if (rejection.op === 'delete') return t('sync.rejection.deletion', { what });
  const fields = [...new Set(Object.keys(rejection.fields).map(fieldLabel))].join(', ');
  if (rejection.op === 'create') return fields ? t('sync.rejection.create', { what, fields }) : t('sync.rejection.createItem', { what });
  return fields ? t('sync.rejection.update', { what, fields }) : t('sync.rejection.updateItem', { what });
}

/**
 * What a refused change said, in the user's own words: each text it carried (a note, a title, a
 * checklist item's wording), so that it can be read, copied or applied again rather than lost.
 */
export function rejectionTexts(rejection: Pick<Rejection, 'fields'>): { field: string; text: string }[] {
  const out: { field: string; text: string }[] = [];
  for (const [field, value] of Object.entries(rejection.fields)) {
    if (typeof value === 'string' && value.trim() !== '' && !field.endsWith('_id') && !field.endsWith('_date') && !field.endsWith('_at')) {
      out.push({ field: fieldLabel(field), text: value });
    }
    if (field === 'checklist_ops' && Array.isArray(value)) {
      for (const op of value as { op?: string; text?: string; item?: { text?: string } }[]) {
        const text = op.op === 'rename' ? op.text : op.op === 'add' ? op.item?.text : undefined;
        if (text) out.push({ field: t('sync.field.checklistItem'), text });
      }
    }
  }
  return out;
}
