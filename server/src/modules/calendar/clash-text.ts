/**
 * The words of an urgent "Calendar conflict" notification, in its reader's language: an iCal
 * import's clash (jobs.ts) and a channel partner's (partner/sync.ts) read alike.
 */
import type { Translate } from '../../i18n';

/** One side of a clash: where it comes from, a booking or a block, its name and its dates. */
export type ClashSide = { source: string; kind: 'booking' | 'block'; summary: string; start: string; end: string };

/** "Calendar conflict" and "<property>: <source> booking "<name>" <in> → <out> overlaps …". */
export function clashNotice(t: Translate, propertyName: string | null | undefined, mine: ClashSide, other: ClashSide): { title: string; message: string } {
  return {
    title: t('server.push.calendarConflict.title'),
    message: t('server.push.calendarConflict.body', {
      property: propertyName || t('server.push.calendarConflict.someProperty'),
      mine: t('server.push.calendarConflict.side', mine),
      other: t('server.push.calendarConflict.side', other),
    }),
  };
}
