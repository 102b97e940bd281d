/**
 * The admins' view of outgoing mail: `GET /api/admin/mail?status=&page=` answers one page of the
 * mail queue, failed messages first, then newest first. Bodies are never sent.
 */
import { z } from 'zod';
import { MAIL_STATUSES } from '../enums';

export const MAIL_PAGE_SIZE = 50;

export const MailListQuerySchema = z.object({
  status: z.enum(MAIL_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type MailListQuery = z.infer<typeof MailListQuerySchema>;

export const MailRowSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(MAIL_STATUSES),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  sent_at: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
});
export type MailRow = z.infer<typeof MailRowSchema>;

/**
 * How mail leaves the server now: over SMTP (usable settings), to the server log (the development
 * transport, MAIL_DEV_TRANSPORT), or not at all: mail waits in the queue until SMTP is set up.
 */
export const MAIL_DELIVERIES = ['smtp', 'dev', 'none'] as const;
export type MailDelivery = (typeof MAIL_DELIVERIES)[number];

export const MailListSchema = z.object({
  rows: z.array(MailRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Messages per status over the whole queue (for the filter's counts). */
  counts: z.record(z.enum(MAIL_STATUSES), z.number().int()),
  /** How mail can be sent now (MAIL_DELIVERIES): the screen warns when it cannot. */
  delivery: z.enum(MAIL_DELIVERIES),
});
export type MailList = z.infer<typeof MailListSchema>;

/** How a status reads on the admins' screen. */
export const MAIL_STATUS_LABELS: Readonly<Record<z.infer<typeof MailRowSchema>['status'], string>> = {
  held: 'Waiting for push',
  queued: 'Queued',
  sent: 'Sent',
  failed: 'Failed',
  cancelled: 'Not needed',
};
