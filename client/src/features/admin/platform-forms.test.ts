import { beforeAll, describe, expect, it } from 'vitest';
import { loadNamespace } from '../../i18n';
import { ApiError } from '../../api/http';
import type { SubscriptionTier } from '../../data/tables';
import { changedSettings, emailTestToast, initialDrafts, settingErrors, smtpUsable, type SettingRow } from './settings-form';
import { draftOf, emptyDraft, moveTier, tierFields, tierStats, validateTier } from './tier-form';

// The texts are in the `admin` catalog, which the admin area loads.
beforeAll(() => loadNamespace('admin'));

function setting(key: string, type: 'number' | 'string' | 'boolean', value: string | null, extra: Partial<SettingRow> = {}): SettingRow {
  return {
    id: `s-${key}`,
    setting_key: key,
    setting_name: key,
    setting_value: value as string,
    setting_type: type,
    category: 'general',
    description: '',
    is_encrypted: false,
    updated_by: null,
    version: 1,
    updated_at: '2025-01-01T00:00:00.000Z',
    deleted_at: null,
    ...extra,
  };
}

describe('settings form', () => {
  const rows = [
    setting('default_commission_rate', 'number', '10.0'),
    setting('smtp_enabled', 'boolean', 'false'),
    setting('smtp_host', 'string', ''),
    setting('smtp_username', 'string', ''),
    setting('smtp_password', 'string', null, { is_encrypted: true, setting_value_set: true }),
    setting('currency', 'string', 'USD'),
  ];

  it('starts from the stored values, an encrypted one empty, and changes only what differs', () => {
    const drafts = initialDrafts(rows);
    expect(drafts['s-smtp_password']).toBe('');
    expect(changedSettings(rows, drafts)).toEqual([]);
    const edited = { ...drafts, 's-currency': 'EUR', 's-smtp_password': 'pw', 's-default_commission_rate': ' 12 ' };
    expect(changedSettings(rows, edited).map((c) => [c.row.setting_key, c.value])).toEqual([
      ['default_commission_rate', '12'],
      ['smtp_password', 'pw'],
      ['currency', 'EUR'],
    ]);
  });

  it('checks changed values with the server rules, naming the setting', () => {
    const drafts = { ...initialDrafts(rows), 's-default_commission_rate': 'ten', 's-currency': 'usd' };
    expect(settingErrors(rows, drafts)).toEqual({
      's-default_commission_rate': 'default_commission_rate must be a number.',
      's-currency': 'currency must be a three-letter currency code such as USD.',
    });
  });

  it('knows when SMTP is usable (enabled, host and username set)', () => {
    expect(smtpUsable(rows)).toBe(false);
    const ready = rows.map((r) => (r.setting_key === 'smtp_enabled' ? { ...r, setting_value: 'true' } : r.setting_key === 'smtp_host' || r.setting_key === 'smtp_username' ? { ...r, setting_value: 'x' } : r));
    expect(smtpUsable(ready)).toBe(true);
  });

  it('ends a test e-mail with the spec §8 toasts', () => {
    expect(emailTestToast('sent')).toEqual({ title: 'Email Sent', description: 'Email sent successfully to the recipients', variant: 'success' });
    expect(emailTestToast('not-configured')).toEqual({ title: 'Email Configuration Error', description: 'SMTP is not configured or disabled. Please contact your administrator.', variant: 'destructive' });
    expect(emailTestToast({ error: new ApiError('x', 400, 'SMTP settings are not configured properly') })).toMatchObject({ title: 'Configuration Error', description: 'SMTP settings are not configured properly' });
    expect(emailTestToast({ error: new ApiError('x', 500, 'Failed to send email. Please try again or contact support.') })).toMatchObject({ title: 'Email Failed' });
    expect(emailTestToast({ error: new ApiError('x', 0) })).toMatchObject({ title: 'Email Failed', description: 'Failed to send email. Please try again or contact support.' });
  });
});

function tier(name: string, sort: number, extra: Partial<SubscriptionTier> = {}): SubscriptionTier {
  return {
    id: `t-${name}`,
    tier_name: name,
    monthly_price: 10,
    yearly_price: 100,
    properties_limit: 1,
    features: [],
    commission_rate: 10,
    ota_integrations: 1,
    support_level: 'email',
    is_active: true,
    sort_order: sort,
    version: 1,
    updated_at: '2025-01-01T00:00:00.000Z',
    deleted_at: null,
    ...extra,
  };
}

describe('tier form', () => {
  const tiers = [tier('basic', 1), tier('pro', 2, { monthly_price: 49.99 }), tier('enterprise', 3)];

  it('refuses negative prices, limits under 1, empty boxes and a taken name, per field', () => {
    const draft = { ...emptyDraft(), tier_name: ' PRO ', monthly_price: -1, yearly_price: null, properties_limit: 0 };
    const errors = validateTier(draft, tiers);
    expect(errors.tier_name).toBe('A tier named "PRO" already exists.');
    expect(errors.monthly_price).toBe('Monthly price must be 0 or more.');
    expect(errors.yearly_price).toBe('Yearly price is required.');
    expect(errors.properties_limit).toBe('Properties limit must be at least 1.');
    expect(validateTier(draftOf(tiers[1] as SubscriptionTier), tiers, 't-pro')).toEqual({});
  });

  it('writes trimmed names and features without empty lines', () => {
    expect(tierFields({ ...draftOf(tiers[0] as SubscriptionTier), tier_name: ' starter ', features: [' A ', '', 'B'] })).toMatchObject({ tier_name: 'starter', features: ['A', 'B'] });
  });

  it('moves a tier by renumbering only the tiers whose place changes', () => {
    expect(moveTier(tiers, 't-enterprise', -1)).toEqual([
      { id: 't-enterprise', sort_order: 2 },
      { id: 't-pro', sort_order: 3 },
    ]);
    expect(moveTier(tiers, 't-basic', -1)).toEqual([]);
    expect(moveTier([tier('a', 0), tier('b', 0)], 't-b', -1)).toEqual([
      { id: 't-b', sort_order: 1 },
      { id: 't-a', sort_order: 2 },
    ]);
  });

  it('counts the hosts on a tier and its monthly revenue from the active subscriptions', () => {
    const hosts = [
      { subscription_tier: 'Pro', subscription_status: 'active' },
      { subscription_tier: 'pro', subscription_status: 'active' },
      { subscription_tier: 'pro', subscription_status: 'cancelled' },
      { subscription_tier: 'basic', subscription_status: 'active' },
    ];
    expect(tierStats(tiers[1] as SubscriptionTier, hosts)).toEqual({ hosts: 3, paying: 2, monthlyRevenue: 99.98 });
  });
});
