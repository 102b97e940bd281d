/** The writer of user accounts (the users table) for the table API and sync. */
import { TABLE_IDS, requireTable } from '../../../../shared/registry';
import { normalizeRole } from '../../../../shared/roles';
import { nowIso, type Row } from '../../db/write';
import { writerWith, type Writer } from '../../write/writer';
import { createDefaultDisplaySettings } from '../platform/defaults';

const USERS = requireTable(TABLE_IDS.users);

/** Sign-in looks e-mails up lower-cased: they are stored so, and the unique index means one account each. */
function normaliseEmail(values: Row): void {
  if (typeof values.Email === 'string') values.Email = values.Email.trim().toLowerCase();
}

/**
 * Roles an admin writes are normalised as spec §5 says ("Super Admin", "HouseKeeper", …;
 * shared/roles.ts). The entity schema has done it already, before the policy checked the role;
 * this keeps the writer right for any other caller.
 */
function normaliseRoleOf(values: Row): void {
  if (values.Role !== undefined) values.Role = normalizeRole(values.Role);
}

const base = writerWith(USERS, {});

export const userWriter: Writer = {
  ...base,
  audited: true,
  create: (tx, ctx, values) => {
    normaliseEmail(values);
    normaliseRoleOf(values);
    values.CreateTime = nowIso(ctx.now);
    base.create(tx, ctx, values);
    // A new account starts with the platform's display defaults (the general settings).
    createDefaultDisplaySettings(tx, String(values.ID), ctx.now);
  },
  update: (tx, ctx, before, changes, after) => {
    normaliseEmail(changes);
    normaliseRoleOf(changes);
    base.update(tx, ctx, before, changes, after);
  },
};
