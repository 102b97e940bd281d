/**
 * Rules of the platform settings shared by the settings form and the server's writer
 * (server/src/modules/platform/writers.ts): a value must fit its setting_type, and the known
 * settings have a narrower rule of their own. Also how the general settings become the display
 * settings of a new account.
 */
import { isCurrencyCode } from './money';
import { DATE_FORMATS } from './enums';
import { isDateFormat, isTimeZone, type DateFormat } from './format/dates';

export type SettingType = 'number' | 'string' | 'boolean';

/** The values the time_format setting takes (spec §9: 12-hour time by default). */
export const TIME_FORMAT_SETTINGS = ['12-hour', '24-hour'] as const;

const NUMBER_RE = /^-?\d+(\.\d+)?$/;
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Rule = (value: string) => string | undefined;

const inRange =
  (min: number, max: number, integer = false): Rule =>
  (value) => {
    const n = Number(value);
    if (integer && !Number.isInteger(n)) return 'must be a whole number';
    return n < min || n > max ? `must be between ${min} and ${max}` : undefined;
  };

/** Rules of particular settings, after the type check. */
const KEY_RULES: Readonly<Record<string, Rule>> = {
  default_commission_rate: inRange(0, 100),
  smtp_port: inRange(1, 65535, true),
  // An ISO 4217 code Intl knows: new properties take it (docs/decisions.md "Money").
  currency: (v) => (isCurrencyCode(v) ? undefined : 'must be a three-letter currency code such as USD'),
  timezone: (v) => (isTimeZone(v) ? undefined : 'must be an IANA time zone name such as UTC or Europe/Paris'),
  date_format: (v) => (isDateFormat(v) ? undefined : `must be one of ${DATE_FORMATS.join(', ')}`),
  time_format: (v) => ((TIME_FORMAT_SETTINGS as readonly string[]).includes(v) ? undefined : `must be ${TIME_FORMAT_SETTINGS.join(' or ')}`),
  platform_name: (v) => (v.trim() ? undefined : 'must not be empty'),
  smtp_from_email: (v) => (v === '' || EMAIL_RE.test(v) ? undefined : 'must be an e-mail address'),
};

/**
 * Why `value` is no valid value of the setting, or undefined when it is. An encrypted setting
 * may be cleared (empty); a number must be written as digits, a boolean as true or false.
 */
export function settingValueProblem(setting: { setting_key: string; setting_type: SettingType }, value: string): string | undefined {
  if (setting.setting_type === 'number') {
    if (!NUMBER_RE.test(value.trim())) return 'must be a number';
  } else if (setting.setting_type === 'boolean') {
    if (value !== 'true' && value !== 'false') return 'must be true or false';
  }
  return KEY_RULES[setting.setting_key]?.(setting.setting_type === 'number' ? value.trim() : value);
}

/** The error the server answers for a refused setting value (400), naming the setting. */
export function settingValueError(key: string, problem: string): string {
  return `Invalid value for ${key}: ${problem}`;
}

export type DisplayDefaults = { timezone: string; dateFormat: DateFormat; timeFormat: '12h' | '24h'; use24Hour: boolean };

/** The display settings a new account starts with, from the general settings (spec §9 defaults when unset). */
export function displayDefaultsOf(settings: Readonly<Record<string, string | undefined>>): DisplayDefaults {
  const timezone = settings.timezone && isTimeZone(settings.timezone) ? settings.timezone : 'UTC';
  const dateFormat = settings.date_format && isDateFormat(settings.date_format) ? settings.date_format : 'MM/DD/YYYY';
  const use24Hour = settings.time_format === '24-hour';
  return { timezone, dateFormat, timeFormat: use24Hour ? '24h' : '12h', use24Hour };
}

/** The commission rate a new host starts with: the default_commission_rate setting, else 10 (spec §9). */
export function defaultCommissionOf(settings: Readonly<Record<string, string | undefined>>): number {
  const rate = Number(settings.default_commission_rate);
  return settings.default_commission_rate !== undefined && settings.default_commission_rate.trim() !== '' && Number.isFinite(rate) && rate >= 0 && rate <= 100 ? rate : 10;
}
