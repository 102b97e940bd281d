/** Writers of platform settings and each user's display settings for the table API and sync. */
import { TABLE_IDS, requireTable } from '../../../../shared/registry';
import type { Row } from '../../db/write';
import { decryptSecret, encryptSecret } from '../../lib/crypto';
import { plainWriter, type Writer } from '../../write/writer';

const SETTINGS = requireTable(TABLE_IDS.platform_settings);
const DISPLAY_SETTINGS = requireTable(TABLE_IDS.display_settings);

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
    values.updated_by = ctx.actor.userId;
    sealSetting(values, undefined, ctx.secretKey);
    baseSettings.create(tx, ctx, values);
  },
  update: (tx, ctx, before, changes, after) => {
    sealSetting(changes, before, ctx.secretKey);
    changes.updated_by = ctx.actor.userId;
    baseSettings.update(tx, ctx, before, changes, after);
  },
};

export const displaySettingsWriter: Writer = plainWriter(DISPLAY_SETTINGS);
