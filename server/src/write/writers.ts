/**
 * The registry of writers: every table a user may write through the table API or sync push, and
 * its writer, which lives next to its domain. A table missing here cannot be written at all
 * (pipeline.ts asks `writerOf` before anything else); the test beside this file checks that every
 * table the policy lets someone write has one.
 */
import { TABLE_IDS, type TableDef } from '../../../shared/registry';
import { userWriter } from '../modules/auth/writers';
import { billingWriters } from '../modules/billing/writers';
import { bookingWriter } from '../modules/bookings/writers';
import { blockWriter, feedWriter, syncJobWriter } from '../modules/calendar/writers';
import { guestWriter } from '../modules/guests/writers';
import { hostProfileWriter } from '../modules/hosts/writers';
import { staffWriter, taskWriter, templateWriter } from '../modules/housekeeping/writers';
import { inboxMessageWriter } from '../modules/inbox/writers';
import { notificationWriter } from '../modules/notifications/writers';
import { partnerWriters } from '../modules/partner/writers';
import { displaySettingsWriter, platformSettingWriter, tierWriter } from '../modules/platform/writers';
import { propertyWriter } from '../modules/properties/writers';
import { propertyAccessWriter } from '../modules/properties/access';
import { pushSubscriptionWriter } from '../modules/push/writers';
import { problemReportWriter } from '../modules/reports/writers';
import type { Writer } from './writer';

export const WRITERS: ReadonlyMap<number, Writer> = new Map<number, Writer>([
  [TABLE_IDS.users, userWriter],
  [TABLE_IDS.host_profiles, hostProfileWriter],
  [TABLE_IDS.subscription_tiers, tierWriter],
  [TABLE_IDS.platform_settings, platformSettingWriter],
  [TABLE_IDS.display_settings, displaySettingsWriter],
  [TABLE_IDS.properties, propertyWriter],
  [TABLE_IDS.bookings, bookingWriter],
  [TABLE_IDS.property_access, propertyAccessWriter],
  [TABLE_IDS.housekeeping_staff, staffWriter],
  [TABLE_IDS.housekeeping_tasks, taskWriter],
  [TABLE_IDS.task_templates, templateWriter],
  [TABLE_IDS.problem_reports, problemReportWriter],
  [TABLE_IDS.guests, guestWriter],
  [TABLE_IDS.notifications, notificationWriter],
  [TABLE_IDS.push_subscriptions, pushSubscriptionWriter],
  [TABLE_IDS.calendar_feeds, feedWriter],
  [TABLE_IDS.calendar_sync_jobs, syncJobWriter],
  [TABLE_IDS.calendar_blocks, blockWriter],
  [TABLE_IDS.inbox_messages, inboxMessageWriter],
  ...partnerWriters,
  ...billingWriters,
]);

/** The writer of `def`; a table without one is written by nobody (the audit log is append-only). */
export function writerOf(def: TableDef): Writer {
  const writer = WRITERS.get(def.id);
  if (!writer) throw new Error(`No writer for ${def.name}: add one to server/src/write/writers.ts`);
  return writer;
}
