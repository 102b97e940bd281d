/**
 * The compiled zod parse (server/src/write/fast-parse.ts) against zod itself: wherever the compiled form is
 * sure, zod accepts the value and returns the same thing (deep, and keys in the same order); the
 * usual valid inputs (a sync mutation, a task update) are the ones it is sure of.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { TABLES, TABLE_IDS, tableById, type TableDef } from '../../shared/registry';
import { MutationSchema, PushRequestSchema } from '../../shared/sync';
import { UNSURE, fastParser, parseFast } from '../src/write/fast-parse';
import { ValidationFailed } from '../src/errors';

const TASK = tableById(TABLE_IDS.housekeeping_tasks) as TableDef;

const checklist = [
  { id: 'item-1', text: 'Strip the beds', done: true },
  { id: 'item-2', text: 'Clean the bathroom', done: false },
];

const mutation = {
  id: '0190f2c4-7a1b-7c3d-8e4f-5a6b7c8d9e0f',
  clientId: 'client-1',
  seq: 12,
  table: TABLE_IDS.housekeeping_tasks,
  op: 'update',
  rowId: '0190f2c4-7a1b-7c3d-8e4f-000000000001',
  fields: { notes: 'Keys left with the neighbour', checklist_items: checklist, task_status: 'in_progress' },
  at: '2026-11-22T08:00:00.000Z',
};

/** Values that sit at the edges of what the schemas accept. */
const junk: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    undefined,
    null,
    true,
    0,
    -1,
    1.5,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    2 ** 53,
    '',
    'x',
    '\u{1F600}',
    '\u{1F600}'.repeat(60),
    'a'.repeat(101),
    'a'.repeat(20_001),
    'pending',
    'in_progress',
    'done',
    '2026-11-22',
    '2026-11-22T08:00:00Z',
    '2026-11-22T08:00:00+01:00',
    '2026-11-22T08:00:00',
    [],
    {},
  ),
  fc.string({ maxLength: 120 }),
  fc.integer(),
  fc.double(),
  fc.array(fc.record({ id: fc.string({ maxLength: 3 }), text: fc.string({ maxLength: 3 }), done: fc.boolean() }, { requiredKeys: ['id', 'text'] }), { maxLength: 3 }),
  fc.dictionary(fc.constantFrom('id', 'text', 'done', 'extra', '__proto__', 'constructor'), fc.constantFrom<unknown>('a', true, 1, null)),
);

/** A valid value with some keys changed, removed or added (recursively one level down). */
function variants(base: Record<string, unknown>): fc.Arbitrary<unknown> {
  const keys = Object.keys(base);
  const edit = fc.oneof(
    fc.record({ kind: fc.constant('set' as const), key: fc.constantFrom(...keys, 'extra', 'ID'), value: junk }),
    fc.record({ kind: fc.constant('drop' as const), key: fc.constantFrom(...keys) }),
    fc.record({ kind: fc.constant('nested' as const), key: fc.constantFrom(...keys), inner: fc.constantFrom('notes', 'checklist_items', 'task_status', 'id', 'done', 'extra'), value: junk }),
  );
  return fc.array(edit, { maxLength: 4 }).map((edits) => {
    const out: Record<string, unknown> = structuredClone(base);
    for (const e of edits) {
      if (e.kind === 'set') out[e.key] = e.value;
      else if (e.kind === 'drop') delete out[e.key];
      else {
        const target = out[e.key];
        if (Array.isArray(target) && target.length > 0) (target[0] as Record<string, unknown>)[e.inner] = e.value;
        else if (target && typeof target === 'object') (target as Record<string, unknown>)[e.inner] = e.value;
      }
    }
    return out;
  });
}

/** The compiled form is either unsure, or exactly zod's answer. */
function agrees(schema: z.ZodType, value: unknown): boolean {
  const fast = fastParser(schema)(value);
  if (fast === UNSURE) return false;
  const zod = schema.safeParse(value);
  expect(zod.success, `zod refuses what the compiled form took: ${JSON.stringify(value)}`).toBe(true);
  expect(fast).toStrictEqual(zod.data);
  expect(JSON.stringify(fast)).toBe(JSON.stringify(zod.data));
  return true;
}

describe('fast zod parse', () => {
  it('takes the usual valid inputs, giving what zod gives', () => {
    expect(agrees(MutationSchema, mutation)).toBe(true);
    expect(agrees(PushRequestSchema, { clientId: 'client-1', mutations: [mutation, { ...mutation, id: 'm2', seq: 13, fields: { notes: '' } }] })).toBe(true);
    expect(agrees(TASK.schemas.update, mutation.fields)).toBe(true);
    // Output keys follow the schema, as zod's do, whatever order the client sent them in.
    const reordered = { task_status: 'pending', checklist_items: [{ done: true, text: 'T', id: 'i' }], notes: 'n' };
    expect(agrees(TASK.schemas.update, reordered)).toBe(true);
    expect(Object.keys(fastParser(TASK.schemas.update)(reordered) as object)).toEqual(Object.keys(TASK.schemas.update.parse(reordered)));
  });

  it('leaves to zod what it does not mirror, and parseFast then answers with zod', () => {
    // A task title is trimmed by zod: a transform the compiled form does not copy.
    expect(fastParser(TASK.schemas.update)({ task_title: '  Clean  ' })).toBe(UNSURE);
    expect(parseFast(TASK.schemas.update, { task_title: '  Clean  ' })).toEqual({ task_title: 'Clean' });
    // A default is zod's to fill in.
    expect(fastParser(MutationSchema)({ ...mutation, fields: undefined })).toBe(UNSURE);
    expect(parseFast(MutationSchema, { ...mutation, op: 'delete', fields: undefined }).fields).toEqual({});
    expect(() => parseFast(TASK.schemas.update, { task_status: 'done' })).toThrow(ValidationFailed);
    expect(() => parseFast(TASK.schemas.update, { notes: 5 })).toThrow(/notes/);
  });

  it('never takes what zod refuses, and agrees with zod on what it takes (mutations)', () => {
    fc.assert(
      fc.property(variants(mutation), (value) => {
        agrees(MutationSchema, value);
      }),
      { numRuns: 400 },
    );
  });

  it('never takes what zod refuses, and agrees with zod on what it takes (task updates)', () => {
    fc.assert(
      fc.property(variants(mutation.fields), (value) => {
        agrees(TASK.schemas.update, value);
      }),
      { numRuns: 400 },
    );
  });

  it('agrees with zod on every table schema for arbitrary records', () => {
    const schemas = (TABLES as readonly TableDef[]).flatMap((def) => [def.schemas.create, def.schemas.update]);
    fc.assert(
      fc.property(fc.constantFrom(...schemas), fc.dictionary(fc.string({ maxLength: 20 }), junk, { maxKeys: 4 }), (schema, value) => {
        agrees(schema, value);
      }),
      { numRuns: 300 },
    );
  });

  it('mirrors the bounds zod checks: lengths in code points, number ranges, safe integers', () => {
    const schema = z.strictObject({
      s: z.string().min(2).max(3).optional(),
      n: z.number().int().min(0).max(10).optional(),
      g: z.number().gt(0).lt(1).optional(),
      r: z.string().regex(/^a+$/).optional(),
      i: z.int().optional(),
    });
    const values = fc.record(
      {
        s: fc.constantFrom('a', 'ab', 'abc', 'abcd', '\u{1F600}', '\u{1F600}\u{1F600}', '\u{1F600}\u{1F600}\u{1F600}\u{1F600}'),
        n: fc.oneof(fc.integer({ min: -2, max: 12 }), fc.double({ min: -1, max: 11 })),
        g: fc.constantFrom(0, 0.5, 1, -0.1, 1.1),
        r: fc.constantFrom('a', 'aa', 'b', ''),
        i: fc.constantFrom(1, 1.5, 2 ** 53, -(2 ** 53)),
      },
      { requiredKeys: [] },
    );
    // A record is valid only when every key it has is (about 2 % of them): 1 000 runs, and a valid
    // record and an empty one always among them, so that the compiled form is seen taking some.
    let sure = 0;
    fc.assert(
      fc.property(values, (value) => {
        if (agrees(schema, value)) sure += 1;
      }),
      { numRuns: 1000, examples: [[{ s: '\u{1F600}\u{1F600}', n: 10, g: 0.5, r: 'aa', i: -1 }], [{}]] },
    );
    expect(sure).toBeGreaterThanOrEqual(2);
  });
});
