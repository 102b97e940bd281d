/** Writers of host profiles for the table API and sync (the tiers' is in modules/platform). */
import { and, eq, isNull } from 'drizzle-orm';
import { TABLE_IDS, requireTable } from '../../../../shared/registry';
import { hostProfiles, users } from '../../../../shared/schema/tables';
import type { Tx } from '../../db/write';
import { Conflict } from '../../errors';
import { plainWriter, type Writer } from '../../write/writer';

const HOST_PROFILES = requireTable(TABLE_IDS.host_profiles);

function hasHostProfile(tx: Tx, userId: string): boolean {
  return (
    tx
      .select({ id: hostProfiles.id })
      .from(hostProfiles)
      .where(and(eq(hostProfiles.user_id, userId), isNull(hostProfiles.deleted_at)))
      .get() !== undefined
  );
}

function emailOf(tx: Tx, userId: string): string {
  return tx.select({ email: users.Email }).from(users).where(eq(users.ID, userId)).get()?.email ?? '';
}

const baseProfile = plainWriter(HOST_PROFILES);

/** One host profile per host user; its e-mail defaults to the user's. */
export const hostProfileWriter: Writer = {
  ...baseProfile,
  audited: true,
  ownerMustBe: { column: 'Role', value: 'host', label: 'host user' },
  create: (tx, ctx, values) => {
    const userId = String(values.user_id);
    if (hasHostProfile(tx, userId)) throw new Conflict('This user already has a host profile');
    if (values.email === undefined) values.email = emailOf(tx, userId);
    baseProfile.create(tx, ctx, values);
  },
};
