/**
 * The SMTP settings: platform_settings rows of category 'smtp'. The password row is
 * stored encrypted (is_encrypted) and decrypted only here, on the way to the transport.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { platformSettings } from '../../../../shared/schema/tables';
import type { Tx } from '../../db/write';
import { decryptSecret } from '../../lib/crypto';

export const DEFAULT_FROM_NAME = 'Staykeep';

export type SmtpSettings = {
  enabled: boolean;
  host: string;
  port: number;
  secure: boolean;
  username: string;
  /** Undefined when the row is missing; a decryption failure is reported as `passwordError`. */
  password?: string;
  passwordError?: string;
  fromEmail: string;
  fromName: string;
};

function isTrue(value: string | undefined): boolean {
  return ['true', '1', 'yes', 'on'].includes((value ?? '').trim().toLowerCase());
}

export function loadSmtpSettings(db: Tx, secretKey: Buffer): SmtpSettings {
  const rows = db
    .select()
    .from(platformSettings)
    .where(and(eq(platformSettings.category, 'smtp'), isNull(platformSettings.deleted_at)))
    .all();
  const byKey = new Map(rows.map((r) => [r.setting_key, r]));
  const value = (key: string): string => byKey.get(key)?.setting_value.trim() ?? '';

  const secure = isTrue(value('smtp_secure'));
  const port = Number.parseInt(value('smtp_port'), 10);
  const settings: SmtpSettings = {
    enabled: isTrue(value('smtp_enabled')),
    host: value('smtp_host'),
    port: Number.isInteger(port) && port > 0 && port < 65536 ? port : secure ? 465 : 587,
    secure,
    username: value('smtp_username'),
    fromEmail: value('smtp_from_email'),
    fromName: value('smtp_from_name') || DEFAULT_FROM_NAME,
  };

  const passwordRow = byKey.get('smtp_password');
  if (passwordRow && passwordRow.setting_value !== '') {
    if (passwordRow.is_encrypted) {
      try {
        settings.password = decryptSecret(secretKey, passwordRow.setting_value);
      } catch (err) {
        // A key change makes the stored password unreadable: a send failure, not a fallback to dev.
        settings.passwordError = err instanceof Error ? err.message : String(err);
      }
    } else {
      settings.password = passwordRow.setting_value;
    }
  }
  return settings;
}

/** SMTP is usable only if smtp_enabled, smtp_host and smtp_username are all set (otherwise mail is only logged). */
export function isSmtpUsable(settings: SmtpSettings): boolean {
  return settings.enabled && settings.host !== '' && settings.username !== '';
}
