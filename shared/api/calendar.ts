/**
 * Calendar sync jobs as the calendar routes answer them (`POST /api/calendar/sync`,
 * `GET /api/calendar/jobs`) and the Channels screen reads them. camelCase, as the browser-kept
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

export const CalendarJobsReplySchema = z.object({ jobs: z.array(CalendarJobSchema) });
