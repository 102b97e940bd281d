/**
 * A host's plan against its limits, counted as the server counts them: properties_limit counts the
 * non-archived properties; ota_integrations counts the distinct platforms of its calendar feeds
 * (a connected channel partner counts too, on the server: the host cannot see that row).
 */
type TierLike = { id: string; tier_name: string; monthly_price: number; yearly_price: number; properties_limit: number; ota_integrations: number };

/** The host profile names its tier by name ("pro"), older rows by id: either matches. */
export function currentTier<T extends TierLike>(tiers: readonly T[], subscriptionTier: string): T | undefined {
  const wanted = subscriptionTier.trim().toLowerCase();
  return tiers.find((t) => t.tier_name.trim().toLowerCase() === wanted) ?? tiers.find((t) => t.id === subscriptionTier);
}

export type Usage = { used: number; limit: number; ratio: number; atLimit: boolean; over: boolean };

function usage(used: number, limit: number): Usage {
  return { used, limit, ratio: limit <= 0 ? 1 : Math.min(1, used / limit), atLimit: used >= limit, over: used > limit };
}

export function propertyUsage(properties: readonly { status: string }[], limit: number): Usage {
  return usage(properties.filter((p) => p.status !== 'archived').length, limit);
}

/** Distinct feed platforms, compared trimmed and without case, as the server counts them. */
export function otaPlatforms(feeds: readonly { platform: string }[]): string[] {
  return [...new Set(feeds.map((f) => f.platform.trim().toLowerCase()).filter(Boolean))].sort();
}

export function otaUsage(feeds: readonly { platform: string }[], limit: number): Usage {
  return usage(otaPlatforms(feeds).length, limit);
}

/** What paying yearly saves against twelve monthly payments, in whole percent (0 when nothing). */
export function yearlySavingPercent(tier: Pick<TierLike, 'monthly_price' | 'yearly_price'>): number {
  const twelve = tier.monthly_price * 12;
  if (twelve <= 0 || tier.yearly_price <= 0 || tier.yearly_price >= twelve) return 0;
  return Math.round(((twelve - tier.yearly_price) / twelve) * 100);
}

/** Plans larger than the current one (by sort order, as the admin lists them). */
export function upgradesFrom<T extends TierLike & { sort_order: number }>(tiers: readonly T[], current: T | undefined): T[] {
  if (!current) return [...tiers];
  return tiers.filter((t) => t.sort_order > current.sort_order);
}

/**
 * The tier's features without the lines that restate its own limit columns ("Up to 5 properties",
 * "5 OTA channel connections", "Email support"): the card shows those from the columns, which are
 * what the server enforces, so a stale feature text cannot contradict them on screen.
 */
export function extraFeatures(features: readonly string[]): string[] {
  return features.filter((f) => {
    const text = f.trim().toLowerCase();
    return !(/^(up to )?\d+ (propert|ota |booking-site )/.test(text) || /^[\w ]*support$/.test(text));
  });
}
