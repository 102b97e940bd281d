/**
 * The task form's assignment warnings (features/tasks/schedule-rules.ts `assignmentWarnings`) as
 * sentences of the host catalog, with the days as the reader's settings write them.
 */
import type { MessageId, MessageValues } from '../../i18n/message-ids';
import type { assignmentWarnings } from '../tasks';

type Translate = (id: MessageId, values?: MessageValues) => string;
export type AssignmentWarning = ReturnType<typeof assignmentWarnings>[number];

/** "4 h", "4 h 30 min". */
function hoursText(minutes: number, t: Translate): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest ? t('duration.hoursMinutes', { hours, minutes: rest }) : t('duration.hours', { hours });
}

/** One sentence per warning. */
export function warningText(w: AssignmentWarning, name: string, t: Translate, formatDay: (day: string) => string): string {
  switch (w.kind) {
    case 'inactive':
      return t('host.housekeeping.warning.inactive', { name });
    case 'day-off':
      return t('host.housekeeping.warning.dayOff', { name, weekday: w.weekday, day: formatDay(w.day) });
    case 'outside-hours':
      return t('host.housekeeping.warning.outsideHours', { name, weekday: w.weekday, start: w.hours.start, end: w.hours.end, taskStart: w.task.start, taskEnd: w.task.end });
    case 'overlap':
      return t('host.housekeeping.warning.overlap', { name, title: w.other.title, start: w.other.start, end: w.other.end });
    case 'over-capacity':
      return t('host.housekeeping.warning.overCapacity', { name, booked: hoursText(w.bookedMinutes, t), available: hoursText(w.availableMinutes, t), day: formatDay(w.day) });
  }
}
