/**
 * Property test of the table API: random bodies (arbitrary JSON, records of the table's real
 * field names with randomly typed values, page bodies with random Filters, ids of rows that do
 * and do not belong to the caller) thrown at every table route as a super admin and as a host.
 * Never a 500; a rejected request changes nothing (the global version counter and the row counts
 * stay put); an accepted page stays within the caller's scope.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { getTableColumns } from 'drizzle-orm';
import { TABLES, TABLE_IDS, type TableDef } from '../../shared/registry';
import { currentVersion, type Row } from '../src/db/write';
import { FILTER_OPS } from '../../shared/api/table';
import { makeTestApp, type TestApp } from './helpers';
import { createHost, createUser, rowCount, seedRow, type HostFixture, type UserFixture } from './fixtures';

type Op = 'page' | 'create' | 'update' | 'delete';

let app: TestApp;
let superAdmin: UserFixture;
let hostA: HostFixture;
let hostB: HostFixture;

const scalarArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.constantFrom('', 'active', 'pending', 'confirmed', 'host', 'super_admin', '2030-01-01', '2030-13-45', '2026-11-22T10:00:00Z', 'a@b.co', 'UTC'),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, 1, -1, 0.005, 1e10, 1e300, Number.MAX_SAFE_INTEGER + 2),
  fc.boolean(),
  fc.constant(null),
);
const valueArb: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: scalarArb },
  { weight: 1, arbitrary: fc.array(scalarArb, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
);

function bodyArb(def: TableDef, op: Op, ids: readonly string[]): fc.Arbitrary<unknown> {
  const columns = Object.keys(getTableColumns(def.table));
  const nameArb = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...columns) }, { weight: 1, arbitrary: fc.string({ maxLength: 12 }) });
  const fieldsArb = fc.dictionary(nameArb, valueArb, { maxKeys: 6 });
  const idArb = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...ids) }, { weight: 1, arbitrary: scalarArb });
  const filterArb = fc.record(
    {
      name: nameArb,
      op: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...FILTER_OPS) }, { weight: 1, arbitrary: fc.string({ maxLength: 8 }) }),
      value: valueArb,
    },
    { requiredKeys: ['name', 'op'] },
  );
  let shaped: fc.Arbitrary<unknown>;
  if (op === 'page') {
    shaped = fc.record(
      {
        PageNo: fc.oneof(fc.integer({ min: 1, max: 3 }), scalarArb),
        PageSize: fc.oneof(fc.integer({ min: 1, max: 50 }), scalarArb),
        OrderByField: fc.oneof(nameArb, scalarArb),
        IsAsc: fc.oneof(fc.boolean(), scalarArb),
        Filters: fc.oneof({ weight: 4, arbitrary: fc.array(filterArb, { maxLength: 3 }) }, { weight: 1, arbitrary: valueArb }),
      },
      { requiredKeys: [] },
    );
  } else if (op === 'create') {
    shaped = fieldsArb;
  } else {
    shaped = fc.tuple(idArb, fieldsArb).map(([ID, fields]) => (op === 'delete' && Object.keys(fields).length > 3 ? { ID } : { ...fields, ID }));
  }
  return fc.oneof({ weight: 5, arbitrary: shaped }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) });
}

function snapshot(def: TableDef): { version: number; rows: number; audit: number } {
  return { version: currentVersion(app.db), rows: rowCount(app, def.id), audit: rowCount(app, TABLE_IDS.audit_log) };
}

beforeAll(async () => {
  app = await makeTestApp();
  superAdmin = createUser(app, 'super_admin');
  hostA = createHost(app);
  hostB = createHost(app);
});
afterAll(async () => app.cleanup());

describe('table API under random bodies', () => {
  for (const def of TABLES as readonly TableDef[]) {
    it(`${def.id} ${def.name}: no 500, rejected requests change nothing`, async () => {
      const rows: Row[] = [
        seedRow(app, def.id, { hostProfileId: hostA.hostProfileId, userId: hostA.userId }),
        seedRow(app, def.id, { hostProfileId: hostB.hostProfileId, userId: hostB.userId }),
      ];
      const ids = [...rows.map((r) => String(r[def.key])), 'no-such-id', hostA.hostProfileId, hostA.userId];
      const ops: readonly Op[] = ['page', 'create', 'update', 'delete'];
      const caseArb = fc
        .tuple(fc.constantFrom('super_admin' as const, 'host' as const), fc.constantFrom(...ops), fc.constantFrom(def.id, ...(def.aliases ?? [])))
        .chain(([role, op, table]) => bodyArb(def, op, ids).map((body) => ({ role, op, table, body })));

      await fc.assert(
        fc.asyncProperty(caseArb, async ({ role, op, table, body }) => {
          const token = role === 'host' ? hostA.token : superAdmin.token;
          const before = snapshot(def);
          const res = await app.inject({
            method: 'POST',
            url: `/api/table/${table}/${op}`,
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            payload: JSON.stringify(body) ?? 'null',
          });
          expect(res.statusCode, res.body).toBeLessThan(500);
          const reply = res.json() as Record<string, unknown>;
          if (res.statusCode >= 400) {
            expect(typeof reply.error).toBe('string');
            expect(snapshot(def)).toEqual(before);
            return;
          }
          if (op === 'page') {
            expect(snapshot(def)).toEqual(before);
            const list = reply.List as Row[];
            expect(Array.isArray(list)).toBe(true);
            expect(typeof reply.VirtualCount).toBe('number');
            if (role === 'host') {
              for (const row of list) {
                if (def.owner === 'host_id') expect(row.host_id).toBe(hostA.hostProfileId);
                else if (def.owner === 'user_id') expect(row.user_id).toBe(hostA.userId);
              }
            }
            for (const col of def.secret) for (const row of list) expect(row[col] ?? null).toBeNull();
          } else {
            expect(typeof reply.ID).toBe('string');
            // An update without fields is a no-op and bumps nothing; every other write bumps.
            if (op === 'update') expect(currentVersion(app.db)).toBeGreaterThanOrEqual(before.version);
            else expect(currentVersion(app.db)).toBeGreaterThan(before.version);
          }
        }),
        { numRuns: Number(process.env.TABLE_FUZZ_RUNS) || 30 },
      );
    });
  }
});
