/**
 * The columns the admin's hosts list sorts by; a leading `-` sorts descending. Without zod, so
 * that the client's route check of the list's address (client/src/features/admin/hosts-search.ts)
 * stays light; shared/api/admin.ts re-exports them with the list's query schema.
 */
export const HOST_SORT_KEYS = ['name', 'email', 'company', 'tier', 'status', 'properties', 'bookings', 'revenue', 'created'] as const;
export type HostSortKey = (typeof HOST_SORT_KEYS)[number];
export const HOST_SORTS = HOST_SORT_KEYS.flatMap((k) => [k, `-${k}`] as const);
export type HostSort = HostSortKey | `-${HostSortKey}`;
