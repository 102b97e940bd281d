/** The writer of user accounts (the users table) for the table API and sync. */
import { TABLE_IDS, requireTable } from '../../../../shared/registry';
import { nowIso, type Row } from '../../db/write';
import { writerWith, type Writer } from '../../write/writer';

const USERS = requireTable(TABLE_IDS.users);

/** Sign-in looks e-mails up lower-cased: they are stored so, and the unique index means one account each. */
function normaliseEmail(values: Row): void {
  if (typeof values.Email === 'string') values.Email = values.Email.trim().toLowerCase();
}

const base = writerWith(USERS, {});

export const userWriter: Writer = {
  ...base,
  audited: true,
  create: (tx, ctx, values) => {
    normaliseEmail(values);
    values.CreateTime = nowIso(ctx.now);
    base.create(tx, ctx, values);
  },
  update: (tx, ctx, before, changes, after) => {
    normaliseEmail(changes);
    base.update(tx, ctx, before, changes, after);
  },
};
