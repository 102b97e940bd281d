/**
 * The platform settings form, as plain functions: drafts per setting, their check with the rules
 * the server applies (shared/platform-settings.ts), the changes to write, and which spec §8 toast
 * a test e-mail ends with.
 */
import { settingValueProblem, type SettingType } from '../../../../shared/platform-settings';
import { SMTP_NOT_CONFIGURED_PROPERLY } from '../../../../shared/messages';
import { t } from '../../i18n';
import { ApiError } from '../../api/http';
import type { PlatformSetting } from '../../data/tables';

/** A setting as a browser holds it: an encrypted one comes back with no value and `setting_value_set`. */
export type SettingRow = PlatformSetting & { setting_value_set?: boolean };

/** What the form holds per setting id; an encrypted setting's draft is a new value ('' keeps it). */
export type SettingDrafts = Record<string, string>;

export function isSecretSet(s: SettingRow): boolean {
  return s.setting_value_set === true || (s.is_encrypted && typeof s.setting_value === 'string' && s.setting_value !== '');
}

export function initialDrafts(rows: readonly SettingRow[]): SettingDrafts {
  return Object.fromEntries(rows.map((s) => [s.id, s.is_encrypted ? '' : (s.setting_value ?? '')]));
}

/** The settings whose draft differs from what is stored: an encrypted one when a new value is typed. */
export function changedSettings(rows: readonly SettingRow[], drafts: SettingDrafts): { row: SettingRow; value: string }[] {
  const out: { row: SettingRow; value: string }[] = [];
  for (const row of rows) {
    const draft = drafts[row.id];
    if (draft === undefined) continue;
    if (row.is_encrypted ? draft !== '' : draft !== (row.setting_value ?? '')) out.push({ row, value: row.setting_type === 'number' ? draft.trim() : draft });
  }
  return out;
}

/** Problems per setting id, with the server's rules; an untouched encrypted setting has none. */
export function settingErrors(rows: readonly SettingRow[], drafts: SettingDrafts): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const { row, value } of changedSettings(rows, drafts)) {
    const problem = settingValueProblem({ setting_key: row.setting_key, setting_type: row.setting_type as SettingType }, value);
    if (problem) errors[row.id] = t('admin.settings.valueProblem', { name: row.setting_name || row.setting_key, problem });
  }
  return errors;
}

/** SMTP is usable only when smtp_enabled, smtp_host and smtp_username are all set (spec §5). */
export function smtpUsable(rows: readonly SettingRow[]): boolean {
  const value = (key: string) => rows.find((r) => r.setting_key === key)?.setting_value ?? '';
  return value('smtp_enabled') === 'true' && value('smtp_host').trim() !== '' && value('smtp_username').trim() !== '';
}

export type EmailToast = { title: string; description: string; variant: 'success' | 'destructive' };

/**
 * The toast of a test e-mail (spec §8): sent; "Email Configuration Error" when the stored SMTP
 * settings are off or incomplete (checked before asking); "Configuration Error" when the server
 * finds them unusable; "Email Failed" when sending failed.
 */
export function emailTestToast(outcome: 'sent' | 'not-configured' | { error: unknown }): EmailToast {
  if (outcome === 'sent') return { title: t('admin.settings.emailSent'), description: t('admin.settings.emailSentText'), variant: 'success' };
  if (outcome === 'not-configured') return { title: t('admin.settings.emailConfigError'), description: t('admin.settings.emailNotConfigured'), variant: 'destructive' };
  const { error } = outcome;
  if (error instanceof ApiError && error.status === 400 && error.serverMessage === SMTP_NOT_CONFIGURED_PROPERLY) {
    return { title: t('admin.settings.configurationError'), description: t('admin.settings.smtpNotConfigured'), variant: 'destructive' };
  }
  return { title: t('admin.settings.emailFailed'), description: t('admin.settings.emailFailedText'), variant: 'destructive' };
}
