/**
 * Every route of the OpenAPI description, for every role and for an anonymous caller, against the
 * policy: each operation carries `x-access` (its `config.access`), and the answer must be what the
 * policy says of it: 401 without a session, 403 for a role the policy refuses, and neither for one
 * it allows (whatever the route then does with the deliberately empty request). Table routes are
 * walked for every registry table. A route without `x-access` fails here (and the app refuses to
 * start with an /api/ route that declares none), so no route can skip the policy.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TABLE_IDS, TABLES, type TableDef } from '../../shared/registry';
import { updateRow } from '../src/db/write';
import type { Actor } from '../src/actor';
import { loadActor } from '../src/actor';
import { canOperate, mayPerform, type Operation, type RouteAccess } from '../src/policy';
import { makeTestApp, type TestApp } from './helpers';
import { createHost, createStaff, createUser, defOf } from './fixtures';

type Caller = { name: string; token: string | null; actor: Actor | null };
type Route = { method: string; path: string; access: RouteAccess | undefined };

let app: TestApp;
let base: string;
let callers: Caller[];
let routes: Route[];

beforeAll(async () => {
  app = await makeTestApp();
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const host = createHost(app);
  const people = [createUser(app, 'super_admin'), createUser(app, 'admin'), host, createStaff(app, host.hostProfileId)];
  callers = [
    { name: 'anonymous', token: null, actor: null },
    ...people.map((p) => ({ name: p.role, token: p.token, actor: loadActor(app.db, p.userId) ?? null })),
  ];
  const doc = (await app.inject({ method: 'GET', url: '/docs/json' })).json() as { paths: Record<string, Record<string, { 'x-access'?: RouteAccess }>> };
  const all = Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ method: method.toUpperCase(), path, access: op['x-access'] })));
  // Signing out ends the caller's session (modules/auth/sessions.ts): walked last.
  const endsSession = (r: Route) => r.method === 'POST' && r.path === '/api/auth/logout';
  routes = [...all.filter((r) => !endsSession(r)), ...all.filter(endsSession)];
});
afterAll(async () => {
  await app.cleanup();
});

/** The status of a request with an empty body; an event stream is closed as soon as its status is in. */
async function statusOf(method: string, url: string, token: string | null): Promise<number> {
  const controller = new AbortController();
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const hasBody = method !== 'GET' && method !== 'DELETE';
  if (hasBody) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}${url}`, { method, headers, body: hasBody ? '{}' : undefined, signal: controller.signal });
  controller.abort();
  return res.status;
}

/** A path with its parameters filled: ids that exist nowhere, a table id where the route takes one. */
function fill(path: string, table?: number): string {
  return path.replace('{table}', String(table ?? 0)).replace(/\{[^}]+\}/g, 'walk-0');
}

function expected(access: RouteAccess, caller: Caller, def?: TableDef): 'public' | 401 | 403 | 'allowed' {
  if (access === 'public') return 'public';
  if (!caller.actor) return 401;
  if ('operation' in access) return mayPerform(caller.actor, access.operation) ? 'allowed' : 403;
  const op: Operation = access.table;
  return def && canOperate(caller.actor, def, op) ? 'allowed' : 403;
}

function judge(status: number, want: ReturnType<typeof expected>): boolean {
  if (want === 'public' || want === 'allowed') return status !== 401 && status !== 403;
  return status === want;
}

describe('route access', () => {
  it('every route of the OpenAPI description declares who may call it', () => {
    expect(routes.length).toBeGreaterThan(30);
    expect(routes.filter((r) => r.access === undefined).map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });

  it('walks the admin billing and dashboard reads, for admins and super admins only', async () => {
    const admin = ['GET /api/admin/billing/history', 'GET /api/admin/billing/revenue-stats', 'GET /api/admin/dashboard'];
    for (const name of admin) {
      const route = routes.find((r) => `${r.method} ${r.path}` === name);
      expect(route?.access, name).toBeDefined();
      const allowed = callers.filter((c) => c.actor && expected(route?.access as RouteAccess, c) === 'allowed').map((c) => c.name);
      expect(allowed, name).toEqual(['super_admin', 'admin']);
      for (const caller of callers) {
        const status = await statusOf('GET', route?.path ?? '', caller.token);
        expect(status, `${name} as ${caller.name}`).toBe(caller.name === 'super_admin' || caller.name === 'admin' ? 200 : caller.actor ? 403 : 401);
      }
    }
  });

  it('answers every route, for every role and anonymous, as the policy says', async () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const route of routes) {
      const access = route.access as RouteAccess;
      const tables: (TableDef | undefined)[] =
        typeof access === 'object' && 'table' in access
          ? access.id !== undefined
            ? [(TABLES as readonly TableDef[]).find((t) => t.id === access.id)]
            : (TABLES as readonly TableDef[]).flatMap((t) => [t, ...(t.aliases ?? []).map((id) => ({ ...t, id }))])
          : [undefined];
      for (const def of tables) {
        for (const caller of callers) {
          const want = expected(access, caller, def);
          const status = await statusOf(route.method, fill(route.path, def?.id), caller.token);
          checked += 1;
          if (!judge(status, want)) wrong.push(`${route.method} ${fill(route.path, def?.id)} as ${caller.name}: ${status}, the policy says ${want}`);
        }
      }
    }
    // The walk signed every caller out last (POST /api/auth/logout): new sessions for the next tests.
    for (const caller of callers) if (caller.actor) caller.token = app.signSession(caller.actor.userId);
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(500);
  });

  it('walks the admin console routes with their operations', () => {
    const accessOf = (method: string, path: string) => routes.find((r) => r.method === method && r.path === path)?.access;
    expect(accessOf('GET', '/api/admin/hosts')).toEqual({ operation: 'hosts.read' });
    expect(accessOf('GET', '/api/admin/hosts/{id}')).toEqual({ operation: 'hosts.read' });
    expect(accessOf('GET', '/api/admin/admins')).toEqual({ operation: 'admins.manage' });
    expect(accessOf('POST', '/api/admin/admins/invite')).toEqual({ operation: 'admins.manage' });
    expect(accessOf('POST', '/api/admin/admins/{id}/status')).toEqual({ operation: 'admins.manage' });
    expect(accessOf('POST', '/api/admin/users/{id}/totp/reset')).toEqual({ operation: 'users.totp_reset' });
    expect(accessOf('POST', '/api/auth/totp/setup')).toEqual({ operation: 'account.own' });
    expect(accessOf('POST', '/api/auth/login/totp')).toBe('public');
  });

  it('walks the routes of a housekeeper with several hosts', () => {
    const accessOf = (method: string, path: string) => routes.find((r) => r.method === method && r.path === path)?.access;
    expect(accessOf('POST', '/api/auth/invite/preview')).toBe('public');
    expect(accessOf('POST', '/api/auth/invite/accept')).toBe('public');
    expect(accessOf('POST', '/api/auth/staff-host')).toEqual({ operation: 'staff.hosts' });
  });

  it('refuses a suspended host and its staff on every route that needs a session (401), as anonymous callers', async () => {
    const host = createHost(app);
    const staff = createStaff(app, host.hostProfileId);
    app.db.transaction((tx) => updateRow(tx, defOf(TABLE_IDS.host_profiles), host.hostProfileId, { account_status: 'suspended' }, app.now()));
    const wrong: string[] = [];
    for (const route of routes) {
      if (route.access === 'public') continue;
      for (const token of [host.token, staff.token]) {
        const status = await statusOf(route.method, fill(route.path, TABLE_IDS.properties), token);
        if (status !== 401) wrong.push(`${route.method} ${route.path}: ${status}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('lets admins and super admins read the audit log, and nobody else (written out, not derived)', async () => {
    const want: Record<string, number> = { anonymous: 401, super_admin: 200, admin: 200, host: 403, staff: 403 };
    const got: Record<string, number> = {};
    for (const caller of callers) got[caller.name] = await statusOf('GET', '/api/admin/audit-log', caller.token);
    expect(got).toEqual(want);
  });
});
