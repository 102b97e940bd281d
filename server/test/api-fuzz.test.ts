/**
 * Fuzz of the whole HTTP API: every route of the OpenAPI description (read from the app, so a route
 * added later is fuzzed too), for every role and an anonymous caller, gets generated path
 * parameters (real ids of the caller's, another host's and nobody's rows, the enum values the
 * description names, junk), queries, bodies (the described fields with randomly typed values,
 * arbitrary JSON, text that is no JSON) and headers (content types, authorizations, forwarded
 * addresses, the described headers). Never a 5xx; every 4xx answers `{ error }` and changes nothing:
 * a fingerprint of every table of the database (a hash of its rows) is the same after it as before.
 * table-fuzz.test.ts goes deeper into the table API's bodies; this one goes wide.
 */
import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { TABLES, TABLE_IDS, type TableDef } from '../../shared/registry';
import { makeTestApp, type TestApp } from './helpers';
import { createBooking, createHost, createStaff, createTask, createUser, seedRow, type HostFixture, type StaffFixture, type UserFixture } from './fixtures';

type Role = 'anonymous' | 'host' | 'staff' | 'admin' | 'super_admin';
const ROLES: readonly Role[] = ['anonymous', 'host', 'staff', 'admin', 'super_admin'];

type Param = { in: 'path' | 'query' | 'header'; name: string; schema?: { enum?: unknown[] } };
type Operation = { parameters?: Param[]; requestBody?: { content: Record<string, { schema?: { properties?: Record<string, unknown> } }> }; responses?: unknown };
/** `isStream`: the route answers an endless event stream, so it is asked over a socket and left at its status. */
type Route = { method: string; path: string; params: Param[]; bodyFields: string[]; isStream: boolean };

/** How many requests per route (each with a random role): TABLE-free routes and table routes alike. */
const RUNS = Number(process.env.API_FUZZ_RUNS) || 12;

/**
 * Tables a refused request may rightly write, and why: `login_failures` counts refused sign-ins and
 * reset requests (that is what the sign-in limits are made of). `sessions.last_seen_at` is written
 * at most once a minute by any authenticated request, refused or not (modules/auth/sessions.ts).
 */
const COUNTS_REFUSALS = new Set(['login_failures']);
const TOUCHED_COLUMNS: Record<string, string[]> = { sessions: ['last_seen_at'] };

let app: TestApp;
let routes: Route[];
let host: HostFixture;
let otherHost: HostFixture;
let staff: StaffFixture;
let admin: UserFixture;
let superAdmin: UserFixture;
let ids: string[];
let icalToken: string;
let fingerprintSql: { name: string; sql: string }[];
let base: string;

function tokenOf(role: Role): string | null {
  return { anonymous: null, host: host.token, staff: staff.token, admin: admin.token, super_admin: superAdmin.token }[role];
}

/** A hash of every row of each table (minus the columns and tables a refusal may rightly write). */
function tableHashes(): Map<string, string> {
  const hashes = new Map<string, string>();
  for (const { name, sql } of fingerprintSql) {
    const hash = crypto.createHash('sha1');
    for (const row of app.db.$client.prepare(sql).raw().iterate()) hash.update(JSON.stringify(row));
    hashes.set(name, hash.digest('hex'));
  }
  return hashes;
}

/** The whole database's fingerprint, one string. */
function fingerprint(): string {
  return [...tableHashes()].map(([name, hash]) => `${name}:${hash}`).join(' ');
}

/** The tables whose rows differ between two snapshots of `tableHashes`. */
function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...after].filter(([name, hash]) => before.get(name) !== hash).map(([name]) => name);
}

function fingerprintQueries(): { name: string; sql: string }[] {
  const sqlite = app.db.$client;
  const tables = (sqlite.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name").all() as { name: string }[])
    .map((t) => t.name)
    .filter((name) => !COUNTS_REFUSALS.has(name) && !name.startsWith('__'));
  return tables.map((name) => {
    const skip = TOUCHED_COLUMNS[name] ?? [];
    const columns = (sqlite.prepare(`pragma table_info("${name}")`).all() as { name: string }[]).map((c) => c.name).filter((c) => !skip.includes(c));
    return { name, sql: `select ${columns.map((c) => `"${c}"`).join(', ')} from "${name}" order by rowid` };
  });
}

async function readRoutes(): Promise<Route[]> {
  const doc = (await app.inject({ method: 'GET', url: '/docs/json' })).json() as { paths: Record<string, Record<string, Operation>> };
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => {
      const content = op.requestBody?.content ?? {};
      const schema = Object.values(content)[0]?.schema;
      return { method: method.toUpperCase(), path, params: op.parameters ?? [], bodyFields: Object.keys(schema?.properties ?? {}), isStream: JSON.stringify(op.responses ?? {}).includes('text/event-stream') };
    }),
  );
}

const junkArb: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 16 }),
  fc.constantFrom('', ' ', '0', '-1', '1e999', 'null', 'true', '[]', '{}', '%00', '../../etc/passwd', '<script>', "' or 1=1 --", 'ä€😀', 'a'.repeat(300)),
);
const scalarArb: fc.Arbitrary<unknown> = fc.oneof(
  junkArb,
  fc.constantFrom('active', 'suspended', 'pending', 'host', 'admin', 'super_admin', 'monthly', 'yearly', 'airbnb', '2030-01-01', '2030-13-45', 'a@b.co', 'demo1234', 'https://example.com/x.ics', 'http://127.0.0.1:1/'),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.boolean(),
  fc.constant(null),
);
const valueArb: fc.Arbitrary<unknown> = fc.oneof({ weight: 4, arbitrary: scalarArb }, { weight: 1, arbitrary: fc.array(scalarArb, { maxLength: 3 }) }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) });

function idArb(): fc.Arbitrary<string> {
  return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...ids) }, { weight: 1, arbitrary: junkArb });
}

function pathArb(route: Route): fc.Arbitrary<string> {
  const pieces = route.path.split(/(\{[^}]+\})/);
  return fc.tuple(
    ...pieces.map((piece): fc.Arbitrary<string> => {
      const name = /^\{([^}]+)\}$/.exec(piece)?.[1];
      if (!name) return fc.constant(piece);
      const values = route.params.find((p) => p.in === 'path' && p.name === name)?.schema?.enum;
      if (name === 'table') return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...(TABLES as readonly TableDef[]).flatMap((t) => [t.id, ...(t.aliases ?? [])]).map(String)) }, { weight: 1, arbitrary: junkArb });
      if (name === 'token') return fc.oneof(fc.constant(icalToken), junkArb);
      const arb = values?.length ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...values.map(String)) }, { weight: 1, arbitrary: junkArb }) : idArb();
      return arb.map((v) => encodeURIComponent(v));
    }),
  ).map((parts) => parts.join(''));
}

function queryArb(route: Route): fc.Arbitrary<string> {
  const names = route.params.filter((p) => p.in === 'query').map((p) => p.name);
  const nameArb = names.length ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...names) }, { weight: 1, arbitrary: fc.string({ maxLength: 6 }) }) : fc.string({ maxLength: 6 });
  const valueOf = fc.oneof(idArb(), scalarArb.map(String));
  return fc.array(fc.tuple(nameArb, valueOf), { maxLength: 4 }).map((pairs) => (pairs.length ? `?${new URLSearchParams(pairs).toString()}` : ''));
}

type Payload = { contentType: string | null; body: string | undefined };

function bodyArb(route: Route): fc.Arbitrary<Payload> {
  const nameArb = route.bodyFields.length ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...route.bodyFields) }, { weight: 1, arbitrary: fc.string({ maxLength: 8 }) }) : fc.string({ maxLength: 8 });
  const shaped = fc.dictionary(nameArb, fc.oneof(valueArb, idArb()), { maxKeys: 6 });
  const json = fc.oneof({ weight: 5, arbitrary: shaped }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) }).map((v) => JSON.stringify(v) ?? 'null');
  const types = fc.constantFrom('application/json', 'application/json', 'application/json; charset=utf-8', 'text/plain', 'multipart/form-data', 'multipart/form-data; boundary=x', 'application/x-www-form-urlencoded', 'application/octet-stream', 'application/json; charset=latin1');
  return fc.oneof(
    { weight: 6, arbitrary: fc.record({ contentType: fc.constant('application/json'), body: json }) },
    { weight: 2, arbitrary: fc.record({ contentType: types, body: fc.oneof(json, fc.string({ maxLength: 40 }), fc.constant('--x\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\nxx\r\n--x--\r\n')) }) },
    { weight: 1, arbitrary: fc.record({ contentType: fc.constant(null), body: fc.constant(undefined) }) },
  );
}

function headersArb(route: Route): fc.Arbitrary<Record<string, string>> {
  const described = route.params.filter((p) => p.in === 'header').map((p) => p.name);
  const names = [...described, 'x-forwarded-for', 'accept', 'accept-encoding', 'cookie', 'if-none-match', 'range', 'origin', 'x-client-id'];
  const extra = fc.dictionary(fc.constantFrom(...names), junkArb.map((v) => v.replace(/[^\x20-\x7e]/g, '')), { maxKeys: 3 });
  return extra;
}

/** Who is asking: the role's session, or a broken or foreign authorization now and then. */
function authArb(role: Role): fc.Arbitrary<string | null> {
  const token = tokenOf(role);
  return fc.oneof(
    { weight: 8, arbitrary: fc.constant(token ? `Bearer ${token}` : null) },
    { weight: 1, arbitrary: fc.constantFrom('Bearer ', 'Bearer x.y.z', 'Basic YTpi', `Bearer ${token ?? ''}x`, 'bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.') },
  );
}

const caseArb = (route: Route) =>
  fc.constantFrom(...ROLES).chain((role) =>
    fc.record({ role: fc.constant(role), auth: authArb(role), path: pathArb(route), query: queryArb(route), payload: bodyArb(route), headers: headersArb(route) }),
  );

type Answer = { statusCode: number; body: string; contentType: string };

async function send(route: Route, c: { auth: string | null; path: string; query: string; payload: Payload; headers: Record<string, string> }): Promise<Answer> {
  const headers: Record<string, string> = { ...c.headers };
  if (c.auth) headers.authorization = c.auth;
  const withBody = route.method !== 'GET' && route.method !== 'HEAD' && c.payload.body !== undefined;
  if (withBody && c.payload.contentType) headers['content-type'] = c.payload.contentType;
  const body = withBody ? c.payload.body : undefined;
  if (route.isStream) return sendOverSocket(route.method, `${c.path}${c.query}`, headers, body);
  const res = await app.inject({ method: route.method as 'GET', url: `${c.path}${c.query}`, headers, payload: body });
  return { statusCode: res.statusCode, body: res.body, contentType: String(res.headers['content-type'] ?? '') };
}

/** An accepted event stream never ends: its status is enough, and the stream is closed at once. */
async function sendOverSocket(method: string, url: string, headers: Record<string, string>, body: string | undefined): Promise<Answer> {
  const controller = new AbortController();
  delete headers['accept-encoding'];
  const res = await fetch(`${base}${url}`, { method, headers, body, signal: controller.signal });
  const contentType = res.headers.get('content-type') ?? '';
  const text = contentType.includes('event-stream') ? '' : await res.text();
  controller.abort();
  return { statusCode: res.status, body: text, contentType };
}

beforeAll(async () => {
  app = await makeTestApp();
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  host = createHost(app);
  otherHost = createHost(app);
  staff = createStaff(app, host.hostProfileId);
  admin = createUser(app, 'admin');
  superAdmin = createUser(app, 'super_admin');
  // A property made through the API, so that its writer gives it a calendar export token.
  const made = await app.inject({ method: 'POST', url: `/api/table/${TABLE_IDS.properties}/create`, headers: { authorization: `Bearer ${host.token}` }, payload: { property_name: 'Fuzz Villa' } });
  expect(made.statusCode, made.body).toBe(201);
  const propertyId = String((made.json() as { ID: string }).ID);
  icalToken = String(app.db.$client.prepare('select ical_export_token from properties where id = ?').pluck().get(propertyId));
  const booking = createBooking(app, host.hostProfileId, { property_id: propertyId });
  const task = createTask(app, host.hostProfileId, { property_id: propertyId, assigned_staff_id: staff.staffId });
  const owner = { hostProfileId: host.hostProfileId, userId: host.userId };
  const notification = seedRow(app, TABLE_IDS.notifications, owner);
  const subscription = seedRow(app, TABLE_IDS.paypal_subscriptions, owner);
  const foreign = createBooking(app, otherHost.hostProfileId);
  const sessionIds = app.db.$client.prepare('select id from sessions').pluck().all() as string[];
  ids = [
    propertyId,
    String(booking.id),
    String(task.id),
    staff.staffId,
    String(notification.id),
    String(subscription.paypal_subscription_id),
    String(foreign.id),
    String(foreign.property_id),
    host.userId,
    host.hostProfileId,
    staff.userId,
    admin.userId,
    otherHost.hostProfileId,
    ...sessionIds,
    'no-such-id',
    '00000000-0000-7000-8000-000000000000',
  ];
  routes = await readRoutes();
  fingerprintSql = fingerprintQueries();
});
afterAll(async () => app.cleanup());

describe('every route under generated requests, for every role', () => {
  it('reads the routes from the OpenAPI description', () => {
    expect(routes.length).toBeGreaterThan(60);
    expect(fingerprintSql.map((t) => t.name)).toContain('bookings');
  });

  it('sees a change of any row in its fingerprint', () => {
    const before = fingerprint();
    app.db.$client.prepare('update bookings set guest_name = ? where id = ?').run('Changed Guest', ids[1]);
    expect(fingerprint()).not.toBe(before);
    app.db.$client.prepare("update sessions set last_seen_at = '2000-01-01T00:00:00.000Z'").run();
    app.db.$client.prepare("insert into login_failures (email, at) values ('x', '2000-01-01')").run();
    const afterIgnored = fingerprint();
    app.db.$client.prepare('update bookings set guest_name = ? where id = ?').run('Ada Guest', ids[1]);
    expect(fingerprint()).not.toBe(afterIgnored);
  });

  it('never answers 5xx, and a refused request changes nothing', async () => {
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    for (const route of routes) {
      // Signing out or revoking ends sessions: each route starts with live sessions for every role.
      for (const who of [host, staff, admin, superAdmin]) who.token = app.signSession(who.userId);
      await fc.assert(
        fc.asyncProperty(caseArb(route), async (c) => {
          // The mail sender writes in the background what an earlier request queued (a message's
          // status, an inbox reply's delivery): done before the snapshot, it is not this request's.
          await app.mail.sender.drain();
          const before = tableHashes();
          if (process.env.API_FUZZ_TRACE) console.log('>>', route.method, c.path + c.query, c.role, JSON.stringify(c.payload).slice(0, 200));
          const res = await send(route, c);
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          const what = `${route.method} ${c.path}${c.query} as ${c.role}`;
          expect(res.statusCode, `${what}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
          if (res.statusCode >= 400) {
            const reply = res.contentType.includes('json') ? (JSON.parse(res.body) as { error?: unknown }) : {};
            expect(typeof reply.error, `${what}: ${res.statusCode} ${res.body.slice(0, 200)}`).toBe('string');
            const after = tableHashes();
            expect(changedTables(before, after), `${what}: refused with ${res.statusCode} but changed the database`).toEqual([]);
          }
        }),
        { numRuns: RUNS, seed: Number(process.env.API_FUZZ_SEED) || undefined },
      ).catch((e: unknown) => {
        // fast-check puts the failed expectation in `cause`: keep it beside the counterexample.
        const cause = e instanceof Error && e.cause instanceof Error ? ` | ${e.cause.message}` : '';
        failures.push(`${String(e instanceof Error ? e.message : e).slice(0, 1500)}${cause.slice(0, 1000)}`);
      });
    }
    if (process.env.API_FUZZ_TRACE) console.log(Object.fromEntries([...statuses].sort((a, b) => a[0] - b[0])));
    expect(failures).toEqual([]);
    // The requests reached past validation too: some were accepted, some refused as forbidden or unknown.
    expect(statuses.get(200) ?? 0).toBeGreaterThan(0);
    expect(statuses.get(400) ?? 0).toBeGreaterThan(0);
    expect(statuses.get(401) ?? 0).toBeGreaterThan(0);
  }, 120_000);
});
