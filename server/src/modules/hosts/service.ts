/**
 * Admin actions on a host (routes.ts): move it to a tier, change its account status. Each is one
 * transaction with its audit entry. A smaller tier removes nothing: its limits only refuse new
 * properties and integrations past them (hosts/limits.ts). Existing bookings keep the commission
 * they were priced at; the new rate applies from their next write on.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { ACCOUNT_STATUSES } from '../../../../shared/enums';
import { TABLE_IDS, tableById, type TableDef } from '../../../../shared/registry';
import { hostProfiles } from '../../../../shared/schema/tables';
import { SUSPENDED, type Actor } from '../../actor';
import type { Db } from '../../db/index';
import { insertRow, nowIso, transact, updateRow, type Tx } from '../../db/write';
import { Forbidden, NotFound, ValidationFailed } from '../../errors';
import { mayPerform } from '../../policy';
import { findTier } from './limits';
import { revokeHostSessions } from '../auth/sessions';

function requireDef(id: number): TableDef {
  const def = tableById(id);
  if (!def) throw new Error(`Registry has no table ${id}`);
  return def;
}
const HOST_PROFILES = requireDef(TABLE_IDS.host_profiles);
const AUDIT_LOG = requireDef(TABLE_IDS.audit_log);

export type HostProfileRow = typeof hostProfiles.$inferSelect;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

function liveProfile(tx: Tx, hostId: string): HostProfileRow {
  const profile = tx
    .select()
    .from(hostProfiles)
    .where(and(eq(hostProfiles.id, hostId), isNull(hostProfiles.deleted_at)))
    .get();
  if (!profile) throw new NotFound(`No host profile with ID ${hostId}`);
  return profile;
}

function audit(tx: Tx, actor: Actor, action: string, hostId: string, details: Record<string, unknown>, now: Date): void {
  insertRow(tx, AUDIT_LOG, { actor_id: actor.userId, action, table_id: TABLE_IDS.host_profiles, entity_id: hostId, details, created_at: nowIso(now) }, now);
}

export type PlanInput = { tier: string; commission_rate?: number | undefined };

/** Moves a host to a tier; its commission rate becomes the tier's unless one is given. */
export function changeHostPlan(db: Db, actor: Actor, hostId: string, input: PlanInput, now: Date): HostProfileRow {
  if (!mayPerform(actor, 'hosts.plan')) throw new Forbidden();
  return transact(db, (tx) => {
    const before = liveProfile(tx, hostId);
    const tier = findTier(tx, input.tier);
    if (!tier) throw new ValidationFailed(`Invalid value for tier: no subscription tier named ${input.tier.slice(0, 100)}`);
    // A deactivated tier keeps its hosts (and their rate may change) but takes no new ones.
    if (!tier.is_active && tier.tier_name !== before.subscription_tier) throw new ValidationFailed(`Invalid value for tier: ${tier.tier_name} is no longer offered`);
    const rate = input.commission_rate ?? tier.commission_rate;
    const after = updateRow(tx, HOST_PROFILES, hostId, { subscription_tier: tier.tier_name, commission_rate: rate }, now) as HostProfileRow;
    audit(
      tx,
      actor,
      'host_plan',
      hostId,
      { from: { tier: before.subscription_tier, commission_rate: before.commission_rate }, to: { tier: tier.tier_name, commission_rate: rate } },
      now,
    );
    return after;
  });
}

/** Sets a host's account status (active, suspended, inactive). */
export function changeHostStatus(db: Db, actor: Actor, hostId: string, input: { account_status: AccountStatus }, now: Date): HostProfileRow {
  if (!mayPerform(actor, 'hosts.status')) throw new Forbidden();
  return transact(db, (tx) => {
    const before = liveProfile(tx, hostId);
    const after = updateRow(tx, HOST_PROFILES, hostId, { account_status: input.account_status }, now) as HostProfileRow;
    audit(tx, actor, 'host_status', hostId, { from: before.account_status, to: input.account_status }, now);
    // Suspended: the host's sessions and its housekeepers' end now (they are refused anyway while
    // it lasts; revoked, they stay ended after a reactivation and must sign in again).
    if (input.account_status === SUSPENDED && before.account_status !== SUSPENDED) revokeHostSessions(tx, hostId, now);
    return after;
  });
}
