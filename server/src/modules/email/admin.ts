/**
 * The admins' list of outgoing mail (GET /api/admin/mail): failed first, then newest first; never
 * the bodies; with how mail can be sent now (`delivery`, mailer.ts `mailDelivery`).
 */
import { asc, desc, eq, sql } from 'drizzle-orm';
import { MAIL_PAGE_SIZE, type MailDelivery, type MailList, type MailListQuery } from '../../../../shared/api/mail';
import { MAIL_STATUSES, type MailStatus } from '../../../../shared/enums';
import { mailQueue } from '../../../../shared/schema/tables';
import type { Db } from '../../db/index';

export function listMail(db: Db, query: MailListQuery, delivery: MailDelivery): MailList {
  const where = query.status ? eq(mailQueue.status, query.status) : undefined;
  const page = query.page;
  const rows = db
    .select()
    .from(mailQueue)
    .where(where)
    .orderBy(asc(sql`case when ${mailQueue.status} = 'failed' then 0 else 1 end`), desc(mailQueue.created_at), desc(mailQueue.id))
    .limit(MAIL_PAGE_SIZE)
    .offset((page - 1) * MAIL_PAGE_SIZE)
    .all();
  const byStatus = db
    .select({ status: mailQueue.status, n: sql<number>`count(*)` })
    .from(mailQueue)
    .groupBy(mailQueue.status)
    .all();
  const counts = Object.fromEntries(MAIL_STATUSES.map((s) => [s, 0])) as Record<MailStatus, number>;
  for (const r of byStatus) counts[r.status] = Number(r.n);
  const total = query.status ? counts[query.status] : Object.values(counts).reduce((a, b) => a + b, 0);
  return {
    rows: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      to: r.to_address,
      subject: r.subject,
      status: r.status,
      attempts: r.attempts,
      last_error: r.last_error,
      created_at: r.created_at,
      updated_at: r.updated_at,
      sent_at: r.sent_at,
      next_attempt_at: r.status === 'queued' ? r.next_attempt_at : null,
    })),
    total,
    page,
    pageSize: MAIL_PAGE_SIZE,
    counts,
    delivery,
  };
}
