/**
 * Calendar feeds and their sync jobs as the calendar routes answer them (`POST /api/calendar/feeds`,
 * `POST /api/calendar/sync`, `GET /api/calendar/jobs`) and the Channels screen reads them. camelCase, as the browser-kept
 * job of the product specification names its fields.
 */
import { z } from 'zod';
import { SYNC_JOB_STATUSES } from '../enums';

export const CalendarJobSchema = z.object({
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
export type CalendarJob = z.infer<typeof CalendarJobSchema>;

/** A calendar feed as `POST /api/calendar/feeds` answers it. */
export const CalendarFeedSchema = z.object({
  id: z.string(),
  host_id: z.string(),
  property_id: z.string(),
  platform: z.string(),
  ical_url: z.string(),
  is_active: z.boolean(),
  last_fetched_at: z.string().nullable(),
  last_success_at: z.string().nullable(),
  event_count: z.number(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  version: z.number(),
  updated_at: z.string().nullable(),
});
export type CalendarFeedReply = z.infer<typeof CalendarFeedSchema>;

export const CalendarJobsReplySchema = z.object({ jobs: z.array(CalendarJobSchema) });
