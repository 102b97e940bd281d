/**
 * Platform data every install needs, demo or not: the tiers of spec §9 and the platform settings
 * with their defaults (shared/platform-defaults.ts). Written at startup when missing, so a real
 * install (DEMO=off) has a tier for its first host and an SMTP card to fill in; the demo seed
 * writes the same rows first (with its own ids) through `insertPlatformRows`.
 *
 * Idempotent: tiers are written only when the table has never held a row (a super admin who
 * removes every tier does not get them back); a setting is written when no row, live or removed,
 * has its key (the key is unique).
 */
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import { TABLE_IDS, requireTable } from '../../../../shared/registry';
import { PLATFORM_SETTINGS, PLATFORM_TIERS } from '../../../../shared/platform-defaults';
import { defaultCommissionOf, displayDefaultsOf } from '../../../../shared/platform-settings';
import { DEFAULT_CURRENCY, isCurrencyCode } from '../../../../shared/money';
import { displaySettings, platformSettings, subscriptionTiers } from '../../../../shared/schema/tables';
import type { Db } from '../../db/index';
import { insertRow, transact, type Row, type Tx } from '../../db/write';
import { ValidationFailed } from '../../errors';

const TIERS = requireTable(TABLE_IDS.subscription_tiers);
const SETTINGS = requireTable(TABLE_IDS.platform_settings);
const DISPLAY_SETTINGS = requireTable(TABLE_IDS.display_settings);

/** The default rows, ids left to the writer (a real install) or given by the caller (the demo). */
export function platformDefaultRows(): { subscription_tiers: Row[]; platform_settings: Row[] } {
  return {
    subscription_tiers: PLATFORM_TIERS.map((tier, i) => ({
      tier_name: tier.key,
      monthly_price: tier.monthly_price,
      yearly_price: tier.yearly_price,
      properties_limit: tier.properties_limit,
      features: [...tier.features],
      commission_rate: tier.commission_rate,
      ota_integrations: tier.ota_integrations,
      support_level: tier.support_level,
      is_active: true,
      sort_order: i + 1,
    })),
    platform_settings: PLATFORM_SETTINGS.map((s) => ({ ...s, updated_by: null })),
  };
}

export type PlatformRowsResult = { tiers: number; settings: number };

/** Writes the tiers when the table never held one, and each setting whose key has no row. */
export function insertPlatformRows(tx: Tx, rows: { subscription_tiers: readonly Row[]; platform_settings: readonly Row[] }, now: Date): PlatformRowsResult {
  let tiers = 0;
  if ((tx.select({ n: count() }).from(subscriptionTiers).get()?.n ?? 0) === 0) {
    for (const row of rows.subscription_tiers) {
      insertRow(tx, TIERS, { ...row }, now);
      tiers += 1;
    }
  }
  const present = new Set(tx.select({ key: platformSettings.setting_key }).from(platformSettings).all().map((r) => r.key));
  let settings = 0;
  for (const row of rows.platform_settings) {
    if (present.has(String(row.setting_key))) continue;
    insertRow(tx, SETTINGS, { ...row }, now);
    settings += 1;
  }
  return { tiers, settings };
}

/** At every start (app.ts): the platform defaults that are missing, in one transaction. */
export function ensurePlatformDefaults(db: Db, now: Date): PlatformRowsResult {
  // Immediate: two processes starting on one new database take turns, and the second finds the rows.
  return transact(db, (tx) => insertPlatformRows(tx, platformDefaultRows(), now), 'immediate');
}

/** The live, unencrypted settings as key → value (encrypted ones are never read here). */
export function plainSettingValues(tx: Tx): Record<string, string> {
  const rows = tx
    .select({ key: platformSettings.setting_key, value: platformSettings.setting_value })
    .from(platformSettings)
    .where(and(isNull(platformSettings.deleted_at), eq(platformSettings.is_encrypted, false)))
    .all();
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

/** The tier a new host starts on (spec §9: basic), taken from the first one offered when basic is not. */
export const DEFAULT_TIER = 'basic';

export function defaultTierName(tx: Tx): string {
  const offered = tx
    .select({ name: subscriptionTiers.tier_name })
    .from(subscriptionTiers)
    .where(and(isNull(subscriptionTiers.deleted_at), eq(subscriptionTiers.is_active, true)))
    .orderBy(asc(subscriptionTiers.sort_order), asc(subscriptionTiers.tier_name))
    .all();
  const basic = offered.find((t) => t.name.trim().toLowerCase() === DEFAULT_TIER);
  return basic?.name ?? offered[0]?.name ?? DEFAULT_TIER;
}

/** The currency of a new property: the platform's `currency` setting when it is a known code, else USD. */
export function defaultCurrency(tx: Tx): string {
  const value = plainSettingValues(tx).currency;
  return isCurrencyCode(value) ? value : DEFAULT_CURRENCY;
}

/**
 * Settles the `currency` of a row being written (docs/decisions.md "Money"): a given value must be
 * an ISO 4217 code (400 naming currency); on create, none given (or empty) takes `fallback()`.
 * An update that names no currency keeps the stored one.
 */
export function settleCurrency(row: Row, creating: boolean, fallback: () => string): void {
  const given = row.currency;
  if (given === undefined || given === null || given === '') {
    if (creating) row.currency = fallback();
    else delete row.currency;
    return;
  }
  if (!isCurrencyCode(given)) throw new ValidationFailed('Invalid value for currency: must be an ISO 4217 currency code such as USD, EUR or JPY');
}

/** The commission rate of a new host: the platform's default_commission_rate (spec §9). */
export function defaultCommissionRate(tx: Tx): number {
  return defaultCommissionOf(plainSettingValues(tx));
}

/**
 * A new account's display settings, from the platform's general settings (timezone, date and
 * time format), unless it has a row already. Called wherever a user is created.
 */
export function createDefaultDisplaySettings(tx: Tx, userId: string, now: Date): void {
  const existing = tx.select({ id: displaySettings.id }).from(displaySettings).where(eq(displaySettings.user_id, userId)).get();
  if (existing) return;
  insertRow(tx, DISPLAY_SETTINGS, { user_id: userId, ...displayDefaultsOf(plainSettingValues(tx)) }, now);
}
