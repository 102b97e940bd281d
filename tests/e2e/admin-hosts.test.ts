/**
 * The admin console's hosts: as the super admin, search the demo host, open its page, suspend it
 * (with the confirmation); the host's sign-in is then refused with the suspension message; the
 * super admin reactivates it and the host signs in again.
 */
import { describe, expect, it } from 'vitest';
import { ACCOUNT_SUSPENDED } from '../../shared/messages';
import { browserSessions } from './support/browser';
import { DEMO_PASSWORD, HOME_BY_ROLE, demoEmail } from './support/accounts';
import { storedToken } from './support/storage';
import { LoginPage, signInAs } from './pages/login-page';
import { AppShell } from './pages/app-shell';

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
    const link = rows.first().getByRole('link');
    const name = (await link.innerText()).trim();
    await link.click();
    await admin.page.waitForURL((url) => /^\/admin\/hosts\/[^/]+$/.test(url.pathname));
    await shell.waitForHeading(name);
    await shell.waitForData();
    const hostPage = admin.page.url();
    for (const section of ['Profile', 'Properties', 'Bookings and commission', 'Staff', 'Calendar feeds']) {
      await admin.page.getByRole('heading', { name: section, exact: true }).waitFor();
    }
    await admin.page.locator('.table').first().waitFor();

    try {
      await admin.page.getByRole('button', { name: 'Suspend', exact: true }).click();
      const confirm = admin.page.getByRole('dialog', { name: `Suspend ${name}?` });
      await confirm.waitFor();
      await confirm.getByRole('button', { name: 'Suspend host' }).click();
      await admin.page.getByText('Host suspended', { exact: true }).waitFor();
      await admin.page.getByText('This host is suspended').waitFor();
      await admin.page.getByRole('button', { name: 'Reactivate', exact: true }).waitFor();

      const host = await sessions.open();
      const login = new LoginPage(host.page);
      await login.goto();
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
