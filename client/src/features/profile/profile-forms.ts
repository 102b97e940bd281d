/**
 * The profile page's form rules: the host profile fields (a host may change company_name,
 * phone_number and address; the server owns the rest), the password change, and the timezone choices. The
 * server re-checks everything; these catch slips before a change is queued or sent. Their texts are
 * in the active language (the `common` catalog, `profile.errors.*`).
 */
import { MIN_PASSWORD_LENGTH } from '../../auth/password-rules';
import { CURRENT_PASSWORD_INCORRECT } from '../../../../shared/messages';
import { t } from '../../i18n';

export type HostProfileFields = { company_name: string; phone_number: string; address: string };
export type HostProfileErrors = Partial<Record<keyof HostProfileFields, string>>;

const PHONE_CHARS = /^[\d\s()+.\-/x#*]*$/i;

export function validateHostProfile(fields: HostProfileFields): HostProfileErrors {
  const errors: HostProfileErrors = {};
  if (fields.company_name.trim().length > 500) errors.company_name = t('account.profile.errors.maxLength', { max: 500 });
  const phone = fields.phone_number.trim();
  if (phone.length > 50) errors.phone_number = t('account.profile.errors.maxLength', { max: 50 });
  else if (!PHONE_CHARS.test(phone)) errors.phone_number = t('account.profile.errors.phoneChars');
  else if (phone && phone.replace(/\D/g, '').length < 5) errors.phone_number = t('account.profile.errors.phoneShort');
  if (fields.address.trim().length > 500) errors.address = t('account.profile.errors.maxLength', { max: 500 });
  return errors;
}

/** Trimmed fields, and only those that differ from the stored row. */
export function profileChanges(stored: HostProfileFields | undefined, edited: HostProfileFields): Partial<HostProfileFields> {
  const next: HostProfileFields = { company_name: edited.company_name.trim(), phone_number: edited.phone_number.trim(), address: edited.address.trim() };
  if (!stored) return next;
  const out: Partial<HostProfileFields> = {};
  for (const key of ['company_name', 'phone_number', 'address'] as const) if (next[key] !== stored[key]) out[key] = next[key];
  return out;
}

export type PasswordFields = { currentPassword: string; newPassword: string; confirmPassword: string };
export type PasswordErrors = Partial<Record<keyof PasswordFields | 'form', string>>;

export function validatePasswordChange(fields: PasswordFields): PasswordErrors {
  const errors: PasswordErrors = {};
  if (!fields.currentPassword) errors.currentPassword = t('account.profile.errors.currentPasswordRequired');
  if (fields.newPassword.length < MIN_PASSWORD_LENGTH) errors.newPassword = t('account.profile.errors.minLength', { min: MIN_PASSWORD_LENGTH });
  else if (fields.newPassword === fields.currentPassword) errors.newPassword = t('account.profile.errors.passwordSame');
  if (fields.confirmPassword !== fields.newPassword) errors.confirmPassword = t('account.profile.errors.passwordsDiffer');
  return errors;
}

/** Where the server's refusal belongs: a wrong current password under that field, a field error under its field, the rest above. */
export function placePasswordError(message: string): PasswordErrors {
  if (message === CURRENT_PASSWORD_INCORRECT) return { currentPassword: message };
  const match = /^Invalid value for (currentPassword|newPassword): (.+)$/s.exec(message);
  if (match) {
    const reason = match[2] ?? message;
    return { [match[1] as 'currentPassword' | 'newPassword']: reason.charAt(0).toUpperCase() + reason.slice(1) };
  }
  return { form: message };
}

/** The browser's IANA zones, with UTC and the current choice always offered, sorted. */
export function timezoneOptions(supported: readonly string[], current: string): string[] {
  return [...new Set(['UTC', current, ...supported])].filter(Boolean).sort((a, b) => (a === 'UTC' ? -1 : b === 'UTC' ? 1 : a.localeCompare(b)));
}

export type AccountFields = { Name: string; Email: string };
export type AccountErrors = Partial<Record<keyof AccountFields | 'form', string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An admin's own name and e-mail (admins write their users row; the server re-checks both). */
export function validateAccount(fields: AccountFields): AccountErrors {
  const errors: AccountErrors = {};
  const name = fields.Name.trim();
  if (!name) errors.Name = t('account.profile.errors.nameRequired');
  else if (name.length > 500) errors.Name = t('account.profile.errors.maxLength', { max: 500 });
  if (!EMAIL.test(fields.Email.trim())) errors.Email = t('account.profile.errors.emailInvalid');
  return errors;
}

/** Trimmed fields that differ from the account (the e-mail compared without case: it is stored lower-cased). */
export function accountChanges(stored: AccountFields, edited: AccountFields): Partial<AccountFields> {
  const out: Partial<AccountFields> = {};
  if (edited.Name.trim() !== stored.Name) out.Name = edited.Name.trim();
  if (edited.Email.trim().toLowerCase() !== stored.Email.toLowerCase()) out.Email = edited.Email.trim().toLowerCase();
  return out;
}
