/**
 * The toast queue as a plain store (no React), so that it can be tested without a browser and fed
 * from anywhere. One toast at a time (a new one replaces the one on screen); a dismissed
 * toast is kept closed for TOAST_REMOVE_DELAY_MS before it is dropped.
 */
import { TOAST_DEFAULT_DURATION_MS, TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from './constants';

export type ToastVariant = 'default' | 'success' | 'destructive';

export type ToastInput = {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds on screen; Infinity keeps it until dismissed. */
  duration?: number;
};

export type ToastItem = Required<Omit<ToastInput, 'description'>> & { id: string; description?: string; open: boolean };

export type ToastStore = {
  getToasts(): readonly ToastItem[];
  subscribe(listener: () => void): () => void;
  toast(input: ToastInput): { id: string; dismiss: () => void };
  dismiss(id?: string): void;
};

type Timers = { setTimeout: (fn: () => void, ms: number) => unknown; clearTimeout: (handle: unknown) => void };

const realTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export function createToastStore(timers: Timers = realTimers): ToastStore {
  let toasts: readonly ToastItem[] = [];
  let counter = 0;
  const listeners = new Set<() => void>();
  const removeTimers = new Map<string, unknown>();

  const emit = (next: readonly ToastItem[]) => {
    toasts = next;
    for (const l of listeners) l();
  };

  const scheduleRemoval = (id: string) => {
    if (removeTimers.has(id)) return;
    removeTimers.set(
      id,
      timers.setTimeout(() => {
        removeTimers.delete(id);
        emit(toasts.filter((t) => t.id !== id));
      }, TOAST_REMOVE_DELAY_MS),
    );
  };

  const dismiss = (id?: string) => {
    for (const t of toasts) if (id === undefined || t.id === id) scheduleRemoval(t.id);
    emit(toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)));
  };

  return {
    getToasts: () => toasts,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    toast(input) {
      counter += 1;
      const id = `toast-${counter}`;
      const item: ToastItem = {
        id,
        title: input.title,
        description: input.description,
        variant: input.variant ?? 'default',
        duration: input.duration ?? TOAST_DEFAULT_DURATION_MS,
        open: true,
      };
      const kept = [item, ...toasts].slice(0, TOAST_LIMIT);
      for (const t of toasts) {
        if (!kept.includes(t)) {
          const handle = removeTimers.get(t.id);
          if (handle !== undefined) timers.clearTimeout(handle);
          removeTimers.delete(t.id);
        }
      }
      emit(kept);
      return { id, dismiss: () => dismiss(id) };
    },
    dismiss,
  };
}
