/**
 * Owner statements (docs/decisions.md "Owner statements"): a property's month from the database,
 * its figures equal to the finance page's for the same month and property (the page's own
 * functions over the same rows), one section per currency, the payout defined as net minus
 * housekeeping and maintenance; the CSV and the PDF carry the same figures; only the property's
 * host (or an admin) reads it.
 */
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TABLE_IDS } from '../../shared/registry';
import { formatMoney } from '../../shared/format/money';
import type { OwnerStatementReply } from '../../shared/api/statements';
import { financeByMonth, financeRows, type FinanceBooking } from '../../client/src/features/finances/finance';
import { createHost, createProperty, createStaff, createTask, createUser, insertFixture, type HostFixture } from './fixtures';
import { makeTestApp, type TestApp } from './helpers';
import { auth } from './sync-helpers';

let app: TestApp;
let host: HostFixture;
let propertyId: string;

async function book(values: Record<string, unknown>): Promise<void> {
  const res = await app.inject({
    method: 'POST',
    url: `/api/table/${TABLE_IDS.bookings}/create`,
    headers: auth(host.token),
    payload: { property_id: propertyId, guest_name: 'Guest', ...values },
  });
  expect(res.statusCode, res.body).toBe(201);
}

beforeAll(async () => {
  app = await makeTestApp({ now: () => new Date('2030-03-01T12:00:00Z') });
  host = createHost(app, { commissionRate: 12 });
  propertyId = String(createProperty(app, host.hostProfileId, { property_name: 'Harbour Loft', currency: 'USD' }).id);
  const other = createProperty(app, host.hostProfileId, { property_name: 'Other Place' });
  // January 2030: three USD stays (one cancelled), one in EUR; one checks in on Dec 31 (December's), one in February.
  await book({ guest_name: 'Ada', check_in_date: '2030-01-03', check_out_date: '2030-01-06', total_amount: 450 });
  await book({ guest_name: 'Bo', check_in_date: '2030-01-20', check_out_date: '2030-01-22', total_amount: 333.33 });
  await book({ guest_name: 'Cancelled', check_in_date: '2030-01-10', check_out_date: '2030-01-12', total_amount: 999, booking_status: 'cancelled' });
  await book({ guest_name: 'Eve', check_in_date: '2030-01-25', check_out_date: '2030-01-29', total_amount: 800, currency: 'EUR' });
  await book({ guest_name: 'Dec', check_in_date: '2029-12-31', check_out_date: '2030-01-02', total_amount: 100 });
  await book({ guest_name: 'Feb', check_in_date: '2030-02-01', check_out_date: '2030-02-03', total_amount: 100 });
  // March: one stay priced in yen (stored as whole yen, read back in units).
  await book({ guest_name: 'Yuki', check_in_date: '2030-03-05', check_out_date: '2030-03-07', total_amount: 28000, currency: 'JPY' });
  const done = { task_status: 'completed', completed_at: '2030-01-07T15:00:00Z' };
  createTask(app, host.hostProfileId, { property_id: propertyId, task_title: 'Turnover clean', task_category: 'cleaning', cost: 40, scheduled_date: '2030-01-06', ...done });
  createTask(app, host.hostProfileId, { property_id: propertyId, task_title: 'Linen', task_category: 'laundry', cost: 12.5, scheduled_date: '2030-01-22', ...done });
  createTask(app, host.hostProfileId, { property_id: propertyId, task_title: 'Fix the tap', task_category: 'maintenance', cost: 75.25, scheduled_date: null, ...done });
  // Not this month's costs: pending, cancelled, February's, another property's.
  createTask(app, host.hostProfileId, { property_id: propertyId, task_title: 'Pending', cost: 30, scheduled_date: '2030-01-15' });
  createTask(app, host.hostProfileId, { property_id: propertyId, task_title: 'Cancelled', cost: 30, scheduled_date: '2030-01-15', task_status: 'cancelled' });
  createTask(app, host.hostProfileId, { property_id: propertyId, task_title: 'February', cost: 30, scheduled_date: '2030-02-02', task_status: 'completed' });
  createTask(app, host.hostProfileId, { property_id: other.id, task_title: 'Elsewhere', cost: 30, scheduled_date: '2030-01-15', task_status: 'completed' });
});
afterAll(async () => app.cleanup());

async function get(token: string | null, path: string) {
  return app.inject({ method: 'GET', url: path, headers: token ? auth(token) : {} });
}

async function statement(month = '2030-01'): Promise<OwnerStatementReply> {
  const res = await get(host.token, `/api/properties/${propertyId}/owner-statement?month=${month}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as OwnerStatementReply;
}

/** The WinAnsi characters of 0x80–0x9F that differ from Latin-1 and a statement may show. */
const WIN_ANSI: Record<number, string> = { 0x80: '€', 0x85: '…', 0x91: '‘', 0x92: '’', 0x93: '“', 0x94: '”', 0x95: '•', 0x96: '–', 0x97: '—' };

function winAnsiText(bytes: Buffer): string {
  return [...bytes].map((b) => WIN_ANSI[b] ?? String.fromCharCode(b)).join('');
}

/** The text a PDF shows: its content streams inflated, the strings of its text operators joined per line. */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const out: string[] = [];
  for (const m of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = zlib.inflateSync(Buffer.from(m[1] ?? '', 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const op of content.matchAll(/\[(.*?)\]\s*TJ/g)) {
      out.push([...(op[1] ?? '').matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => winAnsiText(Buffer.from(h[1] ?? '', 'hex'))).join(''));
    }
  }
  return out.join('\n');
}

describe('owner statement', () => {
  it('has the month per currency: stays, nights, gross, commission, net, costs and payout', async () => {
    const s = await statement();
    expect(s.property).toEqual({ id: propertyId, property_name: 'Harbour Loft', currency: 'USD' });
    expect(s.period).toEqual({ from: '2030-01-01', to: '2030-02-01' });
    expect(s.sections.map((x) => x.currency)).toEqual(['USD', 'EUR']);
    const [usd, eur] = s.sections;
    // 450 + 333.33 at 12 %: 54 + 40 commission.
    expect(usd).toMatchObject({ stays: 2, nights: 5, gross: 783.33, commission: 94, net: 689.33, housekeeping: 52.5, maintenance: 75.25, payout: 561.58 });
    expect(usd?.bookings.map((b) => b.guest_name)).toEqual(['Ada', 'Bo']);
    expect(usd?.costs.map((c) => [c.task_title, c.kind, c.day])).toEqual([
      ['Turnover clean', 'housekeeping', '2030-01-06'],
      ['Fix the tap', 'maintenance', '2030-01-07'],
      ['Linen', 'housekeeping', '2030-01-22'],
    ]);
    // The tasks carry no currency of their own: their costs are the property's (USD), never EUR.
    expect(eur).toMatchObject({ stays: 1, nights: 4, gross: 800, commission: 96, net: 704, housekeeping: 0, maintenance: 0, payout: 704 });
  });

  it("reads amounts stored in a currency's own minor unit in units (yen)", async () => {
    const s = await statement('2030-03');
    expect(s.sections.map((x) => x.currency)).toEqual(['USD', 'JPY']);
    expect(s.sections[1]).toMatchObject({ currency: 'JPY', stays: 1, nights: 2, gross: 28000, commission: 3360, net: 24640, payout: 24640 });
  });

  it('equals the finance page for the same month and property', async () => {
    const page = await app.inject({ method: 'POST', url: `/api/table/${TABLE_IDS.bookings}/page`, headers: auth(host.token), payload: { PageNo: 1, PageSize: 1000 } });
    const rows = (page.json() as { List: FinanceBooking[] }).List;
    const year = financeRows(rows, { year: 2030, propertyId });
    for (const month of ['2030-01', '2030-02']) {
      const s = await statement(month);
      for (const section of s.sections) {
        const finance = financeByMonth(year, 2030, section.currency).find((g) => g.key === month);
        expect(finance, `${month} ${section.currency}`).toBeDefined();
        expect([section.stays, section.gross, section.commission, section.net]).toEqual([finance?.bookings, finance?.revenue, finance?.commission, finance?.net]);
      }
    }
  });

  it('as CSV: a summary record per currency, then its stays and costs, each naming its currency', async () => {
    const res = await get(host.token, `/api/properties/${propertyId}/owner-statement/csv?month=2030-01`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="owner-statement-harbour-loft-2030-01.csv"');
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('record,currency,date,description,stays,nights,gross,commission,net,housekeeping,maintenance,payout');
    expect(lines).toContain('summary,USD,2030-01,Harbour Loft,2,5,783.33,94,689.33,52.5,75.25,561.58');
    expect(lines).toContain('summary,EUR,2030-01,Harbour Loft,1,4,800,96,704,0,0,704');
    expect(lines).toContain('stay,USD,2030-01-03,Ada,,3,450,54,396,,,');
    expect(lines).toContain('maintenance,USD,2030-01-07,Fix the tap,,,,,,,75.25,');
    expect(lines).toHaveLength(1 + 1 + 2 + 3 + 1 + 1);
  });

  it('as PDF: a valid document showing the figures', async () => {
    const res = await get(host.token, `/api/properties/${propertyId}/owner-statement/pdf?month=2030-01&locale=en-US`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.subarray(-6).toString()).toMatch(/%%EOF/);
    const text = pdfText(pdf);
    expect(text).toContain('Owner statement');
    expect(text).toContain('Harbour Loft');
    expect(text).toContain('January 2030');
    for (const amount of [783.33, 94, 689.33, 52.5, 75.25, 561.58]) expect(text).toContain(formatMoney(amount, 'USD', 'en-US'));
    expect(text).toContain("Owner's payout");
    expect(text).toContain('In EUR');
    expect(text).toContain(formatMoney(704, 'EUR', 'en-US'));
    expect(text).toContain('2030-01-03 – 2030-01-06 · Ada · 3 nights');
  });

  it('as PDF: its words in the reader’s language (a Spanish-speaking admin), its amounts in the locale asked', async () => {
    const admin = createUser(app, 'admin');
    insertFixture(app, TABLE_IDS.display_settings, { user_id: admin.userId, language: 'es' });
    const res = await get(admin.token, `/api/properties/${propertyId}/owner-statement/pdf?month=2030-01&locale=es-ES`);
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload);
    for (const words of ['Estado de cuenta del propietario', 'enero de 2030', 'En EUR', 'Estancias', 'Noches', 'Comisión', 'Pago al propietario', 'Costos', '2030-01-03 – 2030-01-06 · Ada · 3 noches', 'Mantenimiento · Fix the tap']) {
      expect(text).toContain(words);
    }
    expect(text).toContain(`${formatMoney(450, 'USD', 'es-ES').replace(/\u202f/g, '\u00a0')} (neto `);
    expect(text).not.toContain('Owner statement');
    expect(text).not.toContain("Owner's payout");
  });

  it('validates the month and the language, and answers only the property\'s host (or an admin)', async () => {
    const bad = await get(host.token, `/api/properties/${propertyId}/owner-statement?month=2030-13`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/month/);
    const missing = await get(host.token, `/api/properties/${propertyId}/owner-statement/pdf`);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatch(/month/);
    const locale = await get(host.token, `/api/properties/${propertyId}/owner-statement/pdf?month=2030-01&locale=not_a_tag`);
    expect(locale.statusCode).toBe(400);
    expect(locale.json().error).toMatch(/locale/);
    expect((await get(null, `/api/properties/${propertyId}/owner-statement?month=2030-01`)).statusCode).toBe(401);
    const stranger = createHost(app);
    expect((await get(stranger.token, `/api/properties/${propertyId}/owner-statement/csv?month=2030-01`)).statusCode).toBe(404);
    const staff = createStaff(app, host.hostProfileId);
    expect((await get(staff.token, `/api/properties/${propertyId}/owner-statement?month=2030-01`)).statusCode).toBe(403);
    const admin = createUser(app, 'admin');
    expect((await statement()).sections[0]?.payout).toBe(561.58);
    expect((await get(admin.token, `/api/properties/${propertyId}/owner-statement?month=2030-01`)).json().sections[0].payout).toBe(561.58);
  });
});
