/**
 * The stored money counters keep to one currency (docs/decisions.md, Money: COUNTER_CURRENCY):
 * host_profiles.total_revenue and guests.total_spent count the bookings priced in USD only, on
 * every write, in the recount and in the guest rebuild alike, and the VIP spend rule with them.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TABLE_IDS } from '../../shared/registry';
import { guests, hostProfiles } from '../../shared/schema/tables';
import { countersFromScratch } from '../src/modules/hosts/counters';
import { rebuildGuests } from '../src/modules/guests/service';
import { ok } from './bookings-helpers';
import { createHost, type HostFixture } from './fixtures';
import { makeTestApp, type TestApp } from './helpers';

const B = TABLE_IDS.bookings;
const P = TABLE_IDS.properties;
const NOW = new Date('2031-01-01T12:00:00Z');

let app: TestApp;
let host: HostFixture;

beforeAll(async () => {
  app = await makeTestApp({ now: () => NOW });
  host = createHost(app);
  const austin = await ok(app, host.token, P, 'create', { property_name: 'Austin', currency: 'USD' });
  const lisbon = await ok(app, host.token, P, 'create', { property_name: 'Lisbon', currency: 'EUR' });
  const kyoto = await ok(app, host.token, P, 'create', { property_name: 'Kyoto', currency: 'JPY' });
  const book = (property_id: string, guest_email: string, check_in_date: string, check_out_date: string, total_amount: number) =>
    ok(app, host.token, B, 'create', { property_id, guest_email, guest_name: guest_email, check_in_date, check_out_date, total_amount });
  await book(austin, 'dollars@example.com', '2031-02-01', '2031-02-08', 2500);
  await book(austin, 'mixed@example.com', '2031-03-01', '2031-03-03', 300);
  await book(lisbon, 'mixed@example.com', '2031-04-01', '2031-04-03', 1900);
  await book(lisbon, 'euros@example.com', '2031-05-01', '2031-05-08', 2500);
  await book(kyoto, 'yen@example.com', '2031-06-01', '2031-06-08', 196000);
});
afterAll(async () => app.cleanup());

const guestOf = (email: string) =>
  app.db.select().from(guests).where(eq(guests.host_id, host.hostProfileId)).all().find((g) => g.guest_email === email);

describe('money counters in one currency', () => {
  it("the host's total revenue counts its dollar bookings only, kept on each write as a recount finds it", () => {
    const stored = app.db.select().from(hostProfiles).where(eq(hostProfiles.id, host.hostProfileId)).get();
    expect(stored).toMatchObject({ total_bookings: 5, total_revenue: 2800 });
    expect(app.db.transaction((tx) => countersFromScratch(tx, host.hostProfileId))).toMatchObject({ total_bookings: 5, total_revenue: 2800 });
  });

  it("a guest's spend counts dollars only, and so does the VIP spend rule", () => {
    expect(guestOf('dollars@example.com')).toMatchObject({ total_bookings: 1, total_spent: 2500, vip_status: true });
    // 300 dollars and 1,900 euros are not 2,200 of anything.
    expect(guestOf('mixed@example.com')).toMatchObject({ total_bookings: 2, total_spent: 300, vip_status: false });
    expect(guestOf('euros@example.com')).toMatchObject({ total_bookings: 1, total_spent: 0, vip_status: false });
    expect(guestOf('yen@example.com')).toMatchObject({ total_bookings: 1, total_spent: 0, vip_status: false });
  });

  it('the guest rebuild (SQL fast path and exact derivation) finds the same figures', () => {
    const before = app.db.select().from(guests).where(eq(guests.host_id, host.hostProfileId)).all();
    app.db.transaction((tx) => rebuildGuests(tx, host.hostProfileId, NOW));
    const after = app.db.select().from(guests).where(eq(guests.host_id, host.hostProfileId)).all();
    const figures = (rows: typeof before) => rows.map((g) => [g.guest_email, g.total_spent, g.vip_status]).sort();
    expect(figures(after)).toEqual(figures(before));
  });
});
