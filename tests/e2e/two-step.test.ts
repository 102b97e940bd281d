/**
 * Two-step sign-in in a real browser: a new host turns it on from the profile page (the key read
 * from the screen, the code computed here with otpauth), keeps the recovery codes (downloaded),
 * signs out, signs in with a code and then with a recovery code; the super admin resets it from
 * the host's page and the host signs in with the password alone. The demo super admin, without
 * two-step sign-in, is asked to turn it on at each sign-in and may say "Not now" (left off, so
 * that the other files sign in as before).
 */
import fs from 'node:fs';
import * as OTPAuth from 'otpauth';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSessions, type Session } from './support/browser';
import { DEMO_PASSWORD, HOME_BY_ROLE, demoEmail } from './support/accounts';
import { LoginPage } from './pages/login-page';
import { AppShell } from './pages/app-shell';
import { seriousViolations } from './support/axe';

const sessions = browserSessions();
const PASSWORD = 'two-step-password';

const STEP_MS = 30_000;
let lastStep = 0;

/**
 * A code the server accepts now: that of the next 30-second step (within the one step of drift
 * accepted), and never a step at or before the last one used (a code is accepted once): when the
 * last code used was already the next step's, this waits for the clock to reach it.
 */
async function freshCode(secret: string): Promise<string> {
  const current = () => Math.floor(Date.now() / STEP_MS);
  while (current() + 1 <= lastStep) await new Promise((resolve) => setTimeout(resolve, 250));
  lastStep = current() + 1;
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  return totp.generate({ timestamp: lastStep * STEP_MS });
}

/** axe-core on the page as it is: no serious or critical violation. */
async function expectAccessible(page: Page): Promise<void> {
  expect(await seriousViolations(page)).toEqual([]);
}

async function register(s: Session, email: string): Promise<{ hostProfileId: string }> {
  const res = await s.context.request.post('/api/auth/register', { data: { email, password: PASSWORD, name: 'Two Step Host', company_name: 'Two Step Stays' } });
  expect(res.status()).toBe(201);
  const body = (await res.json()) as { user: { hostProfileId: string } };
  return { hostProfileId: body.user.hostProfileId };
}

async function signInTo(s: Session, email: string, password: string): Promise<LoginPage> {
  const login = new LoginPage(s.page);
  await login.goto();
  await login.signIn(email, password);
  return login;
}

describe('two-step sign-in', () => {
  const email = `two-step-${Date.now()}@example.com`;
  let secret = '';
  let recoveryCodes: string[] = [];
  let hostProfileId = '';

  it('a host turns it on from the profile page: QR code, key, a code, then the recovery codes once', async () => {
    const s = await sessions.open();
    hostProfileId = (await register(s, email)).hostProfileId;
    await signInTo(s, email, PASSWORD);
    await s.page.waitForURL((url) => url.pathname === HOME_BY_ROLE.host);
    await s.page.goto('/host/profile');

    const section = s.page.locator('section.card', { has: s.page.getByRole('heading', { name: 'Two-step sign-in' }) });
    await section.getByText('Off', { exact: true }).waitFor();
    await section.getByRole('button', { name: 'Turn on two-step sign-in' }).click();

    await section.getByRole('img', { name: /QR code/ }).waitFor();
    const src = await section.getByRole('img', { name: /QR code/ }).getAttribute('src');
    expect(src).toMatch(/^data:image\/png;base64,/);
    secret = (await section.getByTestId('totp-secret').innerText()).trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await expectAccessible(s.page);

    // A wrong code is refused in place.
    await section.getByLabel('6-digit code').fill('000000');
    await section.getByRole('button', { name: 'Turn on', exact: true }).click();
    await section.locator('.form-message--error').waitFor();
    expect(await section.locator('.form-message--error').innerText()).toMatch(/not the current code/);

    await section.getByLabel('6-digit code').fill(await freshCode(secret));
    await section.getByRole('button', { name: 'Turn on', exact: true }).click();
    await section.getByText('Store these now').waitFor();
    recoveryCodes = (await section.getByTestId('recovery-codes').locator('li').allInnerTexts()).map((c) => c.trim());
    expect(recoveryCodes).toHaveLength(10);
    for (const c of recoveryCodes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    await expectAccessible(s.page);

    const [download] = await Promise.all([s.page.waitForEvent('download'), section.getByRole('button', { name: 'Download as text' }).click()]);
    expect(download.suggestedFilename()).toBe('staykeep-recovery-codes.txt');
    const text = fs.readFileSync(await download.path(), 'utf8');
    for (const c of recoveryCodes) expect(text).toContain(c);

    await section.getByRole('button', { name: 'I have stored them' }).click();
    await section.getByText('On', { exact: true }).waitFor();
    await section.getByRole('button', { name: 'Turn off two-step sign-in' }).waitFor();
    // The key is not on the page any more, and the server never sends it again.
    expect(await s.page.locator('body').innerText()).not.toContain(secret);
    await new AppShell(s.page).signOut();
    await s.page.waitForURL((url) => url.pathname === '/login');
  });

  it('signs in with the code of the authenticator app; a wrong code is told clearly', async () => {
    const s = await sessions.open();
    const login = await signInTo(s, email, PASSWORD);
    await s.page.getByRole('heading', { name: 'Two-step sign-in' }).waitFor();
    const field = s.page.getByLabel('6-digit code');
    expect(await field.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await field.getAttribute('inputmode')).toBe('numeric');

    await login.enterCode('123456');
    expect(await login.errorText()).toMatch(/That code is not valid/);
    await expectAccessible(s.page);
    await login.enterCode(await freshCode(secret));
    await s.page.waitForURL((url) => url.pathname === HOME_BY_ROLE.host);
    await new AppShell(s.page).signOut();
    await s.page.waitForURL((url) => url.pathname === '/login');
  });

  it('signs in with a recovery code, which then works no more', async () => {
    const s = await sessions.open();
    let login = await signInTo(s, email, PASSWORD);
    await login.enterCode(recoveryCodes[0]!, { recovery: true });
    await s.page.waitForURL((url) => url.pathname === HOME_BY_ROLE.host);
    await new AppShell(s.page).signOut();
    await s.page.waitForURL((url) => url.pathname === '/login');

    login = await signInTo(s, email, PASSWORD);
    await login.enterCode(recoveryCodes[0]!, { recovery: true });
    expect(await login.errorText()).toMatch(/That code is not valid/);
  });

  it('the super admin is asked to turn it on at sign-in, may say "Not now", and resets the host\'s', async () => {
    const s = await sessions.open();
    const login = new LoginPage(s.page);
    await login.goto();
    await login.signIn(demoEmail('super_admin'), DEMO_PASSWORD, { twoStepPrompt: 'stay' });
    await login.twoStepPrompt.waitFor();
    await expectAccessible(s.page);
    // "Set it up now" shows the QR code and key; cancelling comes back to the question.
    await s.page.getByRole('button', { name: 'Set it up now' }).click();
    await s.page.getByRole('img', { name: /QR code/ }).waitFor();
    await s.page.getByRole('button', { name: 'Cancel' }).click();
    await s.page.getByRole('button', { name: 'Not now' }).click();
    await s.page.waitForURL((url) => url.pathname === HOME_BY_ROLE.super_admin);

    await s.page.goto(`/admin/hosts/${hostProfileId}`);
    await s.page.getByRole('button', { name: 'Reset two-step sign-in' }).click();
    const dialog = s.page.getByRole('dialog', { name: 'Reset two-step sign-in?' });
    await dialog.getByRole('button', { name: 'Reset', exact: true }).click();
    await s.page.getByText('Two-step sign-in reset').first().waitFor();
    // The button goes once the host's record is fetched again (after the toast: wait for it).
    await s.page.getByRole('button', { name: 'Reset two-step sign-in' }).waitFor({ state: 'detached' });

    // Asked again at the next sign-in.
    await new AppShell(s.page).signOut();
    await s.page.waitForURL((url) => url.pathname === '/login');
    await login.signIn(demoEmail('super_admin'), DEMO_PASSWORD, { twoStepPrompt: 'stay' });
    await login.twoStepPrompt.waitFor();
  });

  it('after the reset the host signs in with the password alone', async () => {
    const s = await sessions.open();
    await signInTo(s, email, PASSWORD);
    await s.page.waitForURL((url) => url.pathname === HOME_BY_ROLE.host);
  });
});
