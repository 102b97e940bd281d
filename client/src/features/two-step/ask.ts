/** Whether to ask for two-step sign-in after the password (its own module: the sign-in page needs only this, not the setup). */
import type { SessionUser } from '../../../../shared/session';

/** Admins and super admins without two-step sign-in are asked to turn it on. */
export function shouldAskForTwoStep(user: SessionUser): boolean {
  return (user.Role === 'admin' || user.Role === 'super_admin') && !user.totpEnabled;
}
