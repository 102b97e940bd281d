/** Writers of subscription tiers, platform settings and each user's display settings for the table API and sync. */
import { and, isNull, ne, sql } from 'drizzle-orm';
import { TABLE_IDS, requireTable } from '../../../../shared/registry';
import { settingValueError, settingValueProblem, type SettingType } from '../../../../shared/platform-settings';
import { hostProfiles, subscriptionTiers } from '../../../../shared/schema/tables';
import { updateRow, type Row, type Tx } from '../../db/write';
import { Conflict, ValidationFailed } from '../../errors';
import { decryptSecret, encryptSecret } from '../../lib/crypto';
import { plainWriter, type Writer } from '../../write/writer';

const SETTINGS = requireTable(TABLE_IDS.platform_settings);
const DISPLAY_SETTINGS = requireTable(TABLE_IDS.display_settings);
const TIERS = requireTable(TABLE_IDS.subscription_tiers);
const HOST_PROFILES = requireTable(TABLE_IDS.host_profiles);

// ── Subscription tiers ──────────────────────────────────────────────────────────────────────

/** The live tier named `name` (case and surrounding spaces ignored), other than `exceptId`. */
function tierNamed(tx: Tx, name: string, exceptId?: string): boolean {
  const conditions = [isNull(subscriptionTiers.deleted_at), sql`lower(trim(${subscriptionTiers.tier_name})) = ${name.trim().toLowerCase()}`];
  if (exceptId) conditions.push(ne(subscriptionTiers.id, exceptId));
  return tx.select({ id: subscriptionTiers.id }).from(subscriptionTiers).where(and(...conditions)).get() !== undefined;
}

/** Live host profiles on the tier (host profiles name their tier, case ignored). */
function hostsOnTier(tx: Tx, name: string): { id: string }[] {
  return tx
    .select({ id: hostProfiles.id })
    .from(hostProfiles)
    .where(and(isNull(hostProfiles.deleted_at), sql`lower(${hostProfiles.subscription_tier}) = ${name.toLowerCase()}`))
    .all();
}

/** Features are a list of non-empty lines. */
function tidyFeatures(values: Row): void {
  if (Array.isArray(values.features)) values.features = values.features.map((f) => String(f).trim()).filter((f) => f !== '');
}

function assertUniqueName(tx: Tx, name: string, exceptId?: string): void {
  if (tierNamed(tx, name, exceptId)) throw new ValidationFailed(`Invalid value for tier_name: a tier named "${name}" already exists`);
}

const baseTiers = plainWriter(TIERS);

/**
 * Tier names are unique (case ignored). Host profiles name their tier, so a rename carries its
 * hosts along, and a tier with hosts is deactivated (is_active false: no longer offered), never
 * removed.
 */
export const tierWriter: Writer = {
  ...baseTiers,
  audited: true,
  create: (tx, ctx, values) => {
    tidyFeatures(values);
    assertUniqueName(tx, String(values.tier_name));
    baseTiers.create(tx, ctx, values);
  },
  update: (tx, ctx, before, changes, after) => {
    tidyFeatures(changes);
    const oldName = String(before.tier_name);
    const newName = typeof changes.tier_name === 'string' ? changes.tier_name : oldName;
    const renamed = newName !== oldName;
    if (renamed) assertUniqueName(tx, newName, String(before.id));
    baseTiers.update(tx, ctx, before, changes, after);
    if (renamed) for (const host of hostsOnTier(tx, oldName)) updateRow(tx, HOST_PROFILES, host.id, { subscription_tier: newName }, ctx.now);
  },
  remove: (tx, ctx, before) => {
    const hosts = hostsOnTier(tx, String(before.tier_name)).length;
    if (hosts > 0) throw new Conflict(`The tier ${String(before.tier_name)} has ${hosts} host${hosts === 1 ? '' : 's'}: deactivate it instead, so that they keep it`);
    return baseTiers.remove(tx, ctx, before);
  },
};

// ── Platform settings ───────────────────────────────────────────────────────────────────────

/**
 * A setting's value must fit its type and its key's rule (shared/platform-settings.ts); 400 naming
 * the setting. An encrypted setting may be cleared; a stored encrypted value is not read back.
 */
function checkSetting(after: Row, changes: Row): void {
  const value = changes.setting_value;
  const typeChanged = changes.setting_type !== undefined;
  if (typeof value !== 'string' && !typeChanged) return;
  if (after.is_encrypted === true && (typeof value !== 'string' || value === '')) return;
  const stored = typeof value === 'string' ? value : String(after.setting_value ?? '');
  const setting = { setting_key: String(after.setting_key), setting_type: (after.setting_type ?? 'string') as SettingType };
  const problem = settingValueProblem(setting, stored);
  if (problem) throw new ValidationFailed(settingValueError(setting.setting_key, problem));
}

function decryptOrEmpty(key: Buffer, stored: string): string {
  try {
    return decryptSecret(key, stored);
  } catch {
    return '';
  }
}

/** Settings marked is_encrypted keep their value encrypted at rest (lib/crypto.ts). */
function sealSetting(changes: Row, before: Row | undefined, key: Buffer): void {
  const encrypted = (changes.is_encrypted ?? before?.is_encrypted) === true;
  if (typeof changes.setting_value === 'string') {
    if (encrypted && changes.setting_value !== '') changes.setting_value = encryptSecret(key, changes.setting_value);
    return;
  }
  if (before && changes.is_encrypted !== undefined && changes.is_encrypted !== before.is_encrypted) {
    const stored = typeof before.setting_value === 'string' ? before.setting_value : '';
    if (stored === '') return;
    changes.setting_value = encrypted ? encryptSecret(key, stored) : decryptOrEmpty(key, stored);
  }
}

const baseSettings = plainWriter(SETTINGS);

/** A setting remembers who changed it last, and keeps an encrypted value encrypted. */
export const platformSettingWriter: Writer = {
  ...baseSettings,
  audited: true,
  create: (tx, ctx, values) => {
    checkSetting(values, values);
    values.updated_by = ctx.actor.userId;
    sealSetting(values, undefined, ctx.secretKey);
    baseSettings.create(tx, ctx, values);
  },
  update: (tx, ctx, before, changes, after) => {
    checkSetting(after, changes);
    sealSetting(changes, before, ctx.secretKey);
    changes.updated_by = ctx.actor.userId;
    baseSettings.update(tx, ctx, before, changes, after);
  },
};

export const displaySettingsWriter: Writer = plainWriter(DISPLAY_SETTINGS);
