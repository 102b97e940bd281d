/** The admins' list of outgoing mail (GET /api/admin/mail), read online: the queue is not kept on devices. */
import { apiRequestAs } from '../../api/http';
import { MailListSchema, type MailList } from '../../../../shared/api/mail';
import type { MailStatus } from '../../../../shared/enums';

export function mailListPath(status: MailStatus | undefined, page: number): string {
  const query = new URLSearchParams();
  if (status) query.set('status', status);
  query.set('page', String(page));
  return `/api/admin/mail?${query.toString()}`;
}

export function fetchMail(status: MailStatus | undefined, page: number, signal?: AbortSignal): Promise<MailList> {
  return apiRequestAs(mailListPath(status, page), MailListSchema, { method: 'GET', signal });
}
