/** Which credentials may start the no-server demo: a demo account with the demo password. */
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../../shared/demo/accounts';

export function demoAccountFor(email: string, password: string) {
  const wanted = email.trim().toLowerCase();
  return password === DEMO_PASSWORD ? DEMO_ACCOUNTS.find((a) => a.email === wanted) : undefined;
}
