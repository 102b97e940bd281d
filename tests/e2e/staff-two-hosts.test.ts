/**
 * One housekeeper, two hosts, on a phone (390×844): two hosts invite the same address; she sets
 * her password with the first host's link, accepts the second host's with a button (signed in,
 * no password asked), sees both hosts' tasks labelled and filters them by host, and switches host
 * on the profile page, which then shows that host's record of her. Its own server: the invite
 * links are read from the development transport's mailbox in this process.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { TABLE_IDS } from '../../shared/registry';
import { devMailbox } from '../../server/src/modules/email/mailer';
import { launchBrowser } from './support/browser';
import { OwnServer } from './support/own-server';
import { seriousViolations } from './support/axe';

const server = new OwnServer('staff-two-hosts');
let browser: Browser;
const EMAIL = 'sam.two-hosts@e2e.test';
const PASSWORD = 'sam two hosts';

type Json = Record<string, unknown>;

async function api(path: string, body: Json, token?: string): Promise<Json> {
  const res = await fetch(`${server.origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as Json;
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(json)}`);
  return json;
}

type Host = { company: string; task: string; phone: string };

/** A host with a property, a staff row for Sam and a task for her today; then the invite. */
async function hostWithTaskFor(host: Host, tag: string): Promise<void> {
  const { token, user } = (await api('/api/auth/register', { email: `${tag}@e2e.test`, password: 'host password', company_name: host.company })) as {
    token: string;
    user: { hostProfileId: string };
  };
  const property = (await api(`/api/table/${TABLE_IDS.properties}/create`, { property_name: `${host.company} cottage`, address: '1 Harbour Road' }, token)) as { ID: string };
  const staff = (await api(`/api/table/${TABLE_IDS.housekeeping_staff}/create`, { staff_name: 'Sam Two', staff_email: EMAIL, staff_phone: host.phone }, token)) as { ID: string };
  const today = new Date().toISOString().slice(0, 10);
  await api(`/api/table/${TABLE_IDS.housekeeping_tasks}/create`, { property_id: property.ID, task_title: host.task, assigned_staff_id: staff.ID, scheduled_date: today, host_id: user.hostProfileId }, token);
  await api(`/api/staff/${staff.ID}/invite`, {}, token);
}

/** The link of the newest invite to Sam that names this host, once the mail queue sent it. */
async function inviteLink(company: string): Promise<string> {
  for (let i = 0; i < 100; i += 1) {
    const mail = [...devMailbox.list()].reverse().find((m) => m.to === EMAIL && m.text.includes(company));
    if (mail?.link) return new URL(mail.link).pathname + new URL(mail.link).search;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No invite from ${company} reached ${EMAIL}`);
}

const ALPHA: Host = { company: 'Alpha Lets', task: 'Alpha turnover', phone: '+1 555 0101' };
const BRAVO: Host = { company: 'Bravo Homes', task: 'Bravo deep clean', phone: '+1 555 0202' };

beforeAll(async () => {
  await server.start();
  browser = await launchBrowser();
  await hostWithTaskFor(ALPHA, 'alpha.host');
  await hostWithTaskFor(BRAVO, 'bravo.host');
});
afterAll(async () => {
  await browser?.close();
  await server.remove();
});

describe('a housekeeper working for two hosts', () => {
  it('accepts both invites, signs in once, sees both hosts’ tasks labelled and switches host', async () => {
    const context = await browser.newContext({ baseURL: server.origin, viewport: { width: 390, height: 844 } });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    // The first host's link: a new housekeeper chooses her password.
    await page.goto(await inviteLink(ALPHA.company));
    await page.getByRole('heading', { name: `Join ${ALPHA.company} as a housekeeper` }).waitFor();
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.locator('input[name="confirm"]').fill(PASSWORD);
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.waitForURL((url) => url.pathname === '/login');

    // The second host's link: she has a password, so she only accepts, and is signed in.
    await page.goto(await inviteLink(BRAVO.company));
    await page.getByRole('heading', { name: `Join ${BRAVO.company} as a housekeeper` }).waitFor();
    expect(await page.locator('input[type="password"]').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Accept' }).click();
    await page.waitForURL((url) => url.pathname === '/staff/dashboard');

    // Both hosts' tasks, each labelled with its host.
    await page.locator('nav.tabbar').getByRole('link', { name: 'Tasks' }).click();
    await page.waitForURL((url) => url.pathname === '/staff/tasks');
    const alphaCard = page.locator('.task-card', { hasText: ALPHA.task });
    const bravoCard = page.locator('.task-card', { hasText: BRAVO.task });
    await alphaCard.waitFor();
    await bravoCard.waitFor();
    expect(await alphaCard.locator('.host-label').innerText()).toContain(ALPHA.company);
    expect(await bravoCard.locator('.host-label').innerText()).toContain(BRAVO.company);
    // The filter by host keeps one host's tasks.
    await page.getByLabel('Host').selectOption({ label: BRAVO.company });
    await alphaCard.waitFor({ state: 'detached' });
    expect(await bravoCard.count()).toBe(1);
    await page.getByLabel('Host').selectOption({ label: 'All hosts' });
    await alphaCard.waitFor();
    // The task dialog names the host too.
    await bravoCard.click();
    const dialog = page.locator('dialog.dialog[open]');
    await dialog.locator('.dialog__title', { hasText: BRAVO.task }).waitFor();
    expect(await dialog.locator('.host-label').innerText()).toContain(BRAVO.company);
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Close' }).last().click();

    // The profile shows the current host's record of her (Bravo's, the invite just accepted); switching shows Alpha's.
    await page.goto('/staff/profile');
    const hostSwitch = page.getByLabel('Host');
    await hostSwitch.waitFor();
    expect(await hostSwitch.locator('option:checked').innerText()).toBe(BRAVO.company);
    await page.getByText(BRAVO.phone).waitFor();
    await hostSwitch.selectOption({ label: ALPHA.company });
    await page.getByText(ALPHA.phone).waitFor();
    expect(await page.getByText(BRAVO.phone).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    // The choice is the server's: it holds after a reload.
    await page.reload();
    await page.getByText(ALPHA.phone).waitFor();
    expect(await page.getByLabel('Host').locator('option:checked').innerText()).toBe(ALPHA.company);

    expect(errors).toEqual([]);
    await context.close();
  });
});
