import type { SessionInfo } from '../../../../shared/api/sessions';

/** Devices listed before "Show all": a long list would push the rest of the profile far down. */
export const LISTED_AT_FIRST = 5;

/** This device first, then the others as the server orders them; the first few unless `all`. */
export function listedSessions(rows: readonly SessionInfo[], all: boolean): SessionInfo[] {
  const ordered = [...rows.filter((r) => r.current), ...rows.filter((r) => !r.current)];
  return all ? ordered : ordered.slice(0, LISTED_AT_FIRST);
}
