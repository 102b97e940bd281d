/**
 * The server's poke stream (`GET /api/sync/events`), opened with a single-use ticket asked for
 * with the session's Bearer header (`requestEventsTicket`, transport.ts), never with the session
 * token in the URL (docs/security.md). The browser's own reconnect would present the spent ticket
 * again, so a failed stream is closed here and opened anew with a fresh ticket, after 2.5 to 5 s
 * drawn anew each time (`eventsRetryDelay`, shared/sync.ts: a restarted server's devices come
 * back spread out, not in one instant), for as long as it fails. Each failure syncs at once: a
 * dropped stream shows "Offline" within a second rather than at the next 30 s timer, and an ended
 * session (the ticket request answers 401) reaches the engine, whose own 401 leads to the sign-in
 * prompt; then the stream stops knocking.
 */
import { SYNC_EVENTS, eventsRetryDelay } from '../../../shared/sync';
import { ApiError } from '../api/http';
import { PERF, perfMark } from './perf';

/** What the stream needs of an EventSource. */
export type EventSourceLike = { addEventListener(type: string, listener: () => void): void; close(): void };

export type EventStreamOptions = {
  /** A fresh ticket (rejects with an ApiError: 401 when the session ended). */
  ticket: () => Promise<string>;
  /** Opens the stream with a ticket. */
  open: (ticket: string) => EventSourceLike;
  /** Called on `ready`, on `poke` and on each failure. */
  sync: () => void;
  /** How long to wait before opening a failed stream again (default: `eventsRetryDelay`). */
  retryDelay?: () => number;
};

/** Opens the stream; answers the function that closes it for good. */
export function openEventStream(options: EventStreamOptions): () => void {
  let source: EventSourceLike | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  const retry = () => {
    if (!stopped && !timer) timer = setTimeout(connect, (options.retryDelay ?? eventsRetryDelay)());
  };
  function connect(): void {
    timer = null;
    options.ticket().then(
      (ticket) => {
        if (stopped) return;
        const events = options.open(ticket);
        source = events;
        // `ready` comes on every (re)connection: pokes may have been missed while disconnected.
        events.addEventListener(SYNC_EVENTS.ready, options.sync);
        events.addEventListener(SYNC_EVENTS.poke, () => {
          perfMark(PERF.poke);
          options.sync();
        });
        // Dropped (the server or the network went away) or refused: sync now, and reopen later.
        events.addEventListener('error', () => {
          events.close();
          if (source === events) source = null;
          if (stopped) return;
          options.sync();
          retry();
        });
      },
      (error: unknown) => {
        if (stopped) return;
        options.sync();
        // The session ended: the sync's own 401 leads to the sign-in prompt; no more knocking.
        if (!(error instanceof ApiError && error.status === 401)) retry();
      },
    );
  }
  connect();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    timer = null;
    source?.close();
    source = null;
  };
}
