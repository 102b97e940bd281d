/**
 * Writers of calendar feeds, their sync jobs and imported blocks. The calendar routes create them
 * (URL checks, fetching); the generic API only reads and deletes them.
 */
import { TABLE_IDS, requireTable } from '../../../../shared/registry';
import { plainWriter, type Writer } from '../../write/writer';

export const feedWriter: Writer = plainWriter(requireTable(TABLE_IDS.calendar_feeds));
export const syncJobWriter: Writer = plainWriter(requireTable(TABLE_IDS.calendar_sync_jobs));
export const blockWriter: Writer = plainWriter(requireTable(TABLE_IDS.calendar_blocks));
