/**
 * The calendar feed commands (api.md "Calendar feeds"). They are online-only (decisions.md): the
 * server checks the URL and fetches the feed, so there is nothing useful to queue offline. The
 * rows they make (feeds, jobs, imported bookings and blocks) reach the screen through sync.
 */
import { z } from 'zod';
import { apiRequestAs } from '../../api/http';
import { SYNC_JOB_STATUSES } from '../../../../shared/enums';

export const JobSchema = z.object({
  id: z.string(),
  feed_id: z.string().nullable(),
  propertyId: z.string(),
  propertyName: z.string(),
  platform: z.string(),
  iCalUrl: z.string(),
  status: z.enum(SYNC_JOB_STATUSES),
  progress: z.number(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  message: z.string(),
});
export type Job = z.infer<typeof JobSchema>;

const FeedSchema = z.object({ id: z.string(), property_id: z.string(), platform: z.string(), ical_url: z.string() });
const JobsSchema = z.object({ jobs: z.array(JobSchema) });

export function addFeed(input: { propertyId: string; platform: string; iCalUrl: string }) {
  return apiRequestAs('/api/calendar/feeds', FeedSchema, { body: input });
}

/** Queues a sync job per feed (every active feed when `feedIds` is left out). */
export async function syncFeeds(feedIds?: string[]): Promise<Job[]> {
  const { jobs } = await apiRequestAs('/api/calendar/sync', JobsSchema, { body: feedIds ? { feedIds } : {} });
  return jobs;
}

/** The server's own list of the caller's jobs (completed ones drop out 10 s after their batch). */
export async function fetchJobs(signal?: AbortSignal): Promise<Job[]> {
  const { jobs } = await apiRequestAs('/api/calendar/jobs', JobsSchema, { signal });
  return jobs;
}
