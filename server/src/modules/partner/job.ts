/**
 * The scheduled channel-partner sync (jobs/definitions.ts `partner-sync`, under the job's database
 * lease like the iCal poll): every host with a live connection gets every sync, logged as
 * operation "scheduled". One host's failure never stops the others.
 */
import type { Db } from '../../db/index';
import type { PartnerRuntime } from './credentials';
import { connectedUserIds } from './oauth';
import { runAllSyncs, syncHostOf } from './sync';

export type PartnerJobSummary = { hosts: number; runs: number; failed: number };

export async function syncConnectedHosts(db: Db, runtime: PartnerRuntime, now: () => Date): Promise<PartnerJobSummary> {
  const summary: PartnerJobSummary = { hosts: 0, runs: 0, failed: 0 };
  for (const userId of connectedUserIds(db)) {
    const host = syncHostOf(db, userId);
    if (!host) continue;
    summary.hosts += 1;
    try {
      const results = await runAllSyncs({ db, runtime, host, now }, 'scheduled');
      summary.runs += results.length;
      summary.failed += results.filter((r) => r.status === 'error').length;
    } catch {
      // Credentials gone or the connection removed meanwhile: nothing to sync for this host.
      summary.failed += 1;
    }
  }
  return summary;
}
