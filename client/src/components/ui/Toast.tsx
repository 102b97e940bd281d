/**
 * Toasts: one at a time, 5000 ms unless told otherwise, swipe sideways 50 px to dismiss,
 * F8 moves focus to the region. The timer pauses while the toast is hovered or focused so that a
 * reader is never cut off.
 */
import { createContext, useContext, useEffect, useMemo, useRef, useState, useSyncExternalStore, type PointerEvent as ReactPointerEvent, type ReactNode } from 'react';
import { TOAST_HOTKEY, TOAST_SWIPE_THRESHOLD_PX } from './constants';
import { cx } from './cx';
import { createToastStore, type ToastItem, type ToastStore } from './toast-store';
import { useT } from '../../i18n/use-t';

const ToastContext = createContext<ToastStore | null>(null);

export function ToastProvider({ children, store: given }: { children: ReactNode; store?: ToastStore }) {
  const store = useMemo(() => given ?? createToastStore(), [given]);
  return (
    <ToastContext.Provider value={store}>
      {children}
      <ToastViewport store={store} />
    </ToastContext.Provider>
  );
}

export function useToast(): Pick<ToastStore, 'toast' | 'dismiss'> {
  const store = useContext(ToastContext);
  if (!store) throw new Error('useToast must be used within a ToastProvider');
  return { toast: store.toast, dismiss: store.dismiss };
}

function ToastViewport({ store }: { store: ToastStore }) {
  const toasts = useSyncExternalStore(store.subscribe, store.getToasts, store.getToasts);
  const regionRef = useRef<HTMLElement>(null);
  const t = useT();

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === TOAST_HOTKEY) {
        event.preventDefault();
        regionRef.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <section ref={regionRef} className="toast-region" aria-label={t('toast.region', { hotkey: TOAST_HOTKEY })} tabIndex={-1}>
      <ol className="toast-list">
        {toasts
          .filter((t) => t.open)
          .map((t) => (
            <ToastView key={t.id} item={t} onDismiss={() => store.dismiss(t.id)} />
          ))}
      </ol>
    </section>
  );
}

function ToastView({ item, onDismiss }: { item: ToastItem; onDismiss: () => void }) {
  const [paused, setPaused] = useState(false);
  const [offset, setOffset] = useState(0);
  const start = useRef<number | null>(null);
  const t = useT();

  useEffect(() => {
    if (paused || !Number.isFinite(item.duration)) return;
    const handle = setTimeout(onDismiss, item.duration);
    return () => clearTimeout(handle);
  }, [paused, item.duration, onDismiss]);

  const onPointerDown = (event: ReactPointerEvent<HTMLLIElement>) => {
    if ((event.target as HTMLElement).closest('button')) return;
    start.current = event.clientX;
    event.currentTarget.setPointerCapture(event.pointerId);
    setPaused(true);
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLLIElement>) => {
    if (start.current !== null) setOffset(event.clientX - start.current);
  };
  const onPointerEnd = () => {
    if (start.current === null) return;
    start.current = null;
    if (Math.abs(offset) >= TOAST_SWIPE_THRESHOLD_PX) onDismiss();
    else {
      setOffset(0);
      setPaused(false);
    }
  };

  return (
    <li
      className={cx('toast', `toast--${item.variant}`)}
      style={offset ? { transform: `translateX(${offset}px)`, opacity: Math.max(0.2, 1 - Math.abs(offset) / 200) } : undefined}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
    >
      {/* The live region is the text, not the list item: a list holds only list items (axe "list"). */}
      <div className="toast__content" role={item.variant === 'destructive' ? 'alert' : 'status'} aria-atomic="true">
        <p className="toast__title">{item.title}</p>
        {item.description ? <p className="toast__description">{item.description}</p> : null}
      </div>
      <button type="button" className="icon-btn toast__close" aria-label={t('toast.dismiss')} onClick={onDismiss}>
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </li>
  );
}
