/** What run.ts and its child server.ts say to each other over the IPC channel. */

/** The measured call: one host's bookings, newest check-in first, 50 a page. */
export const PAGE_BODY = { PageNo: 1, PageSize: 50, OrderByField: 'check_in_date', IsAsc: false } as const;

export type ChildMessage =
  | {
      type: 'ready';
      realUrl: string;
      bareUrl: string;
      /** Bearer token of the measured host. */
      token: string;
      hostBookings: number;
      rows: number;
      bookings: number;
      hosts: number;
      seedMs: number;
      /** SQLite's plan for the page query. */
      plan: string[];
      body: typeof PAGE_BODY;
    }
  | { type: 'stats'; rss: number; maxRssKb: number }
  | { type: 'failed'; error: string };

export type ParentMessage = { type: 'stats' } | { type: 'stop' };
