/**
 * What the admin Tokeet page and the host Channels page read: integration stats, the sync log
 * (newest first, 50 by default), the host's synced rentals with their mapping, and the rates kept
 * for one of its properties. An admin sees the whole platform; a host only its own rows.
 */
import { and, asc, count, desc, eq, gte, isNotNull, isNull, type SQL } from 'drizzle-orm';
import { partnerBookings, partnerMessages, partnerOauthTokens, partnerProperties, partnerRates, partnerSyncLogs, properties } from '../../../../shared/schema/tables';
import { fromMinor } from '../../../../shared/money';
import type { PartnerLog, PartnerStats } from '../../../../shared/api/partner';
import type { Actor } from '../../actor';
import type { Db } from '../../db/index';
import { NotFound } from '../../errors';

/** null: every user (an admin); else the host's own user id. */
function ownerOf(actor: Actor): string | null {
  return actor.role === 'host' ? actor.userId : null;
}

function countOf(db: Db, table: typeof partnerProperties | typeof partnerBookings | typeof partnerMessages, owner: string | null, extra?: SQL): number {
  const where = and(isNull(table.deleted_at), owner ? eq(table.user_id, owner) : undefined, extra);
  return db.select({ n: count() }).from(table).where(where).get()?.n ?? 0;
}

export function partnerStats(db: Db, actor: Actor): PartnerStats {
  const owner = ownerOf(actor);
  const tokens = db
    .selectDistinct({ user_id: partnerOauthTokens.user_id })
    .from(partnerOauthTokens)
    .where(and(isNull(partnerOauthTokens.deleted_at), eq(partnerOauthTokens.is_active, true), isNotNull(partnerOauthTokens.access_token), owner ? eq(partnerOauthTokens.user_id, owner) : undefined))
    .all();
  const last = db
    .select({ started_at: partnerSyncLogs.started_at, status: partnerSyncLogs.status })
    .from(partnerSyncLogs)
    .where(and(isNull(partnerSyncLogs.deleted_at), owner ? eq(partnerSyncLogs.user_id, owner) : undefined))
    .orderBy(desc(partnerSyncLogs.started_at))
    .limit(1)
    .get();
  return {
    connected_hosts: tokens.length,
    properties: countOf(db, partnerProperties, owner),
    mapped_properties: countOf(db, partnerProperties, owner, isNotNull(partnerProperties.local_property_id)),
    bookings: countOf(db, partnerBookings, owner),
    messages: countOf(db, partnerMessages, owner),
    last_sync_at: last?.started_at ?? null,
    last_sync_status: last?.status ?? null,
  };
}

export function partnerLogs(db: Db, actor: Actor, limit: number): PartnerLog[] {
  const owner = ownerOf(actor);
  return db
    .select({
      id: partnerSyncLogs.id,
      user_id: partnerSyncLogs.user_id,
      sync_type: partnerSyncLogs.sync_type,
      operation: partnerSyncLogs.operation,
      status: partnerSyncLogs.status,
      error_message: partnerSyncLogs.error_message,
      record_count: partnerSyncLogs.record_count,
      started_at: partnerSyncLogs.started_at,
      completed_at: partnerSyncLogs.completed_at,
    })
    .from(partnerSyncLogs)
    .where(and(isNull(partnerSyncLogs.deleted_at), owner ? eq(partnerSyncLogs.user_id, owner) : undefined))
    .orderBy(desc(partnerSyncLogs.started_at), desc(partnerSyncLogs.id))
    .limit(limit)
    .all();
}

export function hostPartnerProperties(db: Db, actor: Actor) {
  return db
    .select({
      id: partnerProperties.id,
      tokeet_property_id: partnerProperties.tokeet_property_id,
      local_property_id: partnerProperties.local_property_id,
      property_name: partnerProperties.property_name,
      property_type: partnerProperties.property_type,
      rooms_count: partnerProperties.rooms_count,
      max_guests: partnerProperties.max_guests,
      last_synced: partnerProperties.last_synced,
      not_imported_reason: partnerProperties.not_imported_reason,
    })
    .from(partnerProperties)
    .where(and(eq(partnerProperties.user_id, actor.userId), isNull(partnerProperties.deleted_at)))
    .orderBy(asc(partnerProperties.property_name))
    .all();
}

/** Rates from today on of a property the caller may see (a host its own; an admin any); 404 otherwise. */
export function propertyRates(db: Db, actor: Actor, propertyId: string, today: string) {
  const property = db.select({ host_id: properties.host_id }).from(properties).where(and(eq(properties.id, propertyId), isNull(properties.deleted_at))).get();
  const mine = actor.role !== 'host' || (property && property.host_id === actor.hostProfileId);
  if (!property || !mine) throw new NotFound('Property not found');
  return db
    .select({ date: partnerRates.date, nightly: partnerRates.nightly, currency: partnerRates.currency, name: partnerRates.name })
    .from(partnerRates)
    .where(and(eq(partnerRates.property_id, propertyId), gte(partnerRates.date, today)))
    .orderBy(asc(partnerRates.date))
    .limit(400)
    .all()
    .map((r) => ({ ...r, nightly: fromMinor(r.nightly, r.currency) }));
}
