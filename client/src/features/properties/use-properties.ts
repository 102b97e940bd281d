import { useMemo } from 'react';
import { TABLE, type Property } from '../../data/tables';
import { useRows } from '../../data/use-rows';

/** Spec §7: properties are read in one page of up to 1000, by name. */
export const ALL_PROPERTIES = { PageSize: 1000, OrderByField: 'property_name', IsAsc: true } as const;

export function useProperties() {
  return useRows(TABLE.properties, ALL_PROPERTIES);
}

/** Property names by id, for lists that show bookings and tasks. */
export function usePropertyNames(): Map<string, string> {
  const result = useProperties();
  const rows: Property[] | undefined = result.rows;
  return useMemo(() => new Map((rows ?? []).map((p) => [p.id, p.property_name])), [rows]);
}
