/**
 * The calendar feed commands (`POST /api/calendar/feeds`, `POST /api/calendar/sync`,
 * `GET /api/calendar/jobs`). They need a connection: the server checks the URL and fetches the
 * feed, so there is nothing useful to queue offline. The rows they make (feeds, jobs, imported
 * bookings and blocks) reach the screen through sync. The job shape is the contract's
 * (shared/api/calendar.ts).
 */
import { z } from 'zod';
import { CalendarJobsReplySchema, type CalendarJob } from '../../../../shared/api/calendar';
import { apiRequestAs } from '../../api/http';

const FeedSchema = z.object({ id: z.string(), property_id: z.string(), platform: z.string(), ical_url: z.string() });

export function addFeed(input: { propertyId: string; platform: string; iCalUrl: string }) {
  return apiRequestAs('/api/calendar/feeds', FeedSchema, { body: input });
}

/** Queues a sync job per feed (every active feed when `feedIds` is left out). */
export async function syncFeeds(feedIds?: string[]): Promise<CalendarJob[]> {
  const { jobs } = await apiRequestAs('/api/calendar/sync', CalendarJobsReplySchema, { body: feedIds ? { feedIds } : {} });
  return jobs;
}

/** The server's own list of the caller's jobs (completed ones drop out 10 s after their batch). */
export async function fetchJobs(signal?: AbortSignal): Promise<CalendarJob[]> {
  const { jobs } = await apiRequestAs('/api/calendar/jobs', CalendarJobsReplySchema, { signal });
  return jobs;
}
