/**
 * Money in the property's currency (docs/decisions.md "Money"): properties and bookings carry an
 * ISO 4217 code, bookings are priced in their currency's minor units, and the server figures
 * (admin host page, admin dashboard) are one entry per currency, each the sum of that currency's rows.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HostDetail } from "../../shared/api/admin";
import type { Dashboard } from "../../shared/api/billing";
import { TABLE_IDS } from "../../shared/registry";
import {
  bookings,
  platformSettings,
  properties,
} from "../../shared/schema/tables";
import { importBooking } from "../src/modules/bookings/service";
import { transact } from "../src/db/write";
import { makeTestApp, type TestApp, inUnits } from "./helpers";
import { call, ok } from "./bookings-helpers";
import {
  createHost,
  createUser,
  type HostFixture,
  type UserFixture,
} from "./fixtures";
import { auth, mutation, push } from "./sync-helpers";

const B = TABLE_IDS.bookings;
const P = TABLE_IDS.properties;

let app: TestApp;
let host: HostFixture;
let admin: UserFixture;

beforeAll(async () => {
  app = await makeTestApp();
  host = createHost(app, { commissionRate: 12 });
  admin = createUser(app, "admin");
});
afterAll(async () => app.cleanup());

const bookingRow = (id: string) =>
  inUnits(bookings, app.db.select().from(bookings).where(eq(bookings.id, id)).get());
const propertyRow = (id: string) =>
  inUnits(properties, app.db.select().from(properties).where(eq(properties.id, id)).get());

async function property(currency?: string): Promise<string> {
  return ok(app, host.token, P, "create", {
    property_name: `House ${Math.random()}`,
    max_guests: 4,
    ...(currency ? { currency } : {}),
  });
}

describe("currency of properties", () => {
  it("defaults to the platform currency setting and takes a given ISO code", async () => {
    expect(propertyRow(await property())?.currency).toBe("USD");
    expect(propertyRow(await property("EUR"))?.currency).toBe("EUR");
    // A super admin set the platform's default currency to pounds.
    app.db
      .insert(platformSettings)
      .values({
        id: "setting-currency",
        setting_key: "currency",
        setting_value: "GBP",
        setting_type: "string",
      })
      .run();
    try {
      expect(propertyRow(await property())?.currency).toBe("GBP");
    } finally {
      app.db
        .delete(platformSettings)
        .where(eq(platformSettings.id, "setting-currency"))
        .run();
    }
  });

  it("refuses a code that is not ISO 4217 with a 400 naming currency", async () => {
    for (const currency of ["euro", "eur", "XQZ", 12]) {
      const r = await call(app, host.token, P, "create", {
        property_name: "Bad",
        currency,
      });
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(String(r.body.error)).toMatch(/currency/);
    }
    const id = await property("EUR");
    const r = await call(app, host.token, P, "update", {
      ID: id,
      currency: "EURO",
    });
    expect(r.status).toBe(400);
    expect(String(r.body.error)).toMatch(/currency/);
  });
});

describe("currency of bookings", () => {
  it("takes the property currency when the client sends none, and prices yen in whole yen", async () => {
    const kyoto = await property("JPY");
    const id = await ok(app, host.token, B, "create", {
      property_id: kyoto,
      check_in_date: "2031-01-01",
      check_out_date: "2031-01-04",
      total_amount: 28000.4,
    });
    expect(bookingRow(id)).toMatchObject({
      currency: "JPY",
      total_amount: 28000,
      commission_amount: 3360,
      net_amount: 24640,
    });
  });

  it("stores a booking made offline on a euro property in euros", async () => {
    const lisbon = await property("EUR");
    // One tablet sent the currency it read from the property, an older one sent none.
    const withCurrency = mutation(1, B, "create", `offline-${Math.random()}`, {
      property_id: lisbon,
      check_in_date: "2031-02-01",
      check_out_date: "2031-02-03",
      total_amount: 290.5,
      currency: "EUR",
    });
    const without = mutation(2, B, "create", `offline-${Math.random()}`, {
      property_id: lisbon,
      check_in_date: "2031-02-05",
      check_out_date: "2031-02-07",
      total_amount: 100.05,
    });
    const answer = await push(app, host.token, `tablet-${Math.random()}`, [
      withCurrency,
      without,
    ]);
    expect(answer.results.map((r) => r.status)).toEqual(["applied", "applied"]);
    expect(bookingRow(withCurrency.rowId)).toMatchObject({
      currency: "EUR",
      total_amount: 290.5,
      commission_amount: 34.86,
      net_amount: 255.64,
    });
    expect(bookingRow(without.rowId)).toMatchObject({
      currency: "EUR",
      total_amount: 100.05,
      commission_amount: 12.01,
    });
  });

  it("refuses a bad booking currency with a 400 naming currency", async () => {
    const r = await call(app, host.token, B, "create", {
      property_id: await property(),
      check_in_date: "2031-03-01",
      check_out_date: "2031-03-02",
      currency: "dollars",
    });
    expect(r.status).toBe(400);
    expect(String(r.body.error)).toMatch(/currency/);
  });

  it("keeps a booking in its currency when the property changes currency", async () => {
    const home = await property("EUR");
    const id = await ok(app, host.token, B, "create", {
      property_id: home,
      check_in_date: "2031-04-01",
      check_out_date: "2031-04-03",
      total_amount: 200,
    });
    await ok(app, host.token, P, "update", { ID: home, currency: "USD" });
    expect(bookingRow(id)?.currency).toBe("EUR");
    await ok(app, host.token, B, "update", { ID: id, total_amount: 210 });
    expect(bookingRow(id)).toMatchObject({
      currency: "EUR",
      total_amount: 210,
      commission_amount: 25.2,
    });
    const next = await ok(app, host.token, B, "create", {
      property_id: home,
      check_in_date: "2031-04-05",
      check_out_date: "2031-04-06",
      total_amount: 99,
    });
    expect(bookingRow(next)?.currency).toBe("USD");
  });

  it("an import keeps its source's currency, else takes the property's", async () => {
    const home = await property("EUR");
    const [fromFeed, fromPartner] = transact(app.db, (tx) => [
      importBooking(
        tx,
        {
          host_id: host.hostProfileId,
          property_id: home,
          check_in_date: "2031-05-01",
          check_out_date: "2031-05-03",
          total_amount: 0,
        },
        { now: app.now() },
      ).row,
      importBooking(
        tx,
        {
          host_id: host.hostProfileId,
          property_id: home,
          check_in_date: "2031-05-05",
          check_out_date: "2031-05-07",
          total_amount: 300,
          currency: "GBP",
        },
        { now: app.now() },
      ).row,
    ]);
    expect(fromFeed?.currency).toBe("EUR");
    expect(fromPartner?.currency).toBe("GBP");
  });
});

describe("server figures in three currencies", () => {
  let rich: HostFixture;
  let month: string;
  const made: {
    currency: string;
    total: number;
    commission: number;
    net: number;
    thisMonth: boolean;
  }[] = [];

  beforeAll(async () => {
    rich = createHost(app, { commissionRate: 10 });
    const first = await app.inject({
      method: "GET",
      url: "/api/admin/dashboard",
      headers: auth(admin.token),
    });
    month = first.json<Dashboard>().month;
    const homes: Record<string, string> = {};
    for (const currency of ["USD", "EUR", "JPY"])
      homes[currency] = await ok(app, rich.token, P, "create", {
        property_name: `${currency} home`,
        max_guests: 4,
        currency,
      });
    const stays: [string, number, string][] = [
      ["USD", 210.55, `${month}-02`],
      ["USD", 0.1, `${month}-10`],
      ["EUR", 145.15, `${month}-03`],
      ["EUR", 99.99, "2030-01-10"],
      ["JPY", 28000, `${month}-04`],
      ["JPY", 31555, `${month}-20`],
    ];
    for (const [currency, total, checkIn] of stays) {
      const day = Number(checkIn.slice(8, 10));
      const checkOut = `${checkIn.slice(0, 8)}${String(day + 1).padStart(2, "0")}`;
      const id = await ok(app, rich.token, B, "create", {
        property_id: homes[currency],
        check_in_date: checkIn,
        check_out_date: checkOut,
        total_amount: total,
      });
      const row = bookingRow(id);
      if (!row) throw new Error("no row");
      made.push({
        currency,
        total: row.total_amount,
        commission: row.commission_amount,
        net: row.net_amount,
        thisMonth: checkIn.startsWith(month),
      });
    }
  });

  const sum = (
    currency: string,
    key: "total" | "commission" | "net",
    onlyThisMonth = false,
  ) => {
    const scale = currency === "JPY" ? 1 : 100;
    return (
      Math.round(
        made
          .filter(
            (m) => m.currency === currency && (!onlyThisMonth || m.thisMonth),
          )
          .reduce((s, m) => s + m[key] * scale, 0),
      ) / scale
    );
  };

  it("the admin host page totals each currency apart, each the sum of that currency's rows", async () => {
    const res = await app.inject({
      method: "GET",
      url: `/api/admin/hosts/${rich.hostProfileId}`,
      headers: auth(admin.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json<HostDetail>();
    expect(detail.totals.bookings).toBe(6);
    expect(detail.totals.byCurrency).toEqual(
      ["EUR", "JPY", "USD"].map((currency) => ({
        currency,
        bookings: 2,
        revenue: sum(currency, "total"),
        commission: sum(currency, "commission"),
        net: sum(currency, "net"),
      })),
    );
    expect(detail.properties.map((p) => p.currency).sort()).toEqual([
      "EUR",
      "JPY",
      "USD",
    ]);
    expect(new Set(detail.recentBookings.map((b) => b.currency))).toEqual(
      new Set(["USD", "EUR", "JPY"]),
    );
  });

  it("the admin dashboard gives gross and commission per currency, never summed", async () => {
    const res = await app.inject({
      method: "GET",
      url: "/api/admin/dashboard",
      headers: auth(admin.token),
    });
    const d = res.json<Dashboard>();
    // Platform-wide: every kept booking of the app, summed per currency from the rows.
    const rows = app.db
      .select()
      .from(bookings)
      .all()
      .map((b) => inUnits(bookings, b))
      .filter((b) => b.deleted_at === null && b.booking_status !== "cancelled");
    const rowSum = (
      currency: string,
      field: "total_amount" | "commission_amount",
      onlyThisMonth: boolean,
    ) =>
      Math.round(
        rows
          .filter(
            (b) =>
              b.currency === currency &&
              (!onlyThisMonth || b.check_in_date.startsWith(month)),
          )
          .reduce((s, b) => s + b[field] * 100, 0),
      ) / 100;
    const currencies = [
      ...new Set(
        rows
          .filter((b) => b.check_in_date.startsWith(month))
          .map((b) => b.currency),
      ),
    ].sort();
    expect(currencies).toEqual(["EUR", "JPY", "USD"]);
    expect(d.grossBookingValueThisMonth).toEqual(
      currencies.map((currency) => ({
        currency,
        amount: rowSum(currency, "total_amount", true),
      })),
    );
    expect(d.commissionThisMonth).toEqual(
      currencies.map((currency) => ({
        currency,
        amount: rowSum(currency, "commission_amount", true),
      })),
    );
    expect(d.commissionTotal).toEqual(
      [...new Set(rows.map((b) => b.currency))]
        .sort()
        .map((currency) => ({
          currency,
          amount: rowSum(currency, "commission_amount", false),
        })),
    );
    // This host's share of the month is in there, per currency.
    expect(
      d.grossBookingValueThisMonth.find((m) => m.currency === "EUR")?.amount,
    ).toBeGreaterThanOrEqual(sum("EUR", "total", true));
  });
});
