/**
 * Subscription tier limits (docs/decisions.md, Rules read literally): a host's tier is the
 * subscription_tiers row whose tier_name is its profile's subscription_tier.
 * - properties_limit counts the host's live, non-archived properties;
 * - ota_integrations counts the distinct platforms of its live calendar feeds, plus one for a
 *   connected channel partner.
 * A limit only refuses what would go past it (403 naming the limit and the tier); moving a host to
 * a smaller tier never removes anything. A host whose tier has no row is not limited: the
 * platform has not defined that tier.
 */
import { and, count, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { calendarFeeds, hostProfiles, partnerCredentials, partnerOauthTokens, properties, subscriptionTiers } from '../../../../shared/schema/tables';
import type { Tx } from '../../db/write';
import { Forbidden } from '../../errors';

/** The platform key a connected channel partner takes among a host's OTA integrations. */
export const CHANNEL_PARTNER_PLATFORM = 'channel-partner';

export type HostTier = {
  tier_name: string;
  properties_limit: number;
  ota_integrations: number;
  commission_rate: number;
};

export type HostLimits = { hostId: string; userId: string; tier: HostTier | undefined };

/** The host's tier row, or undefined when the profile or the tier does not exist. */
export function hostLimits(tx: Tx, hostId: string): HostLimits | undefined {
  const profile = tx
    .select({ user_id: hostProfiles.user_id, subscription_tier: hostProfiles.subscription_tier })
    .from(hostProfiles)
    .where(and(eq(hostProfiles.id, hostId), isNull(hostProfiles.deleted_at)))
    .get();
  if (!profile) return undefined;
  return { hostId, userId: profile.user_id, tier: findTier(tx, profile.subscription_tier) };
}

/** A live tier by name (case-insensitive: "Pro" and "pro" are one tier) or by id. */
export function findTier(tx: Tx, nameOrId: string): (HostTier & { id: string; is_active: boolean }) | undefined {
  const key = nameOrId.trim();
  return tx
    .select({
      id: subscriptionTiers.id,
      tier_name: subscriptionTiers.tier_name,
      properties_limit: subscriptionTiers.properties_limit,
      ota_integrations: subscriptionTiers.ota_integrations,
      commission_rate: subscriptionTiers.commission_rate,
      is_active: subscriptionTiers.is_active,
    })
    .from(subscriptionTiers)
    .where(and(isNull(subscriptionTiers.deleted_at), sql`(lower(${subscriptionTiers.tier_name}) = lower(${key}) or ${subscriptionTiers.id} = ${key})`))
    .orderBy(subscriptionTiers.sort_order, subscriptionTiers.id)
    .get();
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

export function activePropertyCount(tx: Tx, hostId: string): number {
  return (
    tx
      .select({ n: count() })
      .from(properties)
      .where(and(eq(properties.host_id, hostId), isNull(properties.deleted_at), ne(properties.status, 'archived')))
      .get()?.n ?? 0
  );
}

/** 403 when one more non-archived property would pass the host's properties_limit. */
export function assertPropertyLimit(tx: Tx, hostId: string): void {
  const tier = hostLimits(tx, hostId)?.tier;
  if (!tier) return;
  const used = activePropertyCount(tx, hostId);
  if (used + 1 > tier.properties_limit) {
    throw new Forbidden(
      `The ${tier.tier_name} plan allows ${plural(tier.properties_limit, 'property', 'properties')} (archived ones do not count) and ${used} ${used === 1 ? 'is' : 'are'} in use: archive one or move to a larger plan to add another`,
    );
  }
}

function normalizePlatform(platform: string): string {
  return platform.trim().toLowerCase();
}

/** The OTA integrations a host uses: distinct feed platforms, plus the channel partner when connected. */
export function otaPlatformsInUse(tx: Tx, hostId: string): string[] {
  const platforms = new Set(
    tx
      .select({ platform: calendarFeeds.platform })
      .from(calendarFeeds)
      .where(and(eq(calendarFeeds.host_id, hostId), isNull(calendarFeeds.deleted_at)))
      .groupBy(calendarFeeds.platform)
      .all()
      .map((r) => normalizePlatform(r.platform)),
  );
  const limits = hostLimits(tx, hostId);
  if (limits && isPartnerConnected(tx, limits.userId)) platforms.add(CHANNEL_PARTNER_PLATFORM);
  return [...platforms].sort();
}

/** A channel partner counts as connected when is_active is set and an access token is present. */
function isPartnerConnected(tx: Tx, userId: string): boolean {
  const credentials = tx
    .select({ id: partnerCredentials.id })
    .from(partnerCredentials)
    .where(and(eq(partnerCredentials.user_id, userId), isNull(partnerCredentials.deleted_at), eq(partnerCredentials.is_active, true), isNotNull(partnerCredentials.access_token)))
    .get();
  if (credentials) return true;
  const token = tx
    .select({ id: partnerOauthTokens.id })
    .from(partnerOauthTokens)
    .where(and(eq(partnerOauthTokens.user_id, userId), isNull(partnerOauthTokens.deleted_at), eq(partnerOauthTokens.is_active, true), isNotNull(partnerOauthTokens.access_token)))
    .get();
  return token !== undefined;
}

/**
 * 403 when connecting `platform` (a calendar feed's platform, or CHANNEL_PARTNER_PLATFORM) would
 * pass the host's ota_integrations. A platform already in use costs nothing more. For the calendar
 * and partner modules, inside their write transaction.
 */
export function assertOtaIntegrationAllowed(tx: Tx, hostId: string, platform: string): void {
  const tier = hostLimits(tx, hostId)?.tier;
  if (!tier) return;
  const used = otaPlatformsInUse(tx, hostId);
  const wanted = normalizePlatform(platform);
  if (used.includes(wanted)) return;
  if (used.length + 1 > tier.ota_integrations) {
    throw new Forbidden(
      `The ${tier.tier_name} plan allows ${plural(tier.ota_integrations, 'OTA integration', 'OTA integrations')}${used.length > 0 ? ` (in use: ${used.join(', ')})` : ''}: move to a larger plan to connect ${wanted}`,
    );
  }
}
