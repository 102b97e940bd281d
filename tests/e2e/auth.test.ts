/** Sign-in, landing by role, the areas' role guards and redirects, in a real browser. */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { INVALID_CREDENTIALS, LOGIN_FAILED } from '../../shared/messages';
import { launchBrowser, newSession, type Session } from './support/browser';
import { DEMO_PASSWORD, HOME_BY_ROLE, demoEmail } from './support/accounts';
import { LoginPage } from './pages/login-page';
import { storedToken } from './support/storage';
import { AppShell, pathOf, showsErrorScreen } from './pages/app-shell';

let browser: Browser;
let s: Session;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
beforeEach(async () => {
  s = await newSession(browser);
});
afterEach(async () => {
  expect(s.errors).toEqual([]);
  await s.context.close();
});

async function signInAs(role: keyof typeof HOME_BY_ROLE): Promise<void> {
  const login = new LoginPage(s.page);
  await login.goto();
  await login.signIn(demoEmail(role), DEMO_PASSWORD);
  await s.page.waitForURL((url) => url.pathname === HOME_BY_ROLE[role]);
}

describe('sign-in', () => {
  for (const role of ['super_admin', 'host', 'staff'] as const) {
    it(`lands the ${role} demo account on ${HOME_BY_ROLE[role]}`, async () => {
      await signInAs(role);
      const shell = new AppShell(s.page);
      await shell.waitForHeading(role === 'staff' ? 'Today' : 'Dashboard');
      expect(await s.page.title()).toMatch(/· Staykeep$/);
      expect(await showsErrorScreen(s.page)).toBe(false);
    });
  }

  it('shows the server error for a wrong password and stays on /login', async () => {
    const login = new LoginPage(s.page);
    await login.goto();
    await login.signIn(demoEmail('host'), 'wrong-password');
    const text = await login.errorText();
    expect(text).toBe(INVALID_CREDENTIALS);
    expect(text).not.toBe(LOGIN_FAILED);
    expect(pathOf(s.page)).toBe('/login');
  });

  it('uses real inputs: type=email, type=password and a submit button', async () => {
    const login = new LoginPage(s.page);
    await login.goto();
    expect(await login.email.count()).toBe(1);
    expect(await login.password.count()).toBe(1);
    expect(await login.submit.count()).toBe(1);
    expect(await s.page.title()).toBe('Sign in · Staykeep');
  });
});

describe('guards and redirects', () => {
  it('sends a visitor of /host/bookings to /login and back there after sign-in', async () => {
    await s.page.goto('/host/bookings');
    await s.page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(s.page.url()).searchParams.get('redirect')).toBe('/host/bookings');
    const login = new LoginPage(s.page);
    await login.signIn(demoEmail('host'), DEMO_PASSWORD);
    await s.page.waitForURL((url) => url.pathname === '/host/bookings');
    await new AppShell(s.page).waitForHeading('Bookings');
  });

  it('sends a signed-in user who opens another role’s area to their own dashboard', async () => {
    await signInAs('host');
    await s.page.goto('/admin/hosts');
    await s.page.waitForURL((url) => url.pathname === '/host/dashboard');
    await s.page.goto('/staff/tasks');
    await s.page.waitForURL((url) => url.pathname === '/host/dashboard');
  });

  it('redirects /dashboard and /dashboard/* to /host/dashboard', async () => {
    await signInAs('host');
    await s.page.goto('/dashboard');
    await s.page.waitForURL((url) => url.pathname === '/host/dashboard');
    await s.page.goto('/dashboard/anything/below');
    await s.page.waitForURL((url) => url.pathname === '/host/dashboard');
  });

  it('redirects an area index to its dashboard', async () => {
    await signInAs('super_admin');
    await s.page.goto('/admin');
    await s.page.waitForURL((url) => url.pathname === '/admin/dashboard');
  });

  it('routes a signed-in visitor of / to their dashboard, and shows the landing page otherwise', async () => {
    await s.page.goto('/');
    await s.page.getByRole('heading', { level: 1 }).waitFor();
    expect(await s.page.getByRole('link', { name: 'Register' }).count()).toBeGreaterThan(0);
    await signInAs('staff');
    await s.page.goto('/');
    await s.page.waitForURL((url) => url.pathname === '/staff/dashboard');
  });

  it('routes /housekeeping?taskId= to the staff member’s task', async () => {
    await signInAs('staff');
    const shell = new AppShell(s.page);
    await shell.waitForData();
    const firstTask = s.page.locator('.task-card__title').first();
    await s.page.goto('/staff/tasks');
    await firstTask.waitFor();
    const title = (await firstTask.innerText()).trim();
    const token = await storedToken(s.page);
    const taskId = await s.page.evaluate(async (token) => {
      const res = await fetch('/api/table/20111/page', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ PageNo: 1, PageSize: 1000 }),
      });
      const body = (await res.json()) as { List: { id: string; task_title: string }[] };
      return body.List.map((t) => ({ id: t.id, title: t.task_title }));
    }, token);
    const target = taskId.find((t) => t.title === title);
    expect(target).toBeDefined();
    await s.page.goto(`/housekeeping?taskId=${target?.id ?? ''}`);
    await s.page.waitForURL((url) => url.pathname === '/staff/tasks' && url.searchParams.get('taskId') === target?.id);
    const dialog = s.page.locator('dialog.dialog[open]');
    await dialog.waitFor();
    expect(await dialog.locator('.dialog__title').innerText()).toBe(title);
  });

  it('routes /housekeeping?taskId= to the host’s housekeeping page with that task open', async () => {
    await signInAs('host');
    const token = await storedToken(s.page);
    const tasks = await s.page.evaluate(async (token) => {
      const res = await fetch('/api/table/20111/page', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ PageNo: 1, PageSize: 1 }),
      });
      return ((await res.json()) as { List: { id: string; task_title: string }[] }).List;
    }, token);
    const task = tasks[0];
    if (!task) throw new Error('The demo host has no task');
    await s.page.goto(`/housekeeping?taskId=${task.id}`);
    await s.page.waitForURL((url) => url.pathname === '/host/housekeeping' && url.searchParams.get('taskId') === task.id);
    const dialog = s.page.locator('dialog.dialog[open]');
    await dialog.waitFor();
    expect(await dialog.locator('.dialog__title').innerText()).toBe(task.task_title);
  });

  it('sends the payment provider’s cancel return (/subscription/cancelled) to the host’s subscription page', async () => {
    await signInAs('host');
    await s.page.goto('/subscription/cancelled');
    await s.page.waitForURL((url) => url.pathname === '/host/subscription');
    await s.page.locator('.form-message--info', { hasText: 'checkout was cancelled' }).waitFor();
  });

  it('finishes a sign-in that arrives as a token (/onauthsuccess) and routes by role', async () => {
    const response = await s.context.request.post('/api/auth/login', { data: { email: demoEmail('staff'), password: DEMO_PASSWORD } });
    expect(response.status()).toBe(200);
    const { token } = (await response.json()) as { token: string };
    await s.page.goto(`/onauthsuccess?token=${encodeURIComponent(token)}`);
    await s.page.waitForURL((url) => url.pathname === '/staff/dashboard');
    expect(await storedToken(s.page)).toBe(token);
  });

  it('says so when the token of /onauthsuccess is not valid', async () => {
    await s.page.goto('/onauthsuccess?token=not-a-token');
    await s.page.getByText('This sign-in link is invalid or has expired.').waitFor();
    expect(await storedToken(s.page)).toBeNull();
  });

  it('signs out to /login, after which the areas are closed again', async () => {
    await signInAs('host');
    await new AppShell(s.page).signOut();
    await s.page.waitForURL((url) => url.pathname === '/login');
    await s.page.goto('/host/dashboard');
    await s.page.waitForURL((url) => url.pathname === '/login');
  });
});

describe('public pages', () => {
  it('shows the not-found page for an unknown path', async () => {
    await s.page.goto('/no/such/page');
    await s.page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(await s.page.title()).toBe('Page not found · Staykeep');
  });

  it('registers a new host, who lands on the host dashboard; the same e-mail again shows the server error', async () => {
    const email = `e2e-${Date.now()}@example.com`;
    await s.page.goto('/register');
    await s.page.getByLabel('Your name').fill('Robin Test');
    await s.page.getByLabel('Company name').fill('Robin Rentals');
    await s.page.getByLabel('Email').fill(email);
    await s.page.getByLabel('Password').fill('a-good-password');
    await s.page.getByRole('button', { name: 'Create account' }).click();
    await s.page.waitForURL((url) => url.pathname === '/host/dashboard');
    await new AppShell(s.page).signOut();
    await s.page.waitForURL((url) => url.pathname === '/login');

    await s.page.goto('/register');
    await s.page.getByLabel('Your name').fill('Robin Again');
    await s.page.getByLabel('Email').fill(email);
    await s.page.getByLabel('Password').fill('a-good-password');
    await s.page.getByRole('button', { name: 'Create account' }).click();
    const alert = s.page.locator('.form-message--error');
    await alert.waitFor();
    expect((await alert.innerText()).trim().length).toBeGreaterThan(0);
    expect(pathOf(s.page)).toBe('/register');
  });

  it('confirms a reset-password request', async () => {
    await s.page.goto('/resetpassword');
    await s.page.getByLabel('Email').fill(demoEmail('host'));
    await s.page.getByRole('button', { name: 'Send reset link' }).click();
    await s.page.locator('.form-message--success').waitFor();
  });

  it('shows "Failed to reset password" for an unknown reset token', async () => {
    await s.page.goto('/resetpassword?token=not-a-real-token');
    await s.page.locator('input[name="password"]').fill('another-password');
    await s.page.locator('input[name="confirm"]').fill('another-password');
    await s.page.getByRole('button', { name: 'Save new password' }).click();
    const alert = s.page.locator('.form-message--error');
    await alert.waitFor();
    expect((await alert.innerText()).trim()).toBe('Failed to reset password');
  });

  it('says that setup is complete once a super admin exists', async () => {
    await s.page.goto('/setup');
    await s.page.getByRole('heading', { name: 'Setup is complete' }).waitFor();
  });
});
