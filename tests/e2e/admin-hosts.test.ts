/**
 * The admin console's hosts: as the super admin, search the demo host (the search stays in the
 * address), open its page, suspend it (with the confirmation); the host's open session ends and its
 * sign-in is then refused with the suspension message; the super admin reactivates it and the host
 * signs in again.
 */
import { describe, expect, it } from 'vitest';
import { ACCOUNT_SUSPENDED } from '../../shared/messages';
import { browserSessions } from './support/browser';
import { DEMO_PASSWORD, HOME_BY_ROLE, demoEmail } from './support/accounts';
import { storedToken } from './support/storage';
import { LoginPage, signInAs } from './pages/login-page';
import { AppShell } from './pages/app-shell';
import { seriousViolations } from './support/axe';

const sessions = browserSessions();

describe('admin console: hosts', () => {
  it('searches a host, opens its page, suspends it (its sign-in is refused with the reason) and reactivates it', async () => {
    const admin = await sessions.open();
    await signInAs(admin.page, 'super_admin');
    const shell = new AppShell(admin.page);
    await shell.clickNav('Hosts');
    await shell.waitForHeading('Hosts');
    await shell.waitForData();

    const hostEmail = demoEmail('host');
    await admin.page.getByRole('searchbox', { name: 'Search' }).fill(hostEmail.toUpperCase());
    const rows = admin.page.locator('.table tbody tr');
    await expect.poll(() => rows.count()).toBe(1);
    await expect.poll(() => admin.page.locator('[aria-live="polite"]', { hasText: 'host' }).innerText()).toMatch(/^1 host\b/);
    expect(await seriousViolations(admin.page)).toEqual([]);
    // The search is in the address: going back from the host's page finds the list as it was left.
    await admin.page.waitForURL((url) => url.searchParams.get('search') === hostEmail.toUpperCase());
    const name = (await rows.first().getByRole('link').innerText()).trim();
    await rows.first().getByRole('link').click();
    await admin.page.waitForURL((url) => /^\/admin\/hosts\/[^/]+$/.test(url.pathname));
    await shell.waitForHeading(name);
    await admin.page.goBack();
    await shell.waitForHeading('Hosts');
    expect(await admin.page.getByRole('searchbox', { name: 'Search' }).inputValue()).toBe(hostEmail.toUpperCase());
    await expect.poll(() => rows.count()).toBe(1);
    await rows.first().getByRole('link').click();
    await admin.page.waitForURL((url) => /^\/admin\/hosts\/[^/]+$/.test(url.pathname));
    await shell.waitForHeading(name);
    await shell.waitForData();
    const hostPage = admin.page.url();
    for (const section of ['Profile', 'Properties', 'Bookings and commission', 'Staff', 'Calendar feeds']) {
      await admin.page.getByRole('heading', { name: section, exact: true }).waitFor();
    }
    await admin.page.locator('.table').first().waitFor();
    expect(await seriousViolations(admin.page)).toEqual([]);
    await admin.page.getByRole('button', { name: 'Change plan' }).click();
    const plan = admin.page.getByRole('dialog', { name: 'Change plan' });
    await plan.getByLabel('Commission rate').waitFor();
    expect(await seriousViolations(admin.page)).toEqual([]);
    await plan.getByRole('button', { name: 'Cancel' }).click();
    await plan.waitFor({ state: 'hidden' });

    // The host is signed in on its own device before the suspension.
    const host = await sessions.open();
    await signInAs(host.page, 'host');

    try {
      await admin.page.getByRole('button', { name: 'Suspend', exact: true }).click();
      const confirm = admin.page.getByRole('dialog', { name: `Suspend ${name}?` });
      await confirm.waitFor();
      await confirm.getByRole('button', { name: 'Suspend host' }).click();
      await admin.page.getByText('Host suspended', { exact: true }).waitFor();
      await admin.page.getByText('This host is suspended').waitFor();
      await admin.page.getByRole('button', { name: 'Reactivate', exact: true }).waitFor();

      // Its open session ends at its next request (the change of its own profile pokes its sync),
      // and signing in again is refused with the reason.
      await host.page.waitForURL((url) => url.pathname === '/login', { timeout: 15_000 });
      const login = new LoginPage(host.page);
      await login.email.waitFor();
      await login.signIn(hostEmail, DEMO_PASSWORD);
      expect(await login.errorText()).toBe(ACCOUNT_SUSPENDED);
      expect(new URL(host.page.url()).pathname).toBe('/login');

      await admin.page.getByRole('button', { name: 'Reactivate', exact: true }).click();
      const restore = admin.page.getByRole('dialog', { name: `Reactivate ${name}?` });
      await restore.getByRole('button', { name: 'Reactivate host' }).click();
      await admin.page.getByText('Host reactivated', { exact: true }).waitFor();
      await admin.page.getByRole('button', { name: 'Suspend', exact: true }).waitFor();

      await login.signIn(hostEmail, DEMO_PASSWORD);
      await host.page.waitForURL((url) => url.pathname === HOME_BY_ROLE.host);
    } finally {
      // Whatever failed above, the demo host is left active for the other browser tests.
      const token = await storedToken(admin.page);
      const hostId = new URL(hostPage).pathname.split('/').pop() ?? '';
      await admin.page.request.post(`/api/admin/hosts/${hostId}/status`, { data: { account_status: 'active' }, headers: { authorization: `Bearer ${token ?? ''}` } });
    }
  });
});

describe('admin console: admins', () => {
  it('lets the super admin invite an admin, deactivate and reactivate them', async () => {
    const admin = await sessions.open({ width: 390, height: 844 });
    await signInAs(admin.page, 'super_admin');
    await admin.page.goto('/admin/admins');
    const shell = new AppShell(admin.page);
    await shell.waitForHeading('Admins');
    await shell.waitForData();

    const email = `new.admin.${Date.now()}@example.com`;
    await admin.page.getByRole('button', { name: 'Invite admin' }).click();
    const dialog = admin.page.getByRole('dialog', { name: 'Invite an admin' });
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await dialog.getByText('Enter the admin’s name').waitFor();
    expect(await seriousViolations(admin.page)).toEqual([]);
    await dialog.getByLabel('Name').fill('Nina Admin');
    await dialog.getByLabel('E-mail').fill(email);
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await admin.page.getByText('Invitation sent', { exact: true }).waitFor();

    const row = admin.page.locator('.table tbody tr', { hasText: email });
    await row.getByText('Invited', { exact: true }).waitFor();
    // axe on the page itself (a toast's entrance animation fades its text in).
    await admin.page.locator('.toast', { hasText: 'Invitation sent' }).getByRole('button', { name: 'Dismiss notification' }).click();
    await admin.page.locator('.toast').waitFor({ state: 'detached' });
    expect(await seriousViolations(admin.page)).toEqual([]);
    await row.getByRole('button', { name: `Deactivate ${email}` }).click();
    await admin.page.getByRole('dialog', { name: 'Deactivate Nina Admin?' }).getByRole('button', { name: 'Deactivate' }).click();
    await row.getByText('Deactivated', { exact: true }).waitFor();
    await row.getByRole('button', { name: `Reactivate ${email}` }).click();
    await admin.page.getByRole('dialog', { name: 'Reactivate Nina Admin?' }).getByRole('button', { name: 'Reactivate' }).click();
    await row.getByText('Invited', { exact: true }).waitFor();

    // Inviting the same address again sends a fresh link to the admin who has not set a password.
    await admin.page.getByRole('button', { name: 'Invite admin' }).click();
    await dialog.getByLabel('Name').fill('Nina Admin');
    await dialog.getByLabel('E-mail').fill(email.toUpperCase());
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await admin.page.getByText('Invitation sent', { exact: true }).first().waitFor();
    await expect.poll(() => admin.page.locator('.table tbody tr', { hasText: email }).count()).toBe(1);
  });
});
