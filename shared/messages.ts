/**
 * The product's fixed texts (error catalogue, toasts, notification titles) as named constants, so
 * that the server, the client and the tests say exactly the same words: where the catalogue has a
 * text, that text is the error message (docs/decisions.md "Errors on the wire"). Texts with a
 * placeholder ({partner}, {provider}, counts) are functions. The last section holds the server's
 * own account messages: login and registration show the server's error first and fall back to the
 * catalogue text.
 */

/** A toast: a title and, mostly, a description. */
export type ToastText = { readonly title: string; readonly description: string };

// ── Authentication ──────────────────────────────────────────────────────────────────────────
export const LOGIN_FAILED = 'Login failed';
export const REGISTRATION_FAILED = 'Registration failed';
export const HOST_REGISTRATION_FAILED = 'Host registration failed';
export const RESET_EMAIL_FAILED = 'Failed to send reset password email';
export const RESET_PASSWORD_FAILED = 'Failed to reset password';

// ── Host profile errors ─────────────────────────────────────────────────────────────────────
export const PROFILE_CHECK_FAILED = 'Failed to check existing profile';
export const PROFILE_UPDATE_FAILED = 'Failed to update profile';
export const PROFILE_CREATE_FAILED = 'Failed to create profile';
export const UNKNOWN_ERROR = 'Unknown error occurred';

// ── E-mail toasts ───────────────────────────────────────────────────────────────────────────
export const EMAIL_SENT_TITLE = 'Email Sent';
export const EMAIL_SENT_TEXT = 'Email sent successfully to the recipients';
export const EMAIL_CONFIG_ERROR_TITLE = 'Email Configuration Error';
export const EMAIL_NOT_CONFIGURED_TEXT = 'SMTP is not configured or disabled. Please contact your administrator.';
export const EMAIL_FAILED_TITLE = 'Email Failed';
export const EMAIL_FAILED_TEXT = 'Failed to send email. Please try again or contact support.';
export const SMTP_CONFIG_ERROR_TITLE = 'Configuration Error';
export const SMTP_NOT_CONFIGURED_PROPERLY = 'SMTP settings are not configured properly';

export const EMAIL_TOASTS = {
  sent: { title: EMAIL_SENT_TITLE, description: EMAIL_SENT_TEXT },
  /** Shown as destructive. */
  notConfigured: { title: EMAIL_CONFIG_ERROR_TITLE, description: EMAIL_NOT_CONFIGURED_TEXT },
  failed: { title: EMAIL_FAILED_TITLE, description: EMAIL_FAILED_TEXT },
  configurationError: { title: SMTP_CONFIG_ERROR_TITLE, description: SMTP_NOT_CONFIGURED_PROPERLY },
} as const satisfies Record<string, ToastText>;

// ── Guest sync ──────────────────────────────────────────────────────────────────────────────
export const GUEST_SYNC_SUCCESS_TITLE = 'Success';
export const GUEST_SYNC_SUCCESS_TEXT = 'Guest data synchronized successfully';
export const GUEST_SYNC_ERROR_TITLE = 'Error';
export const GUEST_SYNC_ERROR_TEXT = 'Failed to sync guest data. Please try again.';

/** The success toast's description, with the counts of guests and bookings. */
export function guestSyncSuccessText(guests: number, bookings: number): string {
  return `${GUEST_SYNC_SUCCESS_TEXT}: ${guests} guests from ${bookings} bookings`;
}

// ── Calendar sync toasts and job messages ───────────────────────────────────────────────────
export const SYNC_JOBS_ADDED = 'Sync Jobs Added';
export const BULK_SYNC_STARTED = 'Bulk Sync Started';
export const BULK_SYNC_COMPLETED = 'Bulk Sync Completed';
export const BULK_SYNC_FAILED = 'Bulk Sync Failed';
export const BULK_SYNC_FAILED_TEXT = 'An error occurred during the sync process';
export const QUEUE_CLEARED = 'Queue Cleared';
export const SYNC_JOB_TIMEOUT = 'Connection timeout to the platform servers';
export const SYNC_JOB_UNKNOWN_ERROR = 'Unknown error occurred';

export function bulkSyncCompletedText(completed: number, failed: number): string {
  return `${completed} completed successfully, ${failed} failed`;
}

// ── Notification titles ─────────────────────────────────────────────────────────────────────
export const NOTIFICATION_TITLES = {
  taskCreated: 'New Task Created',
  taskAssigned: 'Task Assigned',
  taskCompleted: 'Task Completed',
  /** type warning */
  taskOverdue: 'Task Overdue',
  /** type urgent */
  urgentTask: 'Urgent Task Alert',
  taskUpdate: 'Task Update',
  /** type warning: a change that met a change from someone else and could not be kept (docs/decisions.md "Checklists"). */
  changeNotKept: 'Change not kept',
  /** type warning: a reassignment met work already done by the former assignee (docs/decisions.md "Two people on one task"). */
  workBeforeReassignment: 'Work done before a reassignment',
  /** type warning: a field changed on two sides; the last to arrive was kept (docs/decisions.md "Fields edited on both sides"). */
  changedOnBothSides: 'Changed on both sides',
  /** type info: a housekeeper reported a problem (docs/decisions.md "Problem reports"). */
  problemReported: 'Problem reported',
  /** type urgent: an urgent problem report, alerted at once. */
  urgentProblem: 'Urgent problem reported',
} as const;

// ── Channel manager (first integration's HTTP client) ───────────────────────────────────────
export const AUTHENTICATION_FAILED = 'Authentication failed';

/** "An API failure reads as a call failure with the status text." */
export function apiCallFailed(statusText: string): string {
  return `API call failed: ${statusText}`;
}

// ── Channel partner (toasts titled Success / Info / Error, the partner's name in the text) ──
export const PARTNER_TOAST_TITLES = { success: 'Success', info: 'Info', error: 'Error' } as const;
export const NO_CREDENTIALS_FOR_TESTING = 'No credentials available for testing';
export const TESTING_STORED_CREDENTIALS = 'Testing connection with stored credentials...';
export const CREDENTIALS_NOT_CONFIGURED = 'Credentials not configured';
export const OAUTH_FAILED = 'OAuth authentication failed';
export const TOKEN_REFRESH_FAILED = 'Token refresh failed';
export const OAUTH_COMPLETION_FAILED = 'OAuth completion failed';
export const PROPERTIES_SYNC_FAILED = 'Properties sync failed';
export const BOOKINGS_SYNC_FAILED = 'Bookings sync failed';
export const MESSAGES_SYNC_FAILED = 'Messages sync failed';
export const CALENDAR_SYNC_FAILED = 'Calendar sync failed';
export const RATES_SYNC_FAILED = 'Rates sync failed';
export const CALENDAR_SYNCED = 'Calendar synced successfully via PAPI';
export const RATES_SYNCED = 'Rates synced successfully via PAPI';

export function partnerCredentialsSaved(partner: string): string {
  return `${partner} PAPI credentials saved successfully to database`;
}
export function partnerCredentialsSaveFailed(partner: string): string {
  return `Failed to save ${partner} PAPI credentials to database`;
}
export function partnerConnectionOk(partner: string): string {
  return `${partner} Partner API connection test successful`;
}
export function partnerConnectionFailed(partner: string): string {
  return `${partner} Partner API connection test failed - please complete OAuth flow`;
}
export function partnerOauthCompleted(partner: string): string {
  return `${partner} OAuth authentication completed successfully`;
}
export function partnerSynced(count: number, kind: 'properties' | 'bookings' | 'messages', partner: string): string {
  return `Synced ${count} ${kind} from ${partner} PAPI`;
}

// ── Payment provider ────────────────────────────────────────────────────────────────────────
export const NO_SUBSCRIPTION_TIERS = 'No subscription tiers found';

export function providerNotConfigured(provider: string): string {
  return `${provider} not configured`;
}
export function providerConfigured(provider: string): string {
  return `${provider} integration configured successfully`;
}
export function providerConfigureFailed(provider: string): string {
  return `Failed to configure ${provider} integration`;
}
export function plansSynced(provider: string): string {
  return `Subscription plans synced to ${provider} successfully`;
}
export function plansSyncFailed(provider: string): string {
  return `Failed to sync plans to ${provider}`;
}
export function providerApiError(provider: string, status: number, body: string): string {
  return `${provider} API Error: ${status} - ${body}`;
}
export function accessTokenFailed(statusText: string): string {
  return `Failed to get access token: ${statusText}`;
}

// ── Generic screens ─────────────────────────────────────────────────────────────────────────
export const ERROR_SCREEN_TITLE = 'Something went wrong';
export const ERROR_SCREEN_TEXT = 'An unexpected error occurred. Please try refreshing the page.';
export const ROUTER_ERROR_TITLE = 'Unexpected Application Error';

// ── Server account messages (the "server error" that login/registration show first) ────────
export const EMAIL_ALREADY_REGISTERED = 'An account with this email already exists';
export const INVALID_CREDENTIALS = 'Invalid email or password';
export const CURRENT_PASSWORD_INCORRECT = 'Current password is incorrect';
export const SETUP_ALREADY_DONE = 'Setup has already been completed';
export const EMAIL_BELONGS_TO_OTHER_ACCOUNT = 'This email address already belongs to another account';
/** Sign-in of a suspended host (or of its staff), and any request of their sessions meanwhile. */
export const ACCOUNT_SUSPENDED = 'Your account is suspended. Contact support to reactivate it.';
/** Sign-in of an admin a super admin has deactivated, and any request of their sessions meanwhile. */
export const ACCOUNT_DEACTIVATED = 'Your account has been deactivated. Contact a super admin to reactivate it.';
/** An invite link that is unknown, used or expired (or whose staff row has since changed). */
export const INVITE_ACCEPT_FAILED = 'Failed to accept invitation';
export const STAFF_EMAIL_REQUIRED = 'Invalid value for staff_email: an email address is needed to invite this staff member';
/** Two-step sign-in (server/src/modules/auth/totp.ts). */
export const TOTP_CODE_INVALID = 'That code is not valid. Check your authenticator app, or use an unused recovery code.';
export const TOTP_ENABLE_CODE_INVALID = 'Invalid value for code: that is not the current code of your authenticator app';
export const TOTP_DISABLE_CODE_INVALID = 'Invalid value for code: that is neither a current code nor an unused recovery code';
export const TOTP_TICKET_INVALID = 'This sign-in has expired. Please enter your email and password again.';
export const TOTP_ALREADY_ON = 'Two-step sign-in is already on';
export const TOTP_NOT_ON = 'Two-step sign-in is not on';
export const TOTP_SETUP_FIRST = 'Start the two-step sign-in setup first';

/** A wait in words, rounded up: "1 second", "45 seconds", "2 minutes", "3 hours". */
export function waitInWords(seconds: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole < 60) return plural(whole, 'second');
  const minutes = Math.ceil(whole / 60);
  if (minutes < 120) return plural(minutes, 'minute');
  return plural(Math.ceil(minutes / 60), 'hour');
}

/** A sign-in refused before the password is checked (server/src/modules/auth/login-limits.ts), with Retry-After. */
export function tooManyLoginAttempts(seconds: number): string {
  return `Too many failed login attempts. Please try again in ${waitInWords(seconds)}.`;
}

/** A reset-mail request refused for its source (server/src/modules/auth/login-limits.ts), with Retry-After. */
export function tooManyResetRequests(seconds: number): string {
  return `Too many password reset requests. Please try again in ${waitInWords(seconds)}.`;
}
