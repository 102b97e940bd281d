/**
 * Rows that screens of several features read the same way: every property (by name), every
 * booking, and the signed-in host's own profile. One query each, so that the screens share the
 * mirror's cached page (data/mirror-page.ts) instead of each keeping its own.
 */
import { useMemo } from 'react';
import { TABLE, type HostProfile, type Property } from './tables';
import { useRows } from './use-rows';

/** Properties are read in one page of up to 1000, by name. */
export const ALL_PROPERTIES = { PageSize: 1000, OrderByField: 'property_name', IsAsc: true } as const;

/** The local store holds every booking of the host; read them all (no server page limit here). */
export const EVERY_BOOKING = { PageSize: 100_000, OrderByField: 'check_in_date', IsAsc: true } as const;

export function useProperties() {
  return useRows(TABLE.properties, ALL_PROPERTIES);
}

/** Property names by id, for lists that show bookings and tasks. */
export function usePropertyNames(): Map<string, string> {
  const result = useProperties();
  const rows: Property[] | undefined = result.rows;
  return useMemo(() => new Map((rows ?? []).map((p) => [p.id, p.property_name])), [rows]);
}

/** Every booking of the host, by check-in date. */
export function useEveryBooking() {
  return useRows(TABLE.bookings, EVERY_BOOKING);
}

/** The signed-in host's own profile (commission rate, tier), from the local store. */
export function useHostProfile(): HostProfile | undefined {
  const result = useRows(TABLE.host_profiles, { PageSize: 1 });
  return result.status === 'success' ? result.rows[0] : undefined;
}
