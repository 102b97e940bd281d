/**
 * The housekeeper's own language (issue 24), on phones (390×844), with two housekeepers of a host
 * of this file's own (its own server: the invite links are read from the development mailbox in
 * this process, and no demo account's language changes):
 * - Bruna's phone speaks Brazilian Portuguese (Chromium's locale `pt-BR`) and she chose no
 *   language: her invitation, sign-in and profile are in Portuguese, `<html lang>` follows, a
 *   count is pluralised ("Outros 2 aparelhos…") and her hire date follows her date format with the
 *   month named in Portuguese;
 * - Lucía's phone speaks English; she chooses Español on her profile, which applies at once, then
 *   switches offline (applied at once again, from the precache), and her next device speaks
 *   Spanish as soon as her synced setting arrives after sign-in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { TABLE_IDS } from '../../shared/registry';
import { displaySettings, users } from '../../shared/schema/tables';
import { devMailbox } from '../../server/src/modules/email/mailer';
import { launchBrowser } from './support/browser';
import { OwnServer } from './support/own-server';
import { goOffline, goOnline } from './support/network';
import { waitForServiceWorker } from './support/storage';
import { LoginPage } from './pages/login-page';

const server = new OwnServer('languages');
let browser: Browser;
const COMPANY = 'Casa Sol';
const BRUNA = { email: 'bruna.languages@e2e.test', name: 'Bruna', password: 'bruna password' };
const LUCIA = { email: 'lucia.languages@e2e.test', name: 'Lucía', password: 'lucia password' };

type Json = Record<string, unknown>;

async function api(path: string, body: Json, token?: string, headers: Record<string, string> = {}): Promise<Json> {
  const res = await fetch(`${server.origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as Json;
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(json)}`);
  return json;
}

/** The newest invite link mailed to `email`, once the mail queue sent it. */
async function inviteLink(email: string): Promise<string> {
  for (let i = 0; i < 100; i += 1) {
    const mail = [...devMailbox.list()].reverse().find((m) => m.to === email);
    if (mail?.link) return new URL(mail.link).pathname + new URL(mail.link).search;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No invite reached ${email}`);
}

async function phone(locale: string): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ baseURL: server.origin, viewport: { width: 390, height: 844 }, locale });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);

/** The invitation's page: a first password, then the sign-in page. */
async function acceptInvite(page: Page, email: string, password: string, texts: { heading: string; save: string }): Promise<void> {
  await page.goto(await inviteLink(email));
  await page.getByRole('heading', { name: texts.heading }).waitFor();
  await page.locator('input[name="password"]').fill(password);
  await page.locator('input[name="confirm"]').fill(password);
  await page.getByRole('button', { name: texts.save }).click();
  await page.waitForURL((url) => url.pathname === '/login');
}

beforeAll(async () => {
  await server.start();
  browser = await launchBrowser();
  const { token } = (await api('/api/auth/register', { email: 'casa.sol.host@e2e.test', password: 'host password', name: 'Sol Host', company_name: COMPANY })) as { token: string };
  for (const person of [BRUNA, LUCIA]) {
    const staff = (await api(`/api/table/${TABLE_IDS.housekeeping_staff}/create`, { staff_name: person.name, staff_email: person.email, hire_date: '2024-01-05' }, token)) as { ID: string };
    await api(`/api/staff/${staff.ID}/invite`, {}, token);
  }
});
afterAll(async () => {
  await browser?.close();
  await server.remove();
});

describe('the housekeeper’s language', () => {
  it('follows a pt-BR phone with no setting: invitation, sign-in, profile, a plural and a date', async () => {
    const { context, page, errors } = await phone('pt-BR');
    await acceptInvite(page, BRUNA.email, BRUNA.password, { heading: `Entre para a equipe de limpeza de ${COMPANY}`, save: 'Salvar nova senha' });
    expect(await htmlLang(page)).toBe('pt-BR');
    await page.getByText('Sua senha foi alterada. Entre com a nova senha.').waitFor();
    await page.getByRole('heading', { name: 'Entrar' }).waitFor();
    expect(await page.getByLabel('Senha').count()).toBe(1);
    await new LoginPage(page).signIn(BRUNA.email, BRUNA.password);
    await page.waitForURL((url) => url.pathname === '/staff/dashboard');

    // Two more devices signed in, through the API, for a count.
    for (const agent of ['Tablet one', 'Tablet two']) await api('/api/auth/login', { email: BRUNA.email, password: BRUNA.password }, undefined, { 'user-agent': agent });
    await page.goto('/staff/profile');
    await page.getByRole('heading', { name: 'Perfil' }).waitFor();
    expect(await htmlLang(page)).toBe('pt-BR');
    const language = page.getByLabel('Idioma', { exact: true });
    expect(await language.locator('option:checked').innerText()).toBe('Do aparelho: Português (Brasil)');
    await page.getByText('Segunda-feira').waitFor();

    // Her date format decides the pattern; Portuguese names the month.
    const since = page.locator('.details div', { has: page.locator('dt', { hasText: /^Desde$/ }) }).locator('dd');
    expect(await since.innerText()).toBe('01/05/2024');
    await page.getByLabel('Formato de data').selectOption('DD MMMM YYYY');
    await page.getByRole('button', { name: 'Salvar configurações de exibição' }).click();
    await page.getByText('Configurações de exibição salvas').first().waitFor();
    await expect.poll(() => since.innerText()).toBe('05 de janeiro de 2024');

    // A pluralised count.
    await page.getByRole('button', { name: 'Desconectar de todos os outros' }).click();
    await page.getByText('Outros 2 aparelhos foram desconectados').first().waitFor();
    await page.getByText('Nenhum outro aparelho está conectado.').waitFor();
    // Saving the date format made her settings row, with no language: still the device's.
    expect(await language.locator('option:checked').innerText()).toBe('Do aparelho: Português (Brasil)');
    expect(await htmlLang(page)).toBe('pt-BR');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('follows the setting chosen on the profile, at once, offline too, and on her next device', async () => {
    const { context, page, errors } = await phone('en-US');
    await acceptInvite(page, LUCIA.email, LUCIA.password, { heading: `Join ${COMPANY} as a housekeeper`, save: 'Save new password' });
    expect(await htmlLang(page)).toBe('en');
    await new LoginPage(page).signIn(LUCIA.email, LUCIA.password);
    await page.waitForURL((url) => url.pathname === '/staff/dashboard');
    await page.goto('/staff/profile');
    await page.getByRole('heading', { name: 'Profile' }).waitFor();
    await page.getByLabel('Language', { exact: true }).selectOption({ label: 'Español' });
    await page.getByRole('heading', { name: 'Perfil' }).waitFor();
    expect(await htmlLang(page)).toBe('es');
    await page.getByLabel('Zona horaria').waitFor();
    await page.getByText('Lunes').waitFor();
    const today = new Intl.DateTimeFormat('es', { day: '2-digit', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date());
    expect(await page.getByLabel('Formato de fecha').locator('option[value="DD MMMM YYYY"]').innerText()).toBe(`DD MMMM YYYY (${today})`);

    // Offline: another language applies at once, from the precache.
    await waitForServiceWorker(page);
    await goOffline(context);
    await page.getByLabel('Idioma', { exact: true }).selectOption({ label: 'Português (Brasil)' });
    await page.getByLabel('Fuso horário').waitFor();
    expect(await htmlLang(page)).toBe('pt-BR');
    await page.getByLabel('Idioma', { exact: true }).selectOption({ label: 'Español' });
    await page.getByLabel('Zona horaria').waitFor();
    expect(await htmlLang(page)).toBe('es');
    await goOnline(context);

    // Her setting reaches the server (the outbox is sent once online) …
    await expect
      .poll(
        () =>
          server.app.db
            .select({ language: displaySettings.language })
            .from(displaySettings)
            .innerJoin(users, eq(users.ID, displaySettings.user_id))
            .where(eq(users.Email, LUCIA.email))
            .get()?.language,
        { timeout: 20_000 },
      )
      .toBe('es');
    expect(errors).toEqual([]);

    // … and her next device, an English one, speaks Spanish once it arrives after sign-in.
    const next = await phone('en-US');
    await next.page.goto('/login');
    expect(await htmlLang(next.page)).toBe('en');
    await new LoginPage(next.page).signIn(LUCIA.email, LUCIA.password);
    await next.page.waitForURL((url) => url.pathname === '/staff/dashboard');
    await expect.poll(() => htmlLang(next.page), { timeout: 15_000 }).toBe('es');
    await next.page.goto('/staff/profile');
    await next.page.getByRole('heading', { name: 'Perfil' }).waitFor();
    expect(next.errors).toEqual([]);
    await next.context.close();
    await context.close();
  });
});
