/**
 * The server's account and sign-in messages in the reader's language. The server answers in
 * English, with the fixed texts of shared/messages.ts; the screens of sign-in, reset, invitation
 * and profile show the server's message first, so the known ones are read back here into their
 * message ids (the `account` catalog's `account.errors.*`, loaded with the screens that show them). A message not known here shows as the
 * server sent it; a failure without one shows the screen's own fallback.
 */
import {
  ACCOUNT_DEACTIVATED,
  ACCOUNT_SUSPENDED,
  CURRENT_PASSWORD_INCORRECT,
  EMAIL_ALREADY_REGISTERED,
  EMAIL_BELONGS_TO_OTHER_ACCOUNT,
  INVALID_CREDENTIALS,
  SETUP_ALREADY_DONE,
  TOTP_CODE_INVALID,
  TOTP_DISABLE_CODE_INVALID,
  TOTP_ENABLE_CODE_INVALID,
  TOTP_TICKET_INVALID,
} from '../../../shared/messages';
import { ApiError } from '../api/http';
import { activeLocale, t, type MessageId } from './index';

const KNOWN: Readonly<Record<string, MessageId>> = {
  [INVALID_CREDENTIALS]: 'account.errors.invalidCredentials',
  [ACCOUNT_SUSPENDED]: 'account.errors.accountSuspended',
  [ACCOUNT_DEACTIVATED]: 'account.errors.accountDeactivated',
  [CURRENT_PASSWORD_INCORRECT]: 'account.errors.currentPasswordIncorrect',
  [EMAIL_ALREADY_REGISTERED]: 'account.errors.emailAlreadyRegistered',
  [EMAIL_BELONGS_TO_OTHER_ACCOUNT]: 'account.errors.emailBelongsToOther',
  [SETUP_ALREADY_DONE]: 'account.errors.setupDone',
  [TOTP_CODE_INVALID]: 'account.errors.totpCodeInvalid',
  [TOTP_ENABLE_CODE_INVALID]: 'account.errors.totpEnableCodeInvalid',
  [TOTP_DISABLE_CODE_INVALID]: 'account.errors.totpDisableCodeInvalid',
  [TOTP_TICKET_INVALID]: 'account.errors.totpTicketInvalid',
};

/** "Too many … Please try again in 3 minutes." (shared/messages.ts tooManyLoginAttempts, tooManyResetRequests). */
const TOO_MANY = /^Too many (failed login attempts|password reset requests)\. Please try again in (\d+) (second|minute|hour)s?\.$/;

/** A server's English message in the reader's language, where it is one of ours. */
export function localMessage(message: string): string {
  const id = KNOWN[message];
  if (id) return t(id);
  const wait = TOO_MANY.exec(message);
  if (wait) {
    const unit = wait[3] ?? 'second';
    const words = new Intl.NumberFormat(activeLocale(), { style: 'unit', unit, unitDisplay: 'long' }).format(Number(wait[2]));
    return t(wait[1] === 'failed login attempts' ? 'account.errors.tooManyLogins' : 'account.errors.tooManyResets', { wait: words });
  }
  return message;
}

/** The text a screen shows for a failure, in the reader's language (errorText of api/http.ts, translated). */
export function localErrorText(error: unknown, fallback: MessageId): string {
  if (error instanceof ApiError && error.serverMessage) return localMessage(error.serverMessage);
  if (error instanceof ApiError && error.isNetwork) return t('account.errors.unreachable');
  return t(fallback);
}
