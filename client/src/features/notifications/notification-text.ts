/**
 * A notification's words in the reader's language. The server stores each notification's title as
 * one of the fixed titles of shared/messages.ts (NOTIFICATION_TITLES), so the title is shown from
 * the catalog by that key; a title outside them (an older row) and the message, which the server
 * composes with the task's own data, show as stored.
 */
import { NOTIFICATION_TITLES } from '../../../../shared/messages';
import type { NotificationType } from '../../../../shared/enums';
import { t, type MessageId } from '../../i18n';

type TitleKey = keyof typeof NOTIFICATION_TITLES;

const TITLE_IDS: Record<TitleKey, MessageId> = {
  taskCreated: 'notification.title.taskCreated',
  taskAssigned: 'notification.title.taskAssigned',
  taskCompleted: 'notification.title.taskCompleted',
  taskOverdue: 'notification.title.taskOverdue',
  urgentTask: 'notification.title.urgentTask',
  taskUpdate: 'notification.title.taskUpdate',
  changeNotKept: 'notification.title.changeNotKept',
  workBeforeReassignment: 'notification.title.workBeforeReassignment',
  changedOnBothSides: 'notification.title.changedOnBothSides',
  problemReported: 'notification.title.problemReported',
  urgentProblem: 'notification.title.urgentProblem',
};

const BY_ENGLISH = new Map<string, MessageId>((Object.keys(NOTIFICATION_TITLES) as TitleKey[]).map((key) => [NOTIFICATION_TITLES[key], TITLE_IDS[key]]));

export const NOTIFICATION_TYPE_LABEL: Record<NotificationType, MessageId> = {
  info: 'notification.type.info',
  success: 'notification.type.success',
  warning: 'notification.type.warning',
  urgent: 'notification.type.urgent',
  error: 'notification.type.error',
};

/** The title in the active language when it is one of the server's fixed titles, else as stored. */
export function notificationTitle(title: string): string {
  const id = BY_ENGLISH.get(title);
  return id ? t(id) : title;
}

/** The word for a notification's type (info, urgent…); an unknown type shows as stored. */
export function notificationType(type: string): string {
  const id = Object.hasOwn(NOTIFICATION_TYPE_LABEL, type) ? NOTIFICATION_TYPE_LABEL[type as NotificationType] : undefined;
  return id ? t(id) : type;
}
