/**
 * The calendar feed commands (`POST /api/calendar/feeds`, `POST /api/calendar/sync`,
 * `GET /api/calendar/jobs`). They need a connection: the server checks the URL and fetches the
 * feed, so there is nothing useful to queue offline. The rows they make (feeds, jobs, imported
 * bookings and blocks) reach the screen through sync. The feed and job shapes are the contract's
 * (shared/api/calendar.ts).
 */
import { CalendarFeedSchema, CalendarJobsReplySchema, type CalendarJob } from '../../../../shared/api/calendar';
import { apiRequestAs } from '../../api/http';

export function addFeed(input: { propertyId: string; platform: string; iCalUrl: string }) {
  return apiRequestAs('/api/calendar/feeds', CalendarFeedSchema, { body: input });
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
