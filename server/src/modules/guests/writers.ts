/**
 * The guest writer. Guests are derived from bookings (service.ts), so the generic API only reads
 * and deletes them; a deleted guest comes back at the next rebuild if its bookings remain.
 */
import { TABLE_IDS, requireTable } from '../../../../shared/registry';
import { plainWriter, type Writer } from '../../write/writer';

export const guestWriter: Writer = plainWriter(requireTable(TABLE_IDS.guests));
