/**
 * Bounds on input stay below the engine's (docs/security.md, Input bounds): a table page request
 * carries at most MAX_FILTER_VALUES filter values in all, so that its bound parameters never reach
 * SQLite's limit (32 766). The request the testers found (40 In filters of 1 000 ids, each within
 * the per-list bound) is a 400 naming Filters, not a 500; the largest request allowed is a 200.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TABLES, TABLE_IDS } from '../../shared/registry';
import { MAX_FILTER_VALUES, MAX_IN_VALUES, MAX_PAGE_FILTERS, MAX_PAGE_SIZE, filterValueCount } from '../../shared/api/table';
import { loadActor } from '../src/actor';
import { pageRows } from '../src/modules/table/service';
import { makeTestApp, type TestApp } from './helpers';
import { createBooking, createHost, createProperty, createUser, type HostFixture, type UserFixture } from './fixtures';

let app: TestApp;
let host: HostFixture;
let superAdmin: UserFixture;
let bookingIds: string[];

/** A UUID-shaped id that no row has, numbered so that lists are distinct. */
const fakeId = (n: number) => `00000000-0000-7000-8000-${n.toString(16).padStart(12, '0')}`;

async function page(token: string, table: number, body: Record<string, unknown>) {
  const res = await app.inject({ method: 'POST', url: `/api/table/${table}/page`, headers: { authorization: `Bearer ${token}` }, payload: body });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}

beforeAll(async () => {
  app = await makeTestApp();
  host = createHost(app);
  superAdmin = createUser(app, 'super_admin');
  const propertyId = String(createProperty(app, host.hostProfileId).id);
  bookingIds = [0, 1, 2].map((n) => String(createBooking(app, host.hostProfileId, { property_id: propertyId, check_in_date: `2030-02-0${n + 1}`, check_out_date: `2030-02-0${n + 2}`, guest_name: `Guest ${n}` }).id));
});
afterAll(async () => app.cleanup());

describe('table page: filter values in all', () => {
  it('stays well below the bound parameters SQLite allows', () => {
    // Besides the filter values, a page statement binds its scope (a few values) and LIMIT/OFFSET.
    expect(MAX_FILTER_VALUES + 100).toBeLessThan(32_766);
    expect(MAX_IN_VALUES).toBeLessThanOrEqual(MAX_FILTER_VALUES);
    expect(MAX_PAGE_FILTERS).toBeLessThanOrEqual(MAX_FILTER_VALUES);
  });

  it('is stated in the API description', async () => {
    const res = await app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, { post: { requestBody: { content: Record<string, { schema: { properties: Record<string, { description?: string }> } }> } } }> };
    const filters = doc.paths['/api/table/{table}/page']?.post.requestBody.content['application/json']?.schema.properties.Filters;
    expect(filters?.description).toContain(`at most ${MAX_FILTER_VALUES} values in all`);
  });

  it('counts each value of an In list and each other filter as one', () => {
    expect(filterValueCount(null)).toBe(0);
    expect(filterValueCount([])).toBe(0);
    const filters = [
      { name: 'id', op: 'In', value: ['a', 'b', 'c'] },
      { name: 'guest_name', op: 'Equal', value: 'x' },
      { name: 'guest_name', op: 'NotEqual', value: null },
      { name: 'id', op: 'In', value: [] },
      { name: 'id', op: 'In', value: 'not a list' },
    ];
    expect(filterValueCount(filters)).toBe(6);
  });

  it('answers the 40 × 1 000 ids request (more bound variables than SQLite has) with a 400 naming Filters', async () => {
    const Filters = Array.from({ length: 40 }, (_, f) => ({ name: 'id', op: 'In', value: Array.from({ length: 1000 }, (_, i) => fakeId(f * 1000 + i)) }));
    for (const token of [host.token, superAdmin.token]) {
      const r = await page(token, TABLE_IDS.bookings, { PageNo: 1, PageSize: 100, Filters });
      expect(r.status).toBe(400);
      expect(String(r.body.error)).toMatch(/^Invalid value for Filters: /);
      expect(String(r.body.error)).toContain(String(MAX_FILTER_VALUES));
    }
  });

  it('answers one value past the bound with a 400 naming Filters', async () => {
    const lists = Math.ceil((MAX_FILTER_VALUES + 1) / MAX_IN_VALUES);
    const Filters = Array.from({ length: lists }, (_, f) => ({ name: 'id', op: 'In', value: Array.from({ length: MAX_IN_VALUES }, (_, i) => fakeId(f * MAX_IN_VALUES + i)) }));
    expect(filterValueCount(Filters)).toBeGreaterThan(MAX_FILTER_VALUES);
    const over = Filters.slice(0, -1).concat({ ...Filters[lists - 1]!, value: Filters[lists - 1]!.value.slice(0, MAX_FILTER_VALUES + 1 - (lists - 1) * MAX_IN_VALUES) });
    expect(filterValueCount(over)).toBe(MAX_FILTER_VALUES + 1);
    const r = await page(host.token, TABLE_IDS.bookings, { PageNo: 1, PageSize: 100, Filters: over });
    expect(r.status).toBe(400);
    expect(String(r.body.error)).toMatch(/^Invalid value for Filters: /);
  });

  it('answers the largest request allowed (most filters, most values, largest page) with a 200', async () => {
    // MAX_PAGE_FILTERS filters: scalar ones, then In lists that bring the total to exactly MAX_FILTER_VALUES.
    const scalars = MAX_PAGE_FILTERS - Math.ceil(MAX_FILTER_VALUES / MAX_IN_VALUES);
    const Filters: { name: string; op: string; value: unknown }[] = Array.from({ length: scalars }, (_, i) => ({ name: 'guest_name', op: 'NotEqual', value: `nobody ${i}` }));
    let left = MAX_FILTER_VALUES - scalars;
    for (let f = 0; left > 0; f += 1) {
      const n = Math.min(MAX_IN_VALUES, left);
      // The real ids sit in every list, so the AND of the lists keeps them.
      Filters.push({ name: 'id', op: 'In', value: [...bookingIds, ...Array.from({ length: n - bookingIds.length }, (_, i) => fakeId(f * MAX_IN_VALUES + i))] });
      left -= n;
    }
    expect(Filters).toHaveLength(MAX_PAGE_FILTERS);
    expect(filterValueCount(Filters)).toBe(MAX_FILTER_VALUES);
    for (const [token, expected] of [
      [host.token, 3],
      [superAdmin.token, 3],
    ] as const) {
      const r = await page(token, TABLE_IDS.bookings, { PageNo: 1, PageSize: MAX_PAGE_SIZE, OrderByField: 'check_in_date', IsAsc: true, Filters });
      expect(r.status).toBe(200);
      expect(r.body.VirtualCount).toBe(expected);
      expect((r.body.List as { id: string }[]).map((b) => b.id)).toEqual(bookingIds);
    }
  });

  it('is checked again by the table service, for any caller that skips the route schema', () => {
    const actor = loadActor(app.db, host.userId);
    if (!actor) throw new Error('no actor');
    const def = TABLES.find((t) => t.id === TABLE_IDS.bookings);
    if (!def) throw new Error('no bookings table');
    const Filters = Array.from({ length: 6 }, (_, f) => ({ name: 'id', op: 'In' as const, value: Array.from({ length: MAX_IN_VALUES }, (_, i) => fakeId(f * MAX_IN_VALUES + i)) }));
    expect(() => pageRows(app.db, actor, def, { PageNo: 1, PageSize: 10, Filters })).toThrow(/^Invalid value for Filters: /);
    expect(pageRows(app.db, actor, def, { PageNo: 1, PageSize: 10, Filters: Filters.slice(0, 5) }).VirtualCount).toBe(0);
  });
});
