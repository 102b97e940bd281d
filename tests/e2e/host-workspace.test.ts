/**
 * The host's workspace in Chromium: with the network cut for the writes, the demo host creates a
 * property and a booking, is refused a double booking in place (the local check, the server's
 * rule), and a booking the server refuses on sync (someone took the dates meanwhile) is shown with
 * the server's reason. Back online the changes sync: the server computed commission and net, the
 * booking is on the calendar and its total on the finances page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { baseUrl, launchBrowser, newSession, type Session } from './support/browser';
import { DEMO_PASSWORD, HOME_BY_ROLE, demoEmail } from './support/accounts';
import { localRows, storedToken, waitForRoleCache, waitForServiceWorker } from './support/storage';
import { goOffline, goOnline } from './support/network';
import { LoginPage } from './pages/login-page';
import { SyncStatusPill } from './pages/sync-status';

let browser: Browser;
let s: Session;

beforeAll(async () => {
  browser = await launchBrowser();
  s = await newSession(browser);
});
afterAll(async () => {
  expect(s?.errors ?? []).toEqual([]);
  await s?.context.close();
  await browser?.close();
});

function utcDay(offset: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
}

/** The booking and property forms (dialogs) and the lists around them. */
class HostWorkspace {
  constructor(readonly page: Page) {}

  get dialog(): Locator {
    return this.page.locator('dialog.dialog[open]');
  }

  /** A control by its label; required fields carry a " *" after it. */
  field(label: string): Locator {
    const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return this.dialog.getByLabel(new RegExp(`^${escaped}( \\*)?$`));
  }

  async openNew(button: 'New property' | 'New booking'): Promise<void> {
    await this.page.getByRole('button', { name: button, exact: true }).first().click();
    await this.dialog.waitFor();
  }

  async fillBooking(b: { property: string; guest: string; checkIn: string; checkOut: string; guests: number; total: number }): Promise<void> {
    await this.field('Property').selectOption({ label: b.property });
    await this.field('Guest name').fill(b.guest);
    await this.field('Check-in').fill(b.checkIn);
    await this.field('Check-out').fill(b.checkOut);
    await this.field('Guests').fill(String(b.guests));
    await this.field('Total').fill(String(b.total));
  }

  async submit(name: string): Promise<void> {
    await this.dialog.getByRole('button', { name, exact: true }).click();
  }
}

describe('host workspace', () => {
  const propertyName = `Harbour Loft ${Date.now().toString(36)}`;
  const guest = 'Eve Offline';
  const checkIn = utcDay(0);
  const checkOut = utcDay(3);
  const total = 457.25;

  it('creates a property and a booking offline, is refused a double booking in place, and sees the server refuse a clash on sync', async () => {
    const { page, context } = s;
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(demoEmail('host'), DEMO_PASSWORD);
    await page.waitForURL((url) => url.pathname === HOME_BY_ROLE.host);
    await waitForServiceWorker(page);
    const sync = new SyncStatusPill(page);
    await sync.waitForSynced();
    await waitForRoleCache(page, 'host');
    const ws = new HostWorkspace(page);

    const demoProperty = (await localRows(page, 'properties')).find((p) => p.status === 'active') as { id: string; property_name: string } | undefined;
    if (!demoProperty) throw new Error('The demo host has no active property');
    const token = await storedToken(page);
    expect(token).toBeTruthy();

    await page.goto('/host/properties');
    await page.getByRole('heading', { name: 'Properties', level: 1 }).waitFor();
    await goOffline(context);

    // A property, offline.
    await ws.openNew('New property');
    await ws.submit('Add property');
    await ws.dialog.getByText('Give the property a name').waitFor();
    await ws.field('Property name').fill(propertyName);
    await ws.field('Sleeps (max guests)').fill('3');
    await ws.field('Nightly base price').fill('150');
    await ws.dialog.getByText('Wi-Fi', { exact: true }).click();
    await ws.submit('Add property');
    await ws.dialog.waitFor({ state: 'detached' });
    await page.getByRole('link', { name: propertyName }).waitFor();
    await sync.waitForPending('offline', 1);

    // A booking of it, offline; inline validation first.
    await page.goto('/host/bookings');
    await page.getByRole('heading', { name: 'Bookings', level: 1 }).waitFor();
    await ws.openNew('New booking');
    await ws.fillBooking({ property: propertyName, guest, checkIn, checkOut: checkIn, guests: 4, total });
    await ws.dialog.getByText('Check-out must be after check-in').waitFor();
    await ws.dialog.getByText('Guests must be at most 3').waitFor();
    await ws.field('Check-out').fill(checkOut);
    await ws.field('Guests').fill('2');
    await ws.dialog.getByText('calculated on sync').waitFor();
    await ws.submit('Add booking');
    await ws.dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: guest }).waitFor();

    // The same nights again: refused in place, with the booking in the way named.
    await ws.openNew('New booking');
    await ws.fillBooking({ property: propertyName, guest: 'Dan Double', checkIn: utcDay(1), checkOut: utcDay(2), guests: 1, total: 100 });
    const overlap = `These dates overlap the booking of ${guest} from ${checkIn} to ${checkOut}`;
    await ws.dialog.getByText(overlap).waitFor();
    await ws.submit('Add booking');
    await ws.dialog.getByText('Double booking refused').waitFor();
    expect(await ws.dialog.isVisible()).toBe(true);
    await ws.dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await ws.dialog.waitFor({ state: 'detached' });

    // Dates free on this device but taken on the server meanwhile: the server refuses on sync.
    const far = [utcDay(300), utcDay(303)] as const;
    await ws.openNew('New booking');
    await ws.fillBooking({ property: demoProperty.property_name, guest: 'Rita Late', checkIn: far[0], checkOut: far[1], guests: 1, total: 300 });
    await ws.submit('Add booking');
    await ws.dialog.waitFor({ state: 'detached' });
    await sync.waitForPending('offline', 3);
    const taken = await fetch(`${baseUrl()}/api/table/20101/create`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ property_id: demoProperty.id, guest_name: 'Sam Server', check_in_date: utcDay(301), check_out_date: utcDay(305), total_amount: 400 }),
    });
    expect(taken.status).toBe(201);

    await goOnline(context);
    await sync.waitForSynced(30_000);
    const refusal = page.getByRole('region', { name: 'Refused booking changes' });
    await refusal.getByText(`These dates overlap the booking of Sam Server from ${utcDay(301)} to ${utcDay(305)}`).waitFor();
    await refusal.getByText('Rita Late').waitFor();
  });

  it('shows the server-computed commission, the booking on the calendar and its total in finances', async () => {
    const { page } = s;
    const ws = new HostWorkspace(page);
    const bookings = (await localRows(page, 'bookings')) as { id: string; guest_name: string; total_amount: number; commission_amount: number; net_amount: number }[];
    const mine = bookings.find((b) => b.guest_name === guest);
    // The demo host is on pro at 12 % (shared/demo/generate.ts): 457.25 × 12 % = 54.87.
    // The new property took the host's usual currency (dollars), and so did its booking.
    expect(mine).toMatchObject({ currency: 'USD', total_amount: total, commission_amount: 54.87, net_amount: 402.38 });
    expect(bookings.some((b) => b.guest_name === 'Rita Late')).toBe(false);

    await page.getByRole('button', { name: guest }).click();
    await ws.dialog.getByTestId('commission').getByText('$54.87').waitFor();
    await ws.dialog.getByTestId('net').getByText('$402.38').waitFor();
    await ws.dialog.getByRole('button', { name: 'Close', exact: true }).last().click();

    await page.goto('/host/calendar');
    const bar = page.locator(`.tl__bar[data-booking-id="${mine?.id}"]`);
    await bar.waitFor();
    expect(await bar.textContent()).toContain(guest);
    await bar.click();
    await ws.dialog.locator('.dialog__title', { hasText: `Booking of ${guest}` }).waitFor();
    await ws.dialog.getByRole('button', { name: 'Close', exact: true }).last().click();

    await page.goto('/host/finances');
    await page.getByRole('heading', { name: 'Finances', level: 1 }).waitFor();
    // The month of its check-in adds it up with the other dollar stays checking in that month (the
    // table is of one currency, USD by default; euro and yen stays have their own): gross,
    // commission and net as the device's rows sum them (in cents), the new booking included.
    const month = checkIn.slice(0, 7);
    const all = (await localRows(page, 'bookings')) as { check_in_date: string; booking_status: string; currency: string; total_amount: number; commission_amount: number; net_amount: number }[];
    const inMonth = all.filter((b) => b.booking_status !== 'cancelled' && b.currency === 'USD' && b.check_in_date.startsWith(month));
    const cents = (pick: (b: (typeof inMonth)[number]) => number) => inMonth.reduce((sum, b) => sum + Math.round(pick(b) * 100), 0) / 100;
    const usd = (n: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(n);
    const label = `${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][Number(month.slice(5)) - 1]} ${month.slice(0, 4)}`;
    const row = page.getByRole('table', { name: new RegExp(`Revenue by month, ${month.slice(0, 4)}`) }).getByRole('row').filter({ hasText: label });
    const cells = await row.getByRole('cell').allInnerTexts();
    expect(cells.slice(0, 5)).toEqual([label, String(inMonth.length), usd(cents((b) => b.total_amount)), usd(cents((b) => b.commission_amount)), usd(cents((b) => b.net_amount))]);
    expect(inMonth.some((b) => b.total_amount === total)).toBe(true);
  });
});
