/** What soak.ts and its server child soak-server.ts say to each other, and the shape of the seed. */

/** A seeded user and a session of it: a host (its properties) or a housekeeper (her tasks). */
export type SoakUser = { role: 'host' | 'staff'; userId: string; token: string; hostId: string; staffId: string | null; propertyIds: string[]; taskIds: string[] };

/** Sync requests timed by the server itself (ms), from the request's arrival to the response sent. */
export type ServerTimes = { push: number[]; 'incremental pull': number[]; 'first sync': number[] };

export type SoakMessage =
  | { type: 'ready'; port: number }
  | { type: 'seeded'; users: SoakUser[] }
  | { type: 'stats'; rss: number; times: ServerTimes; /** The server thread's delay since its start (ms). */ lag: { p99: number; max: number } }
  | { type: 'failed'; error: string };

/** Housekeepers seeded per host (one device each); a host has 3 properties and 3 devices. */
export const HOUSEKEEPERS_PER_HOST = 7;
