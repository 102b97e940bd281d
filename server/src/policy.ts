/**
 * The one authorization policy (docs/decisions.md, Ownership and scope; docs/architecture.md,
 * policy and route access): which role may do which operation on which table, which rows it may
 * see, and which fields it may write. The table API uses it now; sync push/pull, jobs and
 * integrations use the same functions, so a rule lives here and nowhere else.
 *
 * Denials: an operation a role may not do on a table at all is a 403 decided before the body is
 * looked at (`canOperate`); a row outside the caller's scope is a 404 so that its existence does
 * not leak (`assertRowInScope`).
 */
import { and, eq, inArray, isNull, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { TABLE_IDS, tableById, type TableDef } from '../../shared/registry';
import { SYNC_FIELDS, deviceFieldsOf } from '../../shared/device-fields';
import { housekeepingTasks, properties } from '../../shared/schema/tables';
import type { Role } from '../../shared/enums';
import { staffIdsOf, type Actor } from './actor';
import { columnsOf, getRowWhere, keyColumn, type Row, type RowColumns, type Tx } from './db/write';
import { Conflict, Forbidden, NotFound, ValidationFailed } from './errors';
import { setBounded } from './lib/bounded-map';
import { isTaskStatusMoveAllowed, taskStatusMoveError, type TaskStatus } from '../../shared/sync';
import { OPEN_TASK_STATUSES } from '../../shared/access-window';

export type Operation = 'read' | 'create' | 'update' | 'delete';

/**
 * Through which door a write comes. Route-only tables refuse create/update through the generic
 * table API and sync push alike, with one exception: the owner of a notification may mark it read
 * through sync (so that "mark read" works offline).
 */
export type Channel = 'table' | 'sync';

const ALL_OPS: readonly Operation[] = ['read', 'create', 'update', 'delete'];

/** How a role's visible rows are limited on one table. */
export type Scope =
  | 'all'
  /** host_id is the actor's host profile. */
  | 'own_host'
  /** user_id is the actor's user. */
  | 'own_user'
  /** The users row of the actor itself. */
  | 'self_user'
  /** The housekeeping_staff rows linked to the actor (one per host it works for). */
  | 'self_staff'
  /** Subscription tiers a host may choose from. */
  | 'active_tiers'
  /** Tasks whose assigned_staff_id is one of the actor's staff rows. */
  | 'assigned_tasks'
  /**
   * Tasks assigned to one of the actor's staff rows, or assigned to it until their last reassignment: the
   * rows a housekeeper's changes may reach (the work done before a reassignment is kept).
   */
  | 'assigned_or_previous_tasks'
  /** Properties with a live task assigned to one of the actor's staff rows. */
  | 'assigned_properties'
  /** Problem reports made by one of the actor's staff rows. */
  | 'own_reports'
  /**
   * Access details of a property where one of the actor's staff rows has a live task whose window is
   * open: from the day before it is scheduled until it is done (shared/access-window.ts).
   */
  | 'access_window';

type Grant = {
  ops: readonly Operation[];
  scope: Scope;
  /** The rows updates and deletes may reach, when wider than those read (`scope` otherwise). */
  writeScope?: Scope;
  /** Fields the role may write, per operation; absent: every field the entity schema allows. */
  fields?: Partial<Record<Operation, readonly string[]>>;
  /**
   * A new row's host is that of the property it names, which must be one the actor sees (a
   * housekeeper's problem report: she has no host profile of her own).
   */
  ownerFromProperty?: true;
};

/** What a host may change on its own host profile. */
export const HOST_PROFILE_FIELDS = ['company_name', 'phone_number', 'address'] as const;
/** What staff may change on a task assigned to it. */
export const STAFF_TASK_FIELDS = ['task_status', 'checklist_items', 'checklist_ops', 'notes'] as const;
/** What the owner of a notification may change (mark read). */
export const NOTIFICATION_OWNER_FIELDS = ['isRead'] as const;

/**
 * The audit log is append-only for everyone: it is the trail of admin actions, so no role may
 * rewrite or remove it, not even a super admin.
 */
const APPEND_ONLY = new Set<number>([TABLE_IDS.audit_log]);

/** Platform tables that super admins own; admins may read them. */
const SUPER_ADMIN_OWNED = new Set<number>([TABLE_IDS.subscription_tiers, TABLE_IDS.platform_settings]);

function superAdminGrant(def: TableDef): Grant {
  if (APPEND_ONLY.has(def.id)) return { ops: ['read'], scope: 'all' };
  return { ops: ALL_OPS, scope: 'all' };
}

function adminGrant(def: TableDef): Grant {
  if (APPEND_ONLY.has(def.id) || SUPER_ADMIN_OWNED.has(def.id)) return { ops: ['read'], scope: 'all' };
  return { ops: ALL_OPS, scope: 'all' };
}

function hostGrant(def: TableDef, actor: Actor): Grant | undefined {
  switch (def.id) {
    case TABLE_IDS.users:
      return { ops: ['read'], scope: 'self_user' };
    case TABLE_IDS.host_profiles:
      // Create is allowed for a host user that has no profile yet (the service answers 409 when
      // one exists); a host never deletes its profile.
      return { ops: ['read', 'create', 'update'], scope: 'own_user', fields: { create: HOST_PROFILE_FIELDS, update: HOST_PROFILE_FIELDS } };
    case TABLE_IDS.subscription_tiers:
      return { ops: ['read'], scope: 'active_tiers' };
    case TABLE_IDS.display_settings:
      return { ops: ['read', 'create', 'update'], scope: 'own_user' };
    case TABLE_IDS.notifications:
      return { ops: ['read', 'update', 'delete'], scope: 'own_user', fields: { update: NOTIFICATION_OWNER_FIELDS } };
    case TABLE_IDS.push_subscriptions:
      return { ops: ['read', 'delete'], scope: 'own_user' };
    case TABLE_IDS.paypal_subscriptions:
      return { ops: ['read'], scope: 'own_user' };
    case TABLE_IDS.problem_reports:
      // A report is what was said: the host acts on its maintenance task, and may remove a report, not rewrite it.
      return actor.hostProfileId ? { ops: ['read', 'create', 'delete'], scope: 'own_host' } : undefined;
  }
  // Every other user-owned table (credentials, partner and payment records) is an admin-area
  // table: hosts have no business there.
  if (def.owner === 'host_id') {
    // Without a host profile a host owns nothing yet: nothing to read or write.
    if (!actor.hostProfileId) return undefined;
    return { ops: ALL_OPS, scope: 'own_host' };
  }
  return undefined;
}

function staffGrant(def: TableDef, actor: Actor): Grant | undefined {
  switch (def.id) {
    case TABLE_IDS.users:
      return { ops: ['read'], scope: 'self_user' };
    case TABLE_IDS.display_settings:
      return { ops: ['read', 'create', 'update'], scope: 'own_user' };
    case TABLE_IDS.notifications:
      return { ops: ['read', 'update', 'delete'], scope: 'own_user', fields: { update: NOTIFICATION_OWNER_FIELDS } };
  }
  // The staff-row scopes need the links between the user and its housekeeping_staff rows.
  if (staffIdsOf(actor).length === 0) return undefined;
  switch (def.id) {
    case TABLE_IDS.housekeeping_tasks:
      return { ops: ['read', 'update'], scope: 'assigned_tasks', writeScope: 'assigned_or_previous_tasks', fields: { update: STAFF_TASK_FIELDS } };
    case TABLE_IDS.properties:
      return { ops: ['read'], scope: 'assigned_properties' };
    case TABLE_IDS.housekeeping_staff:
      return { ops: ['read'], scope: 'self_staff' };
    case TABLE_IDS.problem_reports:
      // Reported offline from a task or a property of hers; never changed or removed afterwards.
      return { ops: ['read', 'create'], scope: 'own_reports', ownerFromProperty: true };
    case TABLE_IDS.property_access:
      return { ops: ['read'], scope: 'access_window' };
  }
  return undefined;
}

function grantOf(actor: Actor | null | undefined, def: TableDef): Grant | undefined {
  if (!actor) return undefined;
  switch (actor.role) {
    case 'super_admin':
      return superAdminGrant(def);
    case 'admin':
      return adminGrant(def);
    case 'host':
      return hostGrant(def, actor);
    case 'staff':
      return staffGrant(def, actor);
  }
}

// ── Route operations ────────────────────────────────────────────────────────────────────────

const EVERYONE = ['super_admin', 'admin', 'host', 'staff'] as const satisfies readonly Role[];
const ADMINS = ['super_admin', 'admin'] as const satisfies readonly Role[];
const HOSTS_AND_ADMINS = ['super_admin', 'admin', 'host'] as const satisfies readonly Role[];

/**
 * What a route does when it is not a table read or write: each operation by name and the roles
 * that may perform it. Every API route names its operation, a table operation, or `public`
 * (server/src/plugins/access.ts checks it before the body is read); rows are then limited to the
 * caller's scope by the service, as for tables.
 */
export const ROUTE_OPERATIONS = {
  /** Read one's own session and change one's own password. */
  'account.own': EVERYONE,
  /** Push and pull one's own scope, and listen for pokes. */
  'sync.own': EVERYONE,
  /** List, mark read and clear one's own notifications. */
  'notifications.own': EVERYONE,
  /** Subscribe and unsubscribe one's own devices to Web Push. */
  'push.subscriptions': EVERYONE,
  /** Invite a staff member of one's own to sign in. */
  'staff.invite': ['host'],
  /** Switch the current host of a housekeeper who works for several. */
  'staff.hosts': ['staff'],
  /** Rebuild a host's guests from its bookings (a host its own; an admin names the host). */
  'guests.rebuild': HOSTS_AND_ADMINS,
  /** Add calendar feeds, run and list their sync jobs, read a property's calendar. */
  'calendar.feeds': HOSTS_AND_ADMINS,
  /** List and search hosts, and read one host's page (the admin console). */
  'hosts.read': ADMINS,
  /** Move a host to another subscription tier. */
  'hosts.plan': ADMINS,
  /** Activate or suspend a host's account. */
  'hosts.status': ADMINS,
  /** Read the billing history and the subscription revenue stats. */
  'billing.read': ADMINS,
  /** Read the admin dashboard's platform figures. */
  'admin.dashboard': ADMINS,
  /** Turn off a user's two-step sign-in (a lost phone); a super admin's only by a super admin. */
  'users.totp_reset': ADMINS,
  /** Download one's own data as an archive (modules/hosts/export.ts). */
  'host.export': ['host'],
  /** Sign a user out everywhere (admins.ts). */
  'users.sessions_revoke': ADMINS,
  /** List, invite, deactivate and reactivate admins. */
  'admins.manage': ['super_admin'],
  /** Send a test e-mail with the platform's SMTP settings. */
  'email.test': ADMINS,
  /** Read the outgoing mail queue (recipient, subject, status, attempts, last error). */
  'mail.read': ADMINS,
  /** Run a background job now. */
  'jobs.run': ['super_admin'],
  /** Read the PayPal configuration (without its secret) and the plan sync status. */
  'paypal.read': ADMINS,
  /** Save the PayPal credentials. */
  'paypal.configure': ['super_admin'],
  /** Create the PayPal product and plans of the active tiers. */
  'paypal.plans': ['super_admin'],
  /** Subscribe to a tier through PayPal and read one's own subscription and payments. */
  'paypal.subscribe': ['host'],
  /** Cancel a PayPal subscription (a host its own, a super admin any). */
  'paypal.cancel': ['host', 'super_admin'],
  /** Suspend, reactivate or change the plan of any PayPal subscription. */
  'paypal.manage': ['super_admin'],
  /** Read the platform's channel-partner (Tokeet) credentials, without the secret key. */
  'partner.read': ADMINS,
  /** Save the platform's channel-partner credentials. */
  'partner.configure': ADMINS,
  /** Connect, test, disconnect and sync one's own channel-partner account; read its rentals. */
  'partner.connect': ['host'],
  /** Read the channel-partner stats, sync log and rates (an admin: all; a host: its own). */
  'partner.stats': HOSTS_AND_ADMINS,
  /** Read a property's owner statement, as JSON, CSV or PDF (a host its own properties; an admin any). */
  'statements.read': HOSTS_AND_ADMINS,
  /** Upload, list and see the photos of a task: its host and its housekeeper only (modules/photos). */
  'photos.task': ['host', 'staff'],
} as const satisfies Record<string, readonly Role[]>;

export type RouteOperation = keyof typeof ROUTE_OPERATIONS;

/** May this actor perform the route operation? Anonymous callers may not (routes answer them 401). */
export function mayPerform(actor: Actor | null | undefined, operation: RouteOperation): boolean {
  if (!actor) return false;
  return (ROUTE_OPERATIONS[operation] as readonly Role[]).includes(actor.role);
}

/** Who a route is for: anyone, a route operation, or an operation on a table (named, or the `:table` of the path). */
export type RouteAccess = 'public' | { operation: RouteOperation } | { table: Operation; id?: number };

function routeOnlyAllows(def: TableDef, op: Operation, channel: Channel): boolean {
  if (!def.routeOnly || op === 'read' || op === 'delete') return true;
  return channel === 'sync' && def.id === TABLE_IDS.notifications && op === 'update';
}

/**
 * How the actor's rows of `def` are limited (undefined: it sees none). Callers that shape a read
 * or a command by it (sync pull, the guest rebuild) ask this instead of testing a role.
 */
export function scopeOf(actor: Actor | null | undefined, def: TableDef): Scope | undefined {
  return grantOf(actor, def)?.scope;
}

/**
 * May this actor perform `op` on `def` at all? False means 403, answered before the request body
 * is validated. Anonymous callers get false here; routes answer them 401 before asking.
 */
export function canOperate(actor: Actor | null | undefined, def: TableDef, op: Operation, channel: Channel = 'table'): boolean {
  const grant = grantOf(actor, def);
  if (!grant || !grant.ops.includes(op)) return false;
  return routeOnlyAllows(def, op, channel);
}

/** Someone listening for pokes: who they are, and the hosts whose rows they see (a host's own, a housekeeper's employers). */
export type Listener = { readonly actor: Actor; readonly hostIds: readonly string[] };

/**
 * Should this listener hear that rows of `def` owned by one of `owners` changed? Those who may read
 * the table and see every row of it, or whose own rows they are. A poke carries no data: a wrong
 * yes costs a pull that finds nothing, a wrong no a change seen at the next timed pull.
 */
export function hearsOf(listener: Listener, def: TableDef, owners: ReadonlySet<string>): boolean {
  const grant = grantOf(listener.actor, def);
  if (!grant || !grant.ops.includes('read')) return false;
  if (grant.scope === 'all' || def.owner === null) return true;
  if (def.owner === 'host_id') return listener.hostIds.some((id) => owners.has(id));
  return owners.has(listener.actor.userId);
}

export type WriteOperation = Exclude<Operation, 'read'>;

/**
 * One write's permission, decided once (`writePermit`) and then consulted by each step of the
 * write pipeline (server/src/write/pipeline.ts): which fields, whose rows, which row rules.
 */
export type WritePermit = {
  readonly actor: Actor;
  readonly def: TableDef;
  readonly op: WriteOperation;
  /**
   * The fields the caller may write, or null when the entity schema alone decides. A field
   * outside the list is a 403 naming it (`assertWritable`): the role may do the operation, but
   * not to that field, which is a permission and not a malformed body.
   */
  readonly fields: readonly string[] | null;
  /**
   * The caller's new rows are its own: the owner column is set from the caller and never taken
   * from the body. False for roles that see every row (admins), who name the owner.
   */
  readonly ownsNewRows: boolean;
  /** Which rows the write may reach (`rowToWrite`). */
  readonly scope: Scope;
  /** The new row's host is its property's (`Grant.ownerFromProperty`). */
  readonly ownerFromProperty: boolean;
};

/**
 * May this actor do `op` on `def` through `channel`? The permit when it may; otherwise 403
 * (answered before the body is looked at, by the routes that ask this first).
 */
export function writePermit(actor: Actor, def: TableDef, op: WriteOperation, channel: Channel = 'table'): WritePermit {
  const grant = grantOf(actor, def);
  if (!grant || !grant.ops.includes(op) || !routeOnlyAllows(def, op, channel)) throw new Forbidden(`You may not ${op} ${def.name}`);
  return {
    actor,
    def,
    op,
    fields: grant.fields?.[op] ?? null,
    ownsNewRows: grant.scope !== 'all',
    scope: grant.writeScope ?? grant.scope,
    ownerFromProperty: grant.ownerFromProperty === true,
  };
}

/** Throws 403 naming the first field of `fields` the permit does not cover. */
export function assertWritable(permit: WritePermit, fields: Iterable<string>): void {
  const allowed = permit.fields;
  if (!allowed) return;
  for (const field of fields) {
    if (!allowed.includes(field)) throw new Forbidden(`You may not change ${field}`);
  }
}

/**
 * Sets the owner column of a new row from the caller when its new rows are its own (a host's
 * host_id, a user's user_id). Answers false when the caller names the owner instead, which the
 * pipeline then checks exists.
 */
export function assignOwner(tx: Tx, permit: WritePermit, values: Row): boolean {
  const { def, actor } = permit;
  if (!def.owner || !permit.ownsNewRows) return false;
  if (permit.ownerFromProperty) {
    values.host_id = hostOfVisibleProperty(tx, actor, values.property_id);
    return true;
  }
  if (def.owner === 'host_id') {
    if (!actor.hostProfileId) throw new Forbidden('A host profile is required');
    values.host_id = actor.hostProfileId;
  } else {
    values.user_id = actor.userId;
  }
  return true;
}

const PROPERTIES = TABLE_IDS.properties;

/** The host of a property the actor sees; a property it does not see is a 400 naming the field, as any reference. */
function hostOfVisibleProperty(tx: Tx, actor: Actor, propertyId: unknown): string {
  const def = tableById(PROPERTIES);
  if (typeof propertyId !== 'string' || !def) throw new ValidationFailed('Invalid value for property_id: required');
  try {
    return String(assertRowInScope(tx, actor, def, propertyId).host_id);
  } catch (err) {
    if (err instanceof NotFound) throw new ValidationFailed('Invalid value for property_id: no such property');
    throw err;
  }
}

/** Matches no row; used when a scope has nothing to match on. */
const NOTHING: SQL = sql`0 = 1`;

function column(def: TableDef, name: string): SQLiteColumn {
  const col = columnsOf(def)[name];
  if (!col) throw new Error(`Table ${def.name} has no column ${name}`);
  return col;
}

/**
 * The actor ids a scope condition compares with; a staff user's rows enter as `staffId_0`,
 * `staffId_1`… (one per host it works for), so the statement's shape follows their number.
 */
export type ScopeParam = 'userId' | 'hostProfileId' | 'accessNow' | `staffId_${number}`;

/** How an actor id enters the SQL: as a bound value, or as a named placeholder (cached statements). */
export type Bind = (name: ScopeParam, value: string) => unknown;

/** The actor's staff rows bound one by one, or undefined when it has none. */
function staffList(actor: Actor, bind: Bind): unknown[] | undefined {
  const ids = staffIdsOf(actor);
  return ids.length === 0 ? undefined : ids.map((id, i) => bind(`staffId_${i}`, id));
}

function inStaff(col: SQLiteColumn, staff: unknown[]): SQL {
  return inArray(col, staff as (string | Placeholder)[]);
}

function scopeSql(scope: Scope, actor: Actor, def: TableDef, bind: Bind): SQL | undefined {
  switch (scope) {
    case 'all':
      return undefined;
    case 'own_host':
      return actor.hostProfileId ? eq(column(def, 'host_id'), bind('hostProfileId', actor.hostProfileId)) : NOTHING;
    case 'own_user':
      return eq(column(def, 'user_id'), bind('userId', actor.userId));
    case 'self_user':
      return eq(keyColumn(def), bind('userId', actor.userId));
    case 'active_tiers':
      return eq(column(def, 'is_active'), true);
  }
  const staff = staffList(actor, bind);
  if (!staff) return NOTHING;
  switch (scope) {
    case 'self_staff':
      return inStaff(keyColumn(def), staff);
    case 'assigned_tasks':
      return inStaff(column(def, 'assigned_staff_id'), staff);
    case 'assigned_or_previous_tasks':
      return or(inStaff(column(def, 'assigned_staff_id'), staff), inStaff(column(def, 'previous_staff_id'), staff));
    case 'own_reports':
      return inStaff(column(def, 'reported_by_staff_id'), staff);
    case 'assigned_properties':
      return sql`exists (select 1 from ${housekeepingTasks} where ${housekeepingTasks.property_id} = ${keyColumn(def)} and ${inStaff(housekeepingTasks.assigned_staff_id, staff)} and ${housekeepingTasks.deleted_at} is null)`;
    case 'access_window':
      return sql`exists (select 1 from ${housekeepingTasks} where ${housekeepingTasks.property_id} = ${column(def, 'property_id')} and ${inStaff(housekeepingTasks.assigned_staff_id, staff)} and ${housekeepingTasks.deleted_at} is null and ${accessWindowOpen(bind)})`;
  }
}

/**
 * A task's access window is open (shared/access-window.ts): not done yet, and scheduled no later
 * than tomorrow in its property's days (`access_opens_through`, server/src/db/index.ts), or not
 * scheduled at all. The instant is bound per request.
 */
export function accessWindowOpen(bind: Bind, now: Date = new Date()): SQL {
  const t = housekeepingTasks;
  const at = bind('accessNow', now.toISOString());
  return sql`${openTaskStatus()} and (${t.scheduled_date} is null or ${t.scheduled_date} <= ${accessOpensThroughSql(t.property_id, at)})`;
}

/** The task is not done yet (its status is one of OPEN_TASK_STATUSES, shared/access-window.ts). */
export function openTaskStatus(): SQL {
  return sql`${housekeepingTasks.task_status} in (${sql.join(
    OPEN_TASK_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  )})`;
}

/** The last scheduled date whose window is open at `at`, in the days of the property `propertyId` names. */
export function accessOpensThroughSql(propertyId: SQLiteColumn, at: unknown): SQL {
  return sql`access_opens_through((select ${properties.timezone} from ${properties} where ${properties.id} = ${propertyId}), ${at})`;
}

/**
 * The condition limiting `def`'s rows to what this actor may see, or undefined for every row.
 * A role with no access at all gets a condition matching nothing, so a caller that forgot
 * `canOperate` still leaks nothing. Tombstones are not filtered here (sync pull wants them).
 */
export function scopeWhere(actor: Actor | null | undefined, def: TableDef): SQL | undefined {
  const grant = grantOf(actor, def);
  if (!actor || !grant) return NOTHING;
  return scopeSql(grant.scope, actor, def, (_name, value) => value);
}

export type ScopeTemplate = {
  /** Same key, same SQL text: callers may cache a statement built from `where` under it. */
  key: string;
  /** The scope condition with the actor's ids as placeholders `scope_<param>`. */
  where: SQL | undefined;
  /** Values of the placeholders, keyed `scope_<param>`. */
  values: Record<string, string>;
  /** Its values hold an instant (the access window's): `scopeTemplate` binds the present one each time. */
  timed?: true;
};

/**
 * What a scope follows from: the role and every id a scope condition compares with (every staff
 * row of the actor, not only the current one: a link added or removed changes the scope). Two
 * actors with the same key have the same templates, and the same sync sources (sync/service.ts).
 */
export function scopeKeyOf(actor: Actor): string {
  return `${actor.role}|${actor.userId}|${actor.hostProfileId ?? ''}|${staffIdsOf(actor).join(',')}`;
}

/** The value of a template that holds the instant it is for (the access window's). */
export const ACCESS_NOW = 'scope_accessNow' satisfies `scope_${ScopeParam}`;

/** How many actors' templates (and sync sources) are kept; the oldest goes first. */
export const SCOPE_CACHE_ACTORS = 500;

/**
 * Templates per actor (by `scopeKeyOf`, across requests: every pull and every mutation of a push
 * asks for them, and building one costs more than the statement that uses it) and table. A timed
 * template is answered with the present instant.
 */
const templateCache = new Map<string, Map<string, ScopeTemplate>>();

/**
 * `scopeWhere` as a reusable statement part: the hot page path prepares it once per shape.
 * `which`: the rows read, or the rows writes may reach (wider for a housekeeper's tasks).
 */
export function scopeTemplate(actor: Actor | null | undefined, def: TableDef, which: 'read' | 'write' = 'read'): ScopeTemplate {
  if (!actor) return buildScopeTemplate(actor, def, which);
  const who = scopeKeyOf(actor);
  const byTable = templateCache.get(who) ?? setBounded(templateCache, who, new Map<string, ScopeTemplate>(), SCOPE_CACHE_ACTORS);
  const key = which === 'read' ? String(def.id) : `${def.id}:write`;
  const kept = byTable.get(key);
  // A timed template's SQL stays; its instant is bound afresh (as accessWindowOpen binds it).
  if (kept) return kept.timed ? { ...kept, values: { ...kept.values, [ACCESS_NOW]: new Date().toISOString() } } : kept;
  const template = buildScopeTemplate(actor, def, which);
  byTable.set(key, template);
  return template;
}

function buildScopeTemplate(actor: Actor | null | undefined, def: TableDef, which: 'read' | 'write'): ScopeTemplate {
  const grant = grantOf(actor, def);
  if (!actor || !grant) return { key: 'none', where: NOTHING, values: {} };
  const scope = which === 'write' ? (grant.writeScope ?? grant.scope) : grant.scope;
  const values: Record<string, string> = {};
  const where = scopeSql(scope, actor, def, (name, value) => {
    values[`scope_${name}`] = value;
    return sql.placeholder(`scope_${name}`);
  });
  const template: ScopeTemplate = { key: `${scope}:${Object.keys(values).sort().join(',')}`, where, values };
  if (ACCESS_NOW in values) template.timed = true;
  return template;
}

/** The statement key of each template's scope lookup, built once (a push looks up a row per mutation). */
const inScopeKeys = new WeakMap<ScopeTemplate, string>();

/**
 * The live row `id` of `def` if it is in the actor's scope; otherwise 404, whether it exists or
 * not. `columns` as getRowWhere's (the JSON columns left out when the caller reads none).
 */
export function assertRowInScope(tx: Tx, actor: Actor, def: TableDef, id: string, columns?: RowColumns, which: 'read' | 'write' = 'read'): Row {
  const scope = scopeTemplate(actor, def, which);
  let key = inScopeKeys.get(scope);
  if (key === undefined) inScopeKeys.set(scope, (key = `policy:in-scope:${def.id}|${scope.key}`));
  // Every update and delete runs this: compiled once per connection and (table, scope shape).
  const row = getRowWhere(
    tx,
    def,
    key,
    () => {
      const deleted = columnsOf(def).deleted_at;
      return and(eq(keyColumn(def), sql.placeholder('row_id')), deleted ? isNull(deleted) : undefined, scope.where);
    },
    { ...scope.values, row_id: id },
    columns,
  );
  if (!row) throw new NotFound(`No ${rowNoun(def)} with ID ${id} (it was deleted, or is not yours to ${which === 'write' ? 'change' : 'see'})`);
  return row;
}

/** A table's rows in words: housekeeping_tasks → "housekeeping task", properties → "property". */
function rowNoun(def: TableDef): string {
  return def.name.replace(/_/g, ' ').replace(/ies$/, 'y').replace(/s$/, '');
}

function isEarlierWork(task: Row, at: Date | undefined): boolean {
  const reassigned = typeof task.reassigned_at === 'string' ? Date.parse(task.reassigned_at) : NaN;
  return at !== undefined && Number.isFinite(reassigned) && at.getTime() < reassigned;
}

/** The live row a write may reach (the permit's write scope); otherwise 404, whether it exists or not. */
export function rowToWrite(tx: Tx, permit: WritePermit, id: string, columns?: RowColumns): Row {
  return assertRowInScope(tx, permit.actor, permit.def, id, columns, 'write');
}

/**
 * Value-level rules a field list cannot express. Admins manage users but may not create, promote
 * to, change or remove a super admin (that would let an admin raise itself above its role); no
 * one removes their own user row through the generic API (the last super admin could lock
 * everybody out).
 */
export function assertRowWrite(permit: WritePermit, before: Row | undefined, after: Row | undefined, at?: Date): void {
  const { actor, def, op } = permit;
  if (def.id === TABLE_IDS.housekeeping_tasks) {
    // A housekeeper reaches a task reassigned away from her only with work done before the
    // reassignment reached the server (her device's time of the change): that work is kept.
    const mine = staffIdsOf(actor);
    if (before && mine.length > 0 && !mine.includes(before.assigned_staff_id as string) && !isEarlierWork(before, at)) {
      throw new Conflict(`"${String(before.task_title)}" has been assigned to someone else; this change was made after that and was not applied`);
    }
    // Task status moves only forward for staff: an older offline edit never reopens a completed
    // task; a host or admin setting it back is the explicit reopen.
    const from = before?.task_status as TaskStatus | undefined;
    const to = after?.task_status as TaskStatus | undefined;
    if (op === 'update' && from && to && !isTaskStatusMoveAllowed(from, to, actor.role)) throw new Conflict(taskStatusMoveError(from, to));
    return;
  }
  if (def.id !== TABLE_IDS.users) return;
  if (actor.role === 'admin') {
    if (before?.Role === 'super_admin') throw new Forbidden('Only a super admin may change a super admin');
    if (after?.Role === 'super_admin') throw new Forbidden('Only a super admin may grant the super_admin role');
  }
  if (op === 'delete' && before?.[def.key] === actor.userId) throw new Forbidden('You cannot delete your own account');
}

/**
 * A row as a browser may see it: secret columns come back as null with `<col>_set`, users never
 * carry a password hash or a two-step secret at all, and settings marked `is_encrypted` hide their value the same way.
 * Returns the row itself when there is nothing to hide (the hot path of page).
 */
export function redactRow(def: TableDef, row: Row): Row {
  if (def.id === TABLE_IDS.users) {
    // Nor the two-step secret or its last step; totp_enabled stays (admins see who has it on).
    const { password_hash: _hidden, totp_secret_enc: _secret, totp_last_step: _step, ...rest } = row;
    return rest;
  }
  if (def.id === TABLE_IDS.platform_settings && row.is_encrypted === true) {
    return { ...row, setting_value: null, setting_value_set: typeof row.setting_value === 'string' && row.setting_value !== '' };
  }
  if (def.secret.length === 0) return row;
  const out: Row = { ...row };
  for (const col of def.secret) {
    // A column the read left out (shared/device-fields.ts) has nothing to hide, nor a flag to give.
    if (!(col in row)) continue;
    const value = row[col];
    out[col] = null;
    out[`${col}_set`] = value !== null && value !== undefined && value !== '';
  }
  return out;
}

/**
 * How the actor's reads of `def` are cut (shared/device-fields.ts): `fields`, the columns to read
 * (sync columns included), or null for every column; `hidden`, whether `redactRow` must still
 * run on the rows read; `key`, the same for every actor whose reads are cut alike (the statement
 * caches' key part). Sync pull and the table API's page read both ask this, so a field a role
 * does not receive is neither pulled nor paged, filtered or ordered by.
 */
export type ReadView = {
  readonly fields: readonly string[] | null;
  /** `fields` as a set, for checking the fields a page filters and orders by. */
  readonly fieldSet: ReadonlySet<string> | null;
  readonly hidden: boolean;
  readonly key: string;
};

const FULL_VIEW = new Map<TableDef, ReadView>();
/** Decided once per role and table: the lists are fixed. */
const views = new Map<Role, Map<TableDef, ReadView>>();

function fullView(def: TableDef): ReadView {
  let view = FULL_VIEW.get(def);
  if (!view) FULL_VIEW.set(def, (view = { fields: null, fieldSet: null, hidden: hasHiddenColumns(def), key: '' }));
  return view;
}

export function readView(actor: Actor, def: TableDef): ReadView {
  let byTable = views.get(actor.role);
  if (!byTable) views.set(actor.role, (byTable = new Map()));
  let view = byTable.get(def);
  if (!view) byTable.set(def, (view = buildReadView(actor.role, def)));
  return view;
}

function buildReadView(role: Role, def: TableDef): ReadView {
  // Tables no device keeps (users, the admin area's) are read whole, as the table API shows them.
  if (!def.synced) return fullView(def);
  const allowed = deviceFieldsOf(role, def.name);
  // A role the policy lets read a synced table must have its fields listed: no list is a bug,
  // and guessing "everything" would leak whatever a new grant reaches.
  if (!allowed) throw new Error(`shared/device-fields.ts lists no fields of ${def.name} for ${role}`);
  const columns = Object.keys(columnsOf(def));
  const wanted = new Set<string>([...SYNC_FIELDS, ...allowed]);
  const fields = columns.filter((c) => wanted.has(c));
  if (fields.length === columns.length) return fullView(def);
  const secret = def.id === TABLE_IDS.platform_settings ? ['setting_value'] : def.secret;
  return { fields, fieldSet: new Set(fields), hidden: secret.some((c) => fields.includes(c)), key: `fields=${role}` };
}

/** True when `redactRow` may change rows of this table (so the page path can skip it). */
export function hasHiddenColumns(def: TableDef): boolean {
  return def.secret.length > 0 || def.id === TABLE_IDS.platform_settings;
}

/**
 * The `<column>_set` flags `redactRow` may add to this table's rows: a client sending a row back
 * may carry them, and they are no fields to write.
 */
export function redactionFlags(def: TableDef): string[] {
  const flags = def.secret.map((c) => `${c}_set`);
  if (def.id === TABLE_IDS.platform_settings) flags.push('setting_value_set');
  return flags;
}
