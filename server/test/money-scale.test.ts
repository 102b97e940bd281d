/**
 * Stored scale of money tied to a row's currency (docs/decisions.md "Money"): SQLite holds each
 * amount in its currency's own minor units (whole yen, cents, thousandths of a dinar), while the
 * server, the HTTP API and the sync wire see currency units.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HostDetail } from "../../shared/api/admin";
import { currenciesNotInCents, fromMinor, toMinor } from "../../shared/money";
import { TABLE_IDS } from "../../shared/registry";
import { makeTestApp, type TestApp } from "./helpers";
import { call, ok } from "./bookings-helpers";
import { createHost, createUser, type HostFixture } from "./fixtures";
import { auth, mutation, pull, push } from "./sync-helpers";

const B = TABLE_IDS.bookings;
const P = TABLE_IDS.properties;

let app: TestApp;
let host: HostFixture;

beforeAll(async () => {
  app = await makeTestApp();
  host = createHost(app, { commissionRate: 10 });
});
afterAll(async () => app.cleanup());

async function property(currency: string, base_price = 0): Promise<string> {
  return ok(app, host.token, P, "create", { property_name: `${currency} ${Math.random()}`, max_guests: 4, currency, base_price });
}

async function booking(propertyId: string, total: number, checkIn: string): Promise<string> {
  const day = Number(checkIn.slice(8, 10));
  return ok(app, host.token, B, "create", {
    property_id: propertyId,
    check_in_date: checkIn,
    check_out_date: `${checkIn.slice(0, 8)}${String(day + 1).padStart(2, "0")}`,
    total_amount: total,
  });
}

async function readBooking(id: string): Promise<Record<string, unknown>> {
  const r = await call(app, host.token, B, "page", { PageNo: 1, PageSize: 1, Filters: [{ name: "id", op: "Equal", value: id }] });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return (r.body.List as Record<string, unknown>[])[0] ?? {};
}

type Raw = { id: string; currency: string; total_amount: number; commission_amount: number; net_amount: number };
const rawBooking = (id: string) =>
  app.db.$client.prepare("SELECT id, currency, total_amount, commission_amount, net_amount FROM bookings WHERE id = ?").get(id) as Raw;

describe("money in each currency's own minor units", () => {
  it("stores whole yen for a yen booking, cents for a euro one, thousandths for a dinar one (a raw SQL read)", async () => {
    const yen = await booking(await property("JPY", 12000), 28000, "2032-02-02");
    const euro = await booking(await property("EUR", 120.5), 145.15, "2032-02-02");
    const dinar = await booking(await property("KWD", 30.125), 1.235, "2032-02-02");
    expect(rawBooking(yen)).toMatchObject({ total_amount: 28000, commission_amount: 2800, net_amount: 25200 });
    expect(rawBooking(euro)).toMatchObject({ total_amount: 14515, commission_amount: 1452, net_amount: 13063 });
    expect(rawBooking(dinar)).toMatchObject({ total_amount: 1235, commission_amount: 124, net_amount: 1111 });
    const prices = app.db.$client.prepare("SELECT currency, base_price FROM properties WHERE host_id = ? AND currency IN ('JPY', 'EUR', 'KWD') ORDER BY currency").all(host.hostProfileId);
    expect(prices).toEqual([
      { currency: "EUR", base_price: 12050 },
      { currency: "JPY", base_price: 12000 },
      { currency: "KWD", base_price: 30125 },
    ]);
  });


  it("keeps a dinar amount's third decimal (KWD 1.234 round-trips exactly)", async () => {
    const id = await booking(await property("KWD"), 1.234, "2032-01-02");
    expect(await readBooking(id)).toMatchObject({ currency: "KWD", total_amount: 1.234, commission_amount: 0.123, net_amount: 1.111 });
  });
});

describe("the wire keeps currency units", () => {
  it("a sync push and pull round-trip amounts unchanged in every scale", async () => {
    const tablet = `tablet-${Math.random()}`;
    const cases: [string, number][] = [["JPY", 31555], ["EUR", 290.5], ["KWD", 12.345], ["USD", 0.1]];
    const made: { id: string; currency: string; total: number }[] = [];
    let seq = 1;
    for (const [currency, total] of cases) {
      const home = await property(currency, total);
      const m = mutation(seq++, B, "create", `offline-${Math.random()}`, { property_id: home, check_in_date: "2032-03-01", check_out_date: "2032-03-03", total_amount: total, currency });
      const answer = await push(app, host.token, tablet, [m]);
      expect(answer.results[0]?.status).toBe("applied");
      made.push({ id: m.rowId, currency, total });
    }
    const seen = new Map<string, Record<string, unknown>>();
    let cursor = 0;
    for (;;) {
      const page = await pull(app, host.token, cursor);
      for (const c of page.changes) if (c.table === B || c.table === P) seen.set(String(c.row.id), c.row);
      cursor = page.cursor;
      if (!page.more) break;
    }
    for (const m of made) {
      const row = seen.get(m.id);
      const commission = fromMinor(Math.round((toMinor(m.total, m.currency) * 10) / 100), m.currency);
      expect(row).toMatchObject({ currency: m.currency, total_amount: m.total, commission_amount: commission });
      expect(row?.net_amount).toBe(fromMinor(toMinor(m.total, m.currency) - toMinor(commission, m.currency), m.currency));
      expect(seen.get(String(row?.property_id))).toMatchObject({ currency: m.currency, base_price: m.total });
      expect(rawBooking(m.id).total_amount).toBe(toMinor(m.total, m.currency));
    }
    // An update that names the amount alone is stored in the row's own scale.
    const yen = made[0] as { id: string };
    const answer = await push(app, host.token, tablet, [mutation(seq, B, "update", yen.id, { total_amount: 40000 })]);
    expect(answer.results[0]?.status).toBe("applied");
    expect(rawBooking(yen.id)).toMatchObject({ total_amount: 40000, commission_amount: 4000, net_amount: 36000 });
  });

  it("filters and orders amounts by their value in units, whatever their scale", async () => {
    const rich = createHost(app, { commissionRate: 10 });
    const mine = async (currency: string) => ok(app, rich.token, P, "create", { property_name: currency, max_guests: 2, currency });
    const homes = { JPY: await mine("JPY"), EUR: await mine("EUR"), KWD: await mine("KWD") };
    const stay = (property_id: string, total_amount: number) =>
      ok(app, rich.token, B, "create", { property_id, check_in_date: "2032-04-01", check_out_date: "2032-04-02", total_amount });
    await stay(homes.JPY, 150);
    await stay(homes.EUR, 149.99);
    await stay(homes.KWD, 150.001);
    const page = async (body: Record<string, unknown>) => {
      const r = await call(app, rich.token, B, "page", { PageNo: 1, PageSize: 10, ...body });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return (r.body.List as { currency: string; total_amount: number }[]).map((b) => `${b.currency} ${b.total_amount}`);
    };
    expect(await page({ Filters: [{ name: "total_amount", op: "Equal", value: 150 }] })).toEqual(["JPY 150"]);
    expect(await page({ Filters: [{ name: "total_amount", op: "GreaterThanOrEqual", value: 150 }], OrderByField: "total_amount" })).toEqual(["JPY 150", "KWD 150.001"]);
    expect(await page({ Filters: [{ name: "total_amount", op: "LessThanOrEqual", value: 149.99 }] })).toEqual(["EUR 149.99"]);
    expect(await page({ OrderByField: "total_amount", IsAsc: false })).toEqual(["KWD 150.001", "JPY 150", "EUR 149.99"]);
  });
});

describe("sums per currency", () => {
  it("the admin host page's figures equal the sums of the raw rows of each currency", async () => {
    const admin = createUser(app, "admin");
    const res = await app.inject({ method: "GET", url: `/api/admin/hosts/${host.hostProfileId}`, headers: auth(admin.token) });
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json<HostDetail>();
    const raw = app.db.$client
      .prepare("SELECT currency, total_amount, commission_amount, net_amount FROM bookings WHERE host_id = ? AND deleted_at IS NULL AND booking_status <> 'cancelled'")
      .all(host.hostProfileId) as Raw[];
    const currencies = [...new Set(raw.map((r) => r.currency))].sort();
    expect(currencies.length).toBeGreaterThanOrEqual(4);
    expect(detail.totals.byCurrency.map((c) => c.currency)).toEqual(currencies);
    for (const figure of detail.totals.byCurrency) {
      const rows = raw.filter((r) => r.currency === figure.currency);
      const sum = (k: "total_amount" | "commission_amount" | "net_amount") => fromMinor(rows.reduce((s, r) => s + r[k], 0), figure.currency);
      expect(figure).toEqual({ currency: figure.currency, bookings: rows.length, revenue: sum("total_amount"), commission: sum("commission_amount"), net: sum("net_amount") });
    }
    expect(detail.properties.filter((p) => p.currency === "KWD").map((p) => p.base_price)).toContain(30.125);
  });
});

describe("the rescaling migration", () => {
  it("lists exactly the currencies whose Intl decimals are not two", () => {
    const dir = path.join(__dirname, "../../drizzle");
    const file = fs.readdirSync(dir).filter((f) => f.endsWith(".sql")).map((f) => fs.readFileSync(path.join(dir, f), "utf8")).find((s) => s.includes("move from hundredths"));
    expect(file).toBeDefined();
    const listed = (sign: string) =>
      new Set([...(file ?? "").matchAll(new RegExp(`\`total_amount\` = [^;]*${sign}[^;]*WHERE \`currency\` IN \\(([^)]*)\\)`, "g"))].flatMap((m) => (m[1] ?? "").split(",").map((c) => c.trim().replaceAll("'", ""))));
    const byDecimals = (d: number) => new Set([...currenciesNotInCents()].filter(([, n]) => n === d).map(([c]) => c));
    expect(listed("100\\.0")).toEqual(byDecimals(0));
    expect(listed("\\* 10")).toEqual(byDecimals(3));
  });
});

describe("staff and task currency", () => {
  const S = TABLE_IDS.housekeeping_staff;
  const T = TABLE_IDS.housekeeping_tasks;
  const rawOf = (table: string, id: string) => app.db.$client.prepare(`SELECT currency, ${table === "housekeeping_staff" ? "hourly_rate" : "cost"} AS amount FROM ${table} WHERE id = ?`).get(id) as { currency: string; amount: number };

  it("pays staff in the platform default currency unless the host names one, and refuses a bad code naming currency", async () => {
    const plain = await ok(app, host.token, S, "create", { staff_name: "Ana", hourly_rate: 16.5 });
    expect(rawOf("housekeeping_staff", plain)).toEqual({ currency: "USD", amount: 1650 });
    const yen = await ok(app, host.token, S, "create", { staff_name: "Yuki", hourly_rate: 1800.4, currency: "JPY" });
    expect(rawOf("housekeeping_staff", yen)).toEqual({ currency: "JPY", amount: 1800 });
    const bad = await call(app, host.token, S, "create", { staff_name: "Bad", currency: "yen" });
    expect(bad.status).toBe(400);
    expect(String(bad.body.error)).toMatch(/currency/);
    await ok(app, host.token, S, "update", { ID: plain, currency: "EUR" });
    // A change of currency keeps the rate's value in units: 16.50 dollars become 16.50 euros.
    expect(rawOf("housekeeping_staff", plain)).toEqual({ currency: "EUR", amount: 1650 });
  });

  it("prices a task in its property's currency online and offline (unless it names one), and keeps yen whole", async () => {
    const kyoto = await property("JPY");
    const online = await ok(app, host.token, T, "create", { task_title: "Deep clean", property_id: kyoto, cost: 9000.5 });
    expect(rawOf("housekeeping_tasks", online)).toEqual({ currency: "JPY", amount: 9001 });
    const lisbon = await property("EUR");
    const m = mutation(1, T, "create", `offline-task-${Math.random()}`, { task_title: "Restock", property_id: lisbon, cost: 12.34 });
    const answer = await push(app, host.token, `tablet-${Math.random()}`, [m]);
    expect(answer.results[0]?.status).toBe("applied");
    expect(rawOf("housekeeping_tasks", m.rowId)).toEqual({ currency: "EUR", amount: 1234 });
    const given = await ok(app, host.token, T, "create", { task_title: "Repair", property_id: kyoto, cost: 20, currency: "USD" });
    expect(rawOf("housekeeping_tasks", given)).toEqual({ currency: "USD", amount: 2000 });
    const bad = await call(app, host.token, T, "create", { task_title: "Bad", property_id: kyoto, currency: "XQZ" });
    expect(bad.status).toBe(400);
    expect(String(bad.body.error)).toMatch(/currency/);
  });
});
