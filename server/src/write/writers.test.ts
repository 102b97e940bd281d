/**
 * The writer registry covers every table someone may write: for each registry table and role,
 * when the policy grants a create, update or delete through the table API or sync, a writer
 * must exist (a missing one would be a 500 at the first such write).
 */
import { describe, expect, it } from 'vitest';
import { ROLES } from '../../../shared/enums';
import { TABLES, type TableDef } from '../../../shared/registry';
import type { Actor } from '../actor';
import { writePermit, type WriteOperation } from '../policy';
import { WRITERS } from './writers';

const actors: Actor[] = ROLES.map((role) => ({ userId: `u-${role}`, role, email: `${role}@example.test`, name: role, hostProfileId: 'hp', staffId: 'st' }));
const OPS: readonly WriteOperation[] = ['create', 'update', 'delete'];

function writable(def: TableDef): boolean {
  return actors.some((actor) =>
    OPS.some((op) =>
      (['table', 'sync'] as const).some((channel) => {
        try {
          writePermit(actor, def, op, channel);
          return true;
        } catch {
          return false;
        }
      }),
    ),
  );
}

describe('writer registry', () => {
  it('has a writer for every table the policy lets someone write, and none for tables nobody writes', () => {
    const missing = (TABLES as readonly TableDef[]).filter((def) => writable(def) && !WRITERS.has(def.id)).map((d) => d.name);
    expect(missing).toEqual([]);
    const unused = (TABLES as readonly TableDef[]).filter((def) => !writable(def) && WRITERS.has(def.id)).map((d) => d.name);
    expect(unused).toEqual([]);
  });
});
