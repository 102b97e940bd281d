/**
 * The subscription tier editor, as plain functions: the form's draft, its check with the entity
 * schema the server applies (shared/schema/entities.ts) plus the unique name, the fields to
 * write, the writes that move a tier up or down, and each tier's hosts and monthly revenue.
 */
import { SubscriptionTierSchemas } from '../../../../shared/schema/entities';
import { fromCents, toCents } from '../../../../shared/money';
import type { SubscriptionTier } from '../../data/tables';
import { t, type MessageId } from '../../i18n';

export type TierDraft = {
  tier_name: string;
  monthly_price: number | null;
  yearly_price: number | null;
  properties_limit: number | null;
  commission_rate: number | null;
  ota_integrations: number | null;
  support_level: string;
  features: string[];
  is_active: boolean;
};

export type TierErrors = Partial<Record<keyof TierDraft, string>>;

export const SUPPORT_LEVELS = ['email', 'chat', 'priority'] as const;

export function emptyDraft(): TierDraft {
  return { tier_name: '', monthly_price: null, yearly_price: 0, properties_limit: 1, commission_rate: 10, ota_integrations: 1, support_level: 'email', features: [], is_active: true };
}

export function draftOf(tier: SubscriptionTier): TierDraft {
  return {
    tier_name: tier.tier_name,
    monthly_price: tier.monthly_price,
    yearly_price: tier.yearly_price,
    properties_limit: tier.properties_limit,
    commission_rate: tier.commission_rate,
    ota_integrations: tier.ota_integrations,
    support_level: tier.support_level,
    features: [...tier.features],
    is_active: tier.is_active,
  };
}

const LABELS: Record<keyof TierDraft, MessageId> = {
  tier_name: 'admin.tierForm.field.name',
  monthly_price: 'admin.tierForm.field.monthlyPrice',
  yearly_price: 'admin.tierForm.field.yearlyPrice',
  properties_limit: 'admin.tierForm.field.propertiesLimit',
  commission_rate: 'admin.tierForm.field.commission',
  ota_integrations: 'admin.tierForm.field.otaIntegrations',
  support_level: 'admin.tierForm.field.supportLevel',
  features: 'admin.tierForm.field.features',
  is_active: 'admin.tierForm.field.offered',
};

/** The fields written for a draft (features trimmed, empty lines dropped), before the check. */
export function tierFields(draft: TierDraft): Record<string, unknown> {
  return {
    tier_name: draft.tier_name.trim(),
    monthly_price: draft.monthly_price,
    yearly_price: draft.yearly_price,
    properties_limit: draft.properties_limit,
    commission_rate: draft.commission_rate,
    ota_integrations: draft.ota_integrations,
    support_level: draft.support_level.trim(),
    features: draft.features.map((f) => f.trim()).filter((f) => f !== ''),
    is_active: draft.is_active,
  };
}

/**
 * The draft's problems, by field: what the server's schema refuses (prices 0 or more, limits at
 * least 1, …), an empty number box, and a name another tier has (case ignored).
 */
export function validateTier(draft: TierDraft, tiers: readonly SubscriptionTier[], editingId?: string): TierErrors {
  const errors: TierErrors = {};
  const fields = tierFields(draft);
  for (const key of ['monthly_price', 'yearly_price', 'properties_limit', 'commission_rate', 'ota_integrations'] as const) {
    if (draft[key] === null) errors[key] = t('admin.tierForm.required', { field: t(LABELS[key]) });
  }
  const parsed = SubscriptionTierSchemas.create.safeParse({ id: editingId ?? 'new', ...fields });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path[0];
      if (typeof key !== 'string' || !(key in LABELS)) continue;
      const field = key as keyof TierDraft;
      errors[field] ??= issue.message.startsWith('Invalid') || issue.message.startsWith('Too') ? t('admin.tierForm.notValid', { field: t(LABELS[field]) }) : t('admin.tierForm.problem', { field: t(LABELS[field]), problem: issue.message });
    }
  }
  if (!draft.support_level.trim()) errors.support_level = t('admin.tierForm.required', { field: t(LABELS.support_level) });
  const name = draft.tier_name.trim().toLowerCase();
  if (name && tiers.some((t) => t.id !== editingId && t.tier_name.trim().toLowerCase() === name)) errors.tier_name = t('admin.tierForm.nameTaken', { name: draft.tier_name.trim() });
  return errors;
}

/** The sort_order writes that move `id` one place up (-1) or down (+1); the order is renumbered 1…n when needed. */
export function moveTier(tiers: readonly SubscriptionTier[], id: string, step: -1 | 1): { id: string; sort_order: number }[] {
  const ordered = [...tiers].sort((a, b) => a.sort_order - b.sort_order || a.tier_name.localeCompare(b.tier_name));
  const from = ordered.findIndex((t) => t.id === id);
  const to = from + step;
  if (from < 0 || to < 0 || to >= ordered.length) return [];
  const [moved] = ordered.splice(from, 1);
  if (!moved) return [];
  ordered.splice(to, 0, moved);
  return ordered.map((t, i) => ({ id: t.id, sort_order: i + 1 })).filter((w) => tiers.find((t) => t.id === w.id)?.sort_order !== w.sort_order);
}

export type TierStats = { hosts: number; paying: number; monthlyRevenue: number };

/**
 * A tier's hosts (profiles naming it, case ignored) and its monthly revenue: the hosts whose
 * subscription is active, times the tier's monthly price (docs/decisions.md "Tier revenue").
 */
export function tierStats(tier: Pick<SubscriptionTier, 'tier_name' | 'monthly_price'>, hosts: readonly { subscription_tier: string; subscription_status: string }[]): TierStats {
  const name = tier.tier_name.trim().toLowerCase();
  const on = hosts.filter((h) => h.subscription_tier.trim().toLowerCase() === name);
  const paying = on.filter((h) => h.subscription_status === 'active').length;
  return { hosts: on.length, paying, monthlyRevenue: fromCents(paying * toCents(tier.monthly_price)) };
}
