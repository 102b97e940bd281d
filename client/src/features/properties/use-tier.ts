import { TABLE } from '../../data/tables';
import { useRows } from '../../data/use-rows';
import { propertyLimit, type TierLimit } from './property-rules';
import { useHostProfile, useProperties } from '../../data/common-rows';

/** The host's standing against its tier's properties_limit, from the local store (undefined while unknown). */
export function usePropertyLimit(): TierLimit | undefined {
  const profile = useHostProfile();
  const tiers = useRows(TABLE.subscription_tiers, { PageSize: 100 });
  const properties = useProperties();
  if (!profile || tiers.status !== 'success' || properties.status !== 'success') return undefined;
  const name = profile.subscription_tier.toLowerCase();
  const tier = tiers.rows.find((t) => t.tier_name.toLowerCase() === name || t.id === profile.subscription_tier);
  return propertyLimit(properties.rows, tier);
}
