/** POST /api/guests/sync: the online-only guest rebuild and its counts. */
import { z } from 'zod';
import { apiRequestAs } from '../../api/http';

const Counts = z.object({ guests: z.number(), bookings: z.number() });

export function rebuildGuests(): Promise<{ guests: number; bookings: number }> {
  return apiRequestAs('/api/guests/sync', Counts, { method: 'POST', body: {} });
}
