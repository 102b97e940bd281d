/**
 * What follows a new notification once its transaction has committed: the owner's devices are
 * poked (sync) and its Web Push deliveries are sent. Notifications are written inside synchronous
 * better-sqlite3 transactions (table API, sync push, jobs, booking rules) whose callers this module
 * does not own, so it cannot be told "committed". It does not need to be: a transaction cannot span
 * an event-loop turn, so a callback queued with setImmediate from inside one runs only after it has
 * committed or rolled back. Listeners read the database again, where a rolled-back notification is
 * simply not found, so nothing is sent for a write that did not happen.
 */

/** Called with the ids of notifications written since the last call (committed or rolled back). */
export type NotificationsWrittenListener = (notificationIds: readonly string[]) => void;

const listeners = new Set<NotificationsWrittenListener>();
let pending: string[] = [];
let scheduled: NodeJS.Immediate | null = null;

/** Registers a listener (one per app); returns its removal. */
export function onNotificationsWritten(listener: NotificationsWrittenListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function flush(): void {
  scheduled = null;
  const ids = pending;
  pending = [];
  for (const listener of [...listeners]) {
    try {
      listener(ids);
    } catch (error) {
      // A listener's failure must not keep the others (another app, the push sender) from running,
      // nor crash the process over a poke: it is reported and the rows stay for the next pull.
      process.emitWarning(error instanceof Error ? error : new Error(String(error)), 'NotificationListenerWarning');
    }
  }
}

/** Queues the after-commit work for one notification; called inside its transaction. */
export function announceNotification(id: string): void {
  pending.push(id);
  scheduled ??= setImmediate(flush);
}
