/**
 * Enumerations: the product's values, completed where it is silent (docs/decisions.md "Names and
 * shapes").
 */
export const ROLES = ['super_admin', 'admin', 'host', 'staff'] as const;
export type Role = (typeof ROLES)[number];

export const TASK_STATUSES = ['pending', 'in_progress', 'completed', 'cancelled'] as const;
export const PRIORITY_LEVELS = ['low', 'medium', 'high', 'urgent'] as const;
export const BOOKING_STATUSES = ['pending', 'confirmed', 'cancelled', 'completed'] as const;
export const PAYMENT_STATUSES = ['pending', 'partial', 'paid', 'refunded'] as const;
export const PROPERTY_STATUSES = ['active', 'inactive', 'archived'] as const;
export const PROPERTY_TYPES = ['apartment', 'house', 'villa', 'condo', 'cabin', 'studio', 'other'] as const;
export const STAFF_STATUSES = ['active', 'inactive'] as const;
export const NOTIFICATION_TYPES = ['info', 'success', 'warning', 'urgent', 'error'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
export const SETTING_TYPES = ['number', 'string', 'boolean'] as const;
export const SETTING_CATEGORIES = ['commission', 'general', 'smtp'] as const;
export const ACCOUNT_STATUSES = ['active', 'suspended', 'inactive'] as const;
export const SUBSCRIPTION_STATUSES = ['active', 'cancelled', 'suspended', 'past_due'] as const;
export const SYNC_JOB_STATUSES = ['pending', 'running', 'completed', 'failed'] as const;
export const TIME_FORMATS = ['12h', '24h'] as const;
export const DATE_FORMATS = [
  'MM/DD/YYYY',
  'DD/MM/YYYY',
  'YYYY-MM-DD',
  'DD-MM-YYYY',
  'MMM DD, YYYY',
  'DD MMM YYYY',
  'MMMM DD, YYYY',
  'DD MMMM YYYY',
] as const;
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export const PAYPAL_SUBSCRIPTION_STATUSES = ['APPROVAL_PENDING', 'ACTIVE', 'CANCELLED', 'SUSPENDED'] as const;
export const WEBHOOK_PROCESSING_STATUSES = ['pending', 'processed', 'error'] as const;
export const BILLING_CYCLES = ['monthly', 'yearly'] as const;
/** Known values of the free-text booking_source and calendar feed platform. */
export const KNOWN_SOURCES = ['airbnb', 'booking.com', 'vrbo', 'expedia', 'google-calendar', 'direct', 'other'] as const;
/**
 * A message of the outgoing mail queue: `held` (an alert e-mail waiting to learn whether its push
 * reached a device), `queued` (waiting or retrying), `sent`, `failed` (after its last retry), or
 * `cancelled` (a held alert whose push got through).
 */
export const MAIL_STATUSES = ['held', 'queued', 'sent', 'failed', 'cancelled'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];
/** Whether an inbox reply went to the guest by e-mail. */
export const EMAIL_STATUSES = ['queued', 'sent', 'failed'] as const;
/** What a housekeeper's problem report is about (docs/decisions.md "Problem reports"). */
export const PROBLEM_CATEGORIES = ['damage', 'plumbing', 'electrical', 'appliance', 'supplies', 'cleanliness', 'other'] as const;
export type ProblemCategory = (typeof PROBLEM_CATEGORIES)[number];
/** How soon a reported problem needs the host: an urgent one alerts the host at once. */
export const PROBLEM_SEVERITIES = ['low', 'normal', 'urgent'] as const;
export type ProblemSeverity = (typeof PROBLEM_SEVERITIES)[number];
