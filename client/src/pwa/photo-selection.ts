/**
 * Which uploaded photos a device keeps for offline use (pure; the page runs it after each pull,
 * pwa/photo-prefetch.ts, and the service worker after a background refresh): a housekeeper's are
 * the photos of the properties of her open tasks from today to STAFF_DAYS_AHEAD days on, the
 * soonest first; a host's are its listings' photos, active listings first. Photos are taken
 * cover first (every property's first photo, then every second one…), so that within the limit
 * each property is recognisable before any gets its whole gallery.
 */
import { addDays, dayOf } from '../../../shared/format/dates';
import type { Role } from '../../../shared/enums';

/** An uploaded image's URL: named by 128 random bits, never reused (server/src/modules/properties/images.ts). */
export const PHOTO_PATH = /^\/uploads\/[a-f0-9]{32}\.webp$/;

/** A housekeeper's photos cover her tasks of today and the next seven days. */
export const STAFF_DAYS_AHEAD = 7;

export type PhotoProperty = { id: string; status?: string | null; images?: unknown; deleted_at?: string | null };
export type PhotoTask = { property_id?: string | null; task_status: string; scheduled_date?: string | null; due_date?: string | null; deleted_at?: string | null };

export type PhotoSelectionInput = {
  role: Role;
  properties: readonly PhotoProperty[];
  tasks: readonly PhotoTask[];
  /** Today (YYYY-MM-DD) where the user is. */
  today: string;
  timezone: string;
  /** At most this many photos. */
  limit: number;
};

/** Whether a URL (relative or of `origin`) is an uploaded photo the photo cache keeps. */
export function isPhotoUrl(url: string, origin: string): boolean {
  try {
    const parsed = new URL(url, origin);
    return parsed.origin === origin && PHOTO_PATH.test(parsed.pathname) && parsed.search === '';
  } catch {
    return false;
  }
}

function photosOf(property: PhotoProperty): string[] {
  return Array.isArray(property.images) ? property.images.filter((u): u is string => typeof u === 'string' && PHOTO_PATH.test(u)) : [];
}

function isLive(row: { deleted_at?: string | null }): boolean {
  return row.deleted_at === undefined || row.deleted_at === null;
}

/** The properties of a housekeeper's open tasks planned from today to STAFF_DAYS_AHEAD days on, soonest first. */
export function staffPropertyOrder(tasks: readonly PhotoTask[], today: string, timezone: string): string[] {
  const last = addDays(today, STAFF_DAYS_AHEAD);
  const planned = tasks
    .filter((t) => isLive(t) && t.property_id && (t.task_status === 'pending' || t.task_status === 'in_progress'))
    .map((t) => ({ property: t.property_id as string, day: dayOf(t.scheduled_date, timezone) ?? dayOf(t.due_date, timezone) }))
    .filter((t): t is { property: string; day: string } => t.day !== null && t.day >= today && t.day <= last)
    .sort((a, b) => a.day.localeCompare(b.day) || a.property.localeCompare(b.property));
  return [...new Set(planned.map((t) => t.property))];
}

/** A host's listings: active ones first, then inactive; archived ones are not needed on the road. */
export function hostPropertyOrder(properties: readonly PhotoProperty[]): string[] {
  const rank = (p: PhotoProperty) => (p.status === 'inactive' ? 1 : 0);
  return properties
    .filter((p) => isLive(p) && p.status !== 'archived')
    .sort((a, b) => rank(a) - rank(b) || a.id.localeCompare(b.id))
    .map((p) => p.id);
}

/** Cover first: the first photo of every property in order, then the second of each, and so on. */
export function interleave(galleries: readonly (readonly string[])[], limit: number): string[] {
  const chosen = new Set<string>();
  const longest = Math.max(0, ...galleries.map((g) => g.length));
  for (let i = 0; i < longest && chosen.size < limit; i += 1) {
    for (const gallery of galleries) {
      const url = gallery[i];
      if (url !== undefined) chosen.add(url);
      if (chosen.size >= limit) break;
    }
  }
  return [...chosen];
}

/** The photos this user will need in the coming days, most needed first, at most `limit`. */
export function photosToKeep(input: PhotoSelectionInput): string[] {
  const order =
    input.role === 'staff' ? staffPropertyOrder(input.tasks, input.today, input.timezone) : input.role === 'host' ? hostPropertyOrder(input.properties) : [];
  const byId = new Map(input.properties.filter(isLive).map((p) => [p.id, p]));
  const galleries = order.map((id) => byId.get(id)).filter((p): p is PhotoProperty => p !== undefined).map(photosOf);
  return interleave(galleries, Math.max(0, input.limit));
}
