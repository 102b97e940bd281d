/**
 * What every install starts with, demo or not (spec §9): the three subscription tiers and the
 * platform settings with their defaults. The server writes them when its database has none
 * (server/src/modules/platform/defaults.ts); the demo generator reuses them.
 */
export type TierSpec = {
  key: string;
  monthly_price: number;
  yearly_price: number;
  properties_limit: number;
  commission_rate: number;
  ota_integrations: number;
  support_level: string;
  features: string[];
};

/** The tiers of spec §9; tier_name is the key host profiles store (default 'basic'). */
export const PLATFORM_TIERS: readonly TierSpec[] = [
  {
    key: 'basic',
    monthly_price: 29.99,
    yearly_price: 299.99,
    properties_limit: 1,
    commission_rate: 15,
    ota_integrations: 2,
    support_level: 'email',
    features: ['1 property', '2 OTA channel connections', 'Unified booking calendar', 'Guest directory', 'Housekeeping task list', 'Email support'],
  },
  {
    key: 'pro',
    monthly_price: 49.99,
    yearly_price: 499.99,
    properties_limit: 5,
    commission_rate: 12,
    ota_integrations: 5,
    support_level: 'chat',
    features: [
      'Up to 5 properties',
      '5 OTA channel connections',
      'Everything in Basic',
      'Staff accounts and schedules',
      'Task templates and checklists',
      'Revenue and occupancy analytics',
      'Live chat support',
    ],
  },
  {
    key: 'enterprise',
    monthly_price: 99.99,
    yearly_price: 999.99,
    properties_limit: 25,
    commission_rate: 8,
    ota_integrations: 10,
    support_level: 'priority',
    features: [
      'Up to 25 properties',
      '10 OTA channel connections',
      'Everything in Pro',
      'Channel-partner API sync',
      'Priority phone and chat support',
      'Dedicated onboarding',
    ],
  },
];

export type SettingSpec = {
  setting_key: string;
  setting_name: string;
  setting_value: string;
  setting_type: 'number' | 'string' | 'boolean';
  category: 'commission' | 'general' | 'smtp';
  description: string;
  is_encrypted: boolean;
};

/**
 * Platform defaults; SMTP disabled until an admin fills it in (usable only once smtp_enabled,
 * smtp_host and smtp_username are all set).
 */
export const PLATFORM_SETTINGS: readonly SettingSpec[] = [
  {
    setting_key: 'default_commission_rate',
    setting_name: 'Default commission rate',
    setting_value: '10.0',
    setting_type: 'number',
    category: 'commission',
    description: 'Commission in percent taken on bookings of hosts without a tier-specific rate.',
    is_encrypted: false,
  },
  {
    setting_key: 'currency',
    setting_name: 'Currency',
    setting_value: 'USD',
    setting_type: 'string',
    category: 'general',
    description: 'ISO 4217 code in which amounts are shown and billed.',
    is_encrypted: false,
  },
  {
    setting_key: 'timezone',
    setting_name: 'Timezone',
    setting_value: 'UTC',
    setting_type: 'string',
    category: 'general',
    description: 'Platform timezone (IANA name) for reports and scheduled jobs.',
    is_encrypted: false,
  },
  {
    setting_key: 'date_format',
    setting_name: 'Date format',
    setting_value: 'MM/DD/YYYY',
    setting_type: 'string',
    category: 'general',
    description: 'Default date format for users who have not chosen one.',
    is_encrypted: false,
  },
  {
    setting_key: 'time_format',
    setting_name: 'Time format',
    setting_value: '12-hour',
    setting_type: 'string',
    category: 'general',
    description: 'Default clock: 12-hour or 24-hour.',
    is_encrypted: false,
  },
  {
    setting_key: 'platform_name',
    setting_name: 'Platform name',
    setting_value: 'Staykeep',
    setting_type: 'string',
    category: 'general',
    description: 'Name shown in page titles, e-mails and the payment approval page.',
    is_encrypted: false,
  },
  {
    setting_key: 'smtp_enabled',
    setting_name: 'SMTP enabled',
    setting_value: 'false',
    setting_type: 'boolean',
    category: 'smtp',
    description: 'Send e-mail through the SMTP server below; mail is only sent when host and username are also set.',
    is_encrypted: false,
  },
  {
    setting_key: 'smtp_host',
    setting_name: 'SMTP host',
    setting_value: '',
    setting_type: 'string',
    category: 'smtp',
    description: 'Hostname of the outgoing mail server.',
    is_encrypted: false,
  },
  {
    setting_key: 'smtp_port',
    setting_name: 'SMTP port',
    setting_value: '587',
    setting_type: 'number',
    category: 'smtp',
    description: 'Port of the outgoing mail server (587 for STARTTLS, 465 for TLS).',
    is_encrypted: false,
  },
  {
    setting_key: 'smtp_username',
    setting_name: 'SMTP username',
    setting_value: '',
    setting_type: 'string',
    category: 'smtp',
    description: 'Account used to sign in to the mail server.',
    is_encrypted: false,
  },
  {
    setting_key: 'smtp_password',
    setting_name: 'SMTP password',
    setting_value: '',
    setting_type: 'string',
    category: 'smtp',
    description: 'Password of the SMTP account; stored encrypted and never sent back to a browser.',
    is_encrypted: true,
  },
  {
    setting_key: 'smtp_secure',
    setting_name: 'Use TLS',
    setting_value: 'false',
    setting_type: 'boolean',
    category: 'smtp',
    description: 'Connect with TLS from the start (port 465); otherwise STARTTLS is used when offered.',
    is_encrypted: false,
  },
  {
    setting_key: 'smtp_from_email',
    setting_name: 'From address',
    setting_value: 'no-reply@staykeep.example.com',
    setting_type: 'string',
    category: 'smtp',
    description: 'Sender address of platform e-mails.',
    is_encrypted: false,
  },
  {
    setting_key: 'smtp_from_name',
    setting_name: 'From name',
    setting_value: 'Staykeep',
    setting_type: 'string',
    category: 'smtp',
    description: 'Sender name of platform e-mails.',
    is_encrypted: false,
  },
];
