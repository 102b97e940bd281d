/**
 * The sync protocol (docs/decisions.md "Sync"; server side: server/src/modules/sync/README.md): the
 * wire shapes of push, pull and the event stream, and the one conflict rule both sides apply (task
 * status moves forward). The server validates requests with these schemas; the client engine builds
 * its outbox entries and reads answers with the same types.
 */
import { z } from 'zod';
import type { Role, TASK_STATUSES } from './enums';

export const MUTATION_OPS = ['create', 'update', 'delete'] as const;
export type MutationOp = (typeof MUTATION_OPS)[number];

export const PUSH_STATUSES = ['applied', 'duplicate', 'rejected'] as const;
export type PushStatus = (typeof PUSH_STATUSES)[number];

/** At most this many mutations per push; a longer outbox is pushed in several requests. */
export const MAX_PUSH_MUTATIONS = 1000;
/** Pull page size: default and upper bound of `limit`. */
export const DEFAULT_PULL_LIMIT = 1000;
export const MAX_PULL_LIMIT = 5000;
/**
 * Page size of a first sync (cursor 0): fewer, larger pages cost fewer requests, server page
 * queries and store transactions, and the bar still moves in steps of a few per cent for a large
 * account. Within MAX_PULL_LIMIT.
 */
export const FIRST_SYNC_PULL_LIMIT = 2500;

/**
 * Synced tables that the first part of a first sync carries whole (server/src/modules/sync/
 * first-part.ts): once it is stored, any screen may read them. Of the other tables it carries a
 * date window (stays, tasks, blocks) or the unread rows (messages), which only the screens made
 * for it read before the rest is in; the rest of the tables come with the rest.
 */
export const FIRST_PART_WHOLE_TABLES: readonly string[] = [
  'host_profiles',
  'subscription_tiers',
  'platform_settings',
  'display_settings',
  'properties',
  'property_access',
  'housekeeping_staff',
  'task_templates',
  'calendar_feeds',
];

/**
 * A dropped event stream is opened again after a delay drawn evenly between these bounds, each
 * time anew: when a server restarts (a deploy, a crash), every device's stream drops in the same
 * instant, and a fixed delay would bring them all back in the same instant too, each with a pull.
 * Spread over 2.5 s, they come back a few at a time. The server's `retry:` field names the upper
 * bound (the browser's own reconnect is not used: see client/src/sync/event-stream.ts).
 */
export const EVENTS_RETRY_MS = { min: 2500, max: 5000 } as const;

/** The delay before a dropped event stream is opened again (`random` in [0, 1)). */
export function eventsRetryDelay(random: () => number = Math.random): number {
  return EVENTS_RETRY_MS.min + random() * (EVENTS_RETRY_MS.max - EVENTS_RETRY_MS.min);
}

/** Event names of `GET /api/sync/events`. */
export const SYNC_EVENTS = {
  /** Sent once when the stream opens: `{ version }`, the server's current version. */
  ready: 'ready',
  /** Something in the caller's scope changed: pull. `{ version }` as of the change. */
  poke: 'poke',
} as const;

const Id = z.string().min(1).max(100);

export const MutationSchema = z.strictObject({
  /** UUIDv7 made by the client; results are matched to mutations by it. */
  id: Id,
  /** The pushing client; when present it must equal the request's clientId. */
  clientId: Id.optional(),
  /** 1, 2, 3… per client, in the order the user made the changes. */
  seq: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  /** Numeric table id (shared/table-ids.ts). */
  table: z.number().int().min(1).max(999_999),
  op: z.enum(MUTATION_OPS),
  /** The row's `id` (client-made on create, kept by the server). */
  rowId: Id,
  /** create: the record's fields; update: only the fields changed; delete: ignored. */
  fields: z.record(z.string().max(100), z.unknown()).default({}),
  /**
   * update: what the device showed for each field it changes when the user changed it (the
   * author's base). A field whose value on the server is neither this nor the new value was
   * changed meanwhile by someone else: both people are told (docs/decisions.md "Fields edited on
   * both sides"), and a whole checklist list is merged from it instead of replacing the list.
   */
  base: z.record(z.string().max(100), z.unknown()).optional(),
  /** When the user made the change (client clock; informative, the server orders by seq). */
  at: z.iso.datetime({ offset: true }),
});
export type Mutation = z.infer<typeof MutationSchema>;
/** A mutation as a client may send it (`fields` optional on delete). */
export type MutationInput = z.input<typeof MutationSchema>;

export const PushRequestSchema = z.strictObject({
  clientId: Id,
  mutations: z.array(MutationSchema).max(MAX_PUSH_MUTATIONS),
});
export type PushRequest = z.infer<typeof PushRequestSchema>;

export const PushResultSchema = z.object({
  id: z.string(),
  status: z.enum(PUSH_STATUSES),
  /** Why a mutation was rejected, in words a user can read (the table API's message). */
  error: z.string().optional(),
  /** The HTTP status the same write would have had through the table API (400, 403, 404, 409). */
  code: z.number().int().optional(),
});
export type PushResult = z.infer<typeof PushResultSchema>;

export const PushResponseSchema = z.object({
  /** The highest seq of this client the server has processed: the client drops mutations ≤ it. */
  lastSeq: z.number().int().min(0),
  /** One result per mutation of the request, in seq order. */
  results: z.array(PushResultSchema),
});
export type PushResponse = z.infer<typeof PushResponseSchema>;

export const ChangeSchema = z.object({
  table: z.number().int(),
  /** The row as the caller may see it; a tombstone carries its id, version and deleted_at. */
  row: z.record(z.string(), z.unknown()),
  deleted: z.boolean(),
});
export type Change = z.infer<typeof ChangeSchema>;

export const PullResponseSchema = z.object({
  /** Pass it back as `cursor` on the next pull. */
  cursor: z.number().int().min(0),
  /** More changes wait: pull again at once with the new cursor. */
  more: z.boolean(),
  /**
   * The server's version when this page was read: the sync is complete once the cursor reaches
   * it. A first sync draws its progress from it (cursor 0 → version), knowing that the cursor
   * jumps to `version` on the last page (rows are not numbered densely). This server always
   * sends it; optional so that a client meeting an older server (mid-deploy) still syncs, with an
   * indeterminate bar.
   */
  version: z.number().int().min(0).optional(),
  /** Drop every synced table first: these changes are a fresh start from cursor 0. */
  reset: z.boolean().optional(),
  /**
   * The first part of a first sync (asked for with `first_from`/`first_to`): the rows today's
   * screens read, read at `version`, the cursor left at 0. The client keeps that version and
   * sends it as `held` on every page of the rest, until the last one.
   */
  firstPart: z.literal(true).optional(),
  changes: z.array(ChangeSchema),
});
export type PullResponse = z.infer<typeof PullResponseSchema>;

export const SyncEventDataSchema = z.object({ version: z.number().int().min(0) });
export type SyncEventData = z.infer<typeof SyncEventDataSchema>;

/**
 * `POST /api/sync/events/ticket { clientId? }` → a single-use ticket to open the event stream with
 * (`GET /api/sync/events?ticket=`): an EventSource cannot send the Bearer header, and the session
 * token never goes into a URL.
 */
export const EventsTicketSchema = z.object({ ticket: z.string().min(1), expiresInSeconds: z.number().int().min(1) });
export type EventsTicket = z.infer<typeof EventsTicketSchema>;

// ── The conflict rule ────────────────────────────────────────────────────────────────────────

export type TaskStatus = (typeof TASK_STATUSES)[number];

/** How far along a task is; completed and cancelled are both final. */
const STATUS_RANK: Record<TaskStatus, number> = { pending: 0, in_progress: 1, completed: 2, cancelled: 2 };

/**
 * Whether a user of `role` may move a task from `from` to `to`: the one conflict rule on top of
 * field-level last-writer-wins.
 * Status only moves forward (pending → in_progress → completed, or on to cancelled) and a final
 * status stays, so an older offline edit never reopens a task someone completed. Hosts and
 * admins may set any status: their write is the explicit reopen.
 */
export function isTaskStatusMoveAllowed(from: TaskStatus, to: TaskStatus, role: Role): boolean {
  if (from === to || role !== 'staff') return true;
  if (STATUS_RANK[from] === 2) return false;
  return STATUS_RANK[to] >= STATUS_RANK[from];
}

/** The reason given when `isTaskStatusMoveAllowed` says no. */
export function taskStatusMoveError(from: TaskStatus, to: TaskStatus): string {
  const label = (s: TaskStatus) => s.replace('_', ' ');
  if (STATUS_RANK[from] === 2) return `Task is already ${label(from)}; only the host can reopen it`;
  return `Task is already ${label(from)}; it cannot go back to ${label(to)}`;
}

function sameValue(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/** A field one change set while another change had set it meanwhile: what was there, and what stays. */
export type FieldMet = { field: string; replaced: unknown; kept: unknown };

/**
 * The fields of an update that someone else changed after its author last saw them (a mutation's
 * `base`): the value on the row is neither what the author saw nor what the author writes. The
 * rule (docs/decisions.md "Fields edited on both sides"): the change that reaches the server last
 * is kept, as the device also shows it (its waiting change replayed over the server's row), and
 * both people are told the value it replaced. Fields with a rule of their own are left out:
 * `skip` (a task's status moves forward; checklists change by item).
 */
export function fieldsChangedMeanwhile(row: Readonly<Record<string, unknown>>, changes: Readonly<Record<string, unknown>>, base: Readonly<Record<string, unknown>> | undefined, skip: readonly string[] = []): FieldMet[] {
  if (!base) return [];
  const out: FieldMet[] = [];
  for (const [field, kept] of Object.entries(changes)) {
    if (skip.includes(field) || !(field in base) || !(field in row)) continue;
    const now = row[field];
    if (!sameValue(now, base[field]) && !sameValue(now, kept)) out.push({ field, replaced: now ?? null, kept });
  }
  return out;
}
