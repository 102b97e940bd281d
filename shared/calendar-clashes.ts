/**
 * Calendar clashes: nights of one property taken twice (the calendar's conflict radar). Two events
 * imported from one feed are that channel's own calendar and never clash with each other; anything
 * else on the same nights does: a booking or block made here against any other event, an imported
 * stay or block against one from elsewhere. End days (check-out) are exclusive, so back-to-back
 * passes. The server's calendar route, the calendar screen and the dashboard all judge by this one
 * rule.
 */

/** A stay or block of one property; `feedId` when a calendar feed brought it. */
export type DatedEvent = { id: string; start: string; end: string; feedId?: string | null };

/** The feed of an imported booking: its external_uid is `<feed id>:<uid in the feed>`. */
export function feedOfExternalUid(externalUid: string | null | undefined): string | undefined {
  const at = externalUid ? externalUid.indexOf(':') : -1;
  return externalUid && at > 0 ? externalUid.slice(0, at) : undefined;
}

/** The pairs of events (all of one property, live ones only) that clash, earlier start first. */
export function clashingPairs<T extends DatedEvent>(events: readonly T[]): [T, T][] {
  const sorted = [...events].sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const pairs: [T, T][] = [];
  for (let i = 0; i < sorted.length; i += 1) {
    const a = sorted[i] as T;
    for (let j = i + 1; j < sorted.length; j += 1) {
      const b = sorted[j] as T;
      if (b.start >= a.end) break;
      if (b.end <= b.start || a.end <= a.start) continue;
      if (a.feedId && a.feedId === b.feedId) continue;
      pairs.push([a, b]);
    }
  }
  return pairs;
}

/** The ids of the events (all of one property, live ones only) that clash with another. */
export function clashingIds(events: readonly DatedEvent[]): Set<string> {
  const clashing = new Set<string>();
  for (const [a, b] of clashingPairs(events)) {
    clashing.add(a.id);
    clashing.add(b.id);
  }
  return clashing;
}
