import { describe, expect, it } from 'vitest';
import { PLATFORM_SETTINGS } from './platform-defaults';
import { defaultCommissionOf, displayDefaultsOf, settingValueError, settingValueProblem } from './platform-settings';

const num = (key: string) => ({ setting_key: key, setting_type: 'number' as const });
const str = (key: string) => ({ setting_key: key, setting_type: 'string' as const });

describe('settingValueProblem', () => {
  it('accepts every default value', () => {
    for (const s of PLATFORM_SETTINGS) expect(settingValueProblem(s, s.setting_value), s.setting_key).toBeUndefined();
  });

  it('checks the type', () => {
    expect(settingValueProblem(num('x'), '1e3')).toBe('must be a number');
    expect(settingValueProblem(num('x'), '')).toBe('must be a number');
    expect(settingValueProblem(num('x'), ' -2.5 ')).toBeUndefined();
    expect(settingValueProblem({ setting_key: 'x', setting_type: 'boolean' }, 'True')).toBe('must be true or false');
    expect(settingValueProblem(str('x'), '')).toBeUndefined();
  });

  it('checks the rules of known settings', () => {
    expect(settingValueProblem(num('default_commission_rate'), '100.5')).toBe('must be between 0 and 100');
    expect(settingValueProblem(num('smtp_port'), '0')).toBe('must be between 1 and 65535');
    expect(settingValueProblem(num('smtp_port'), '25.5')).toBe('must be a whole number');
    expect(settingValueProblem(str('currency'), 'usd')).toContain('three-letter');
    // Three letters are not enough: the code must be ISO 4217.
    expect(settingValueProblem(str('currency'), 'XQZ')).toContain('three-letter');
    expect(settingValueProblem(str('currency'), 'JPY')).toBeUndefined();
    expect(settingValueProblem(str('timezone'), 'Europe/Nowhere')).toContain('IANA');
    expect(settingValueProblem(str('timezone'), 'America/Chicago')).toBeUndefined();
    expect(settingValueProblem(str('date_format'), 'DD MMM YYYY')).toBeUndefined();
    expect(settingValueProblem(str('time_format'), '24h')).toBe('must be 12-hour or 24-hour');
    expect(settingValueProblem(str('smtp_from_email'), 'nobody')).toBe('must be an e-mail address');
    expect(settingValueProblem(str('platform_name'), '  ')).toBe('must not be empty');
    expect(settingValueError('currency', 'must be x')).toBe('Invalid value for currency: must be x');
  });
});

describe('what new hosts and accounts take from the settings', () => {
  it('reads the display defaults, falling back to spec §9', () => {
    expect(displayDefaultsOf({})).toEqual({ timezone: 'UTC', dateFormat: 'MM/DD/YYYY', timeFormat: '12h', use24Hour: false });
    expect(displayDefaultsOf({ timezone: 'Asia/Tokyo', date_format: 'YYYY-MM-DD', time_format: '24-hour' })).toEqual({ timezone: 'Asia/Tokyo', dateFormat: 'YYYY-MM-DD', timeFormat: '24h', use24Hour: true });
    expect(displayDefaultsOf({ timezone: 'Nowhere', date_format: 'YY' })).toMatchObject({ timezone: 'UTC', dateFormat: 'MM/DD/YYYY' });
  });

  it('reads the default commission, 10 when unset or unusable', () => {
    expect(defaultCommissionOf({ default_commission_rate: '12.5' })).toBe(12.5);
    expect(defaultCommissionOf({ default_commission_rate: '0' })).toBe(0);
    expect(defaultCommissionOf({})).toBe(10);
    expect(defaultCommissionOf({ default_commission_rate: '' })).toBe(10);
    expect(defaultCommissionOf({ default_commission_rate: '250' })).toBe(10);
  });
});
