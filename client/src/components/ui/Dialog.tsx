/**
 * A modal dialog on the native <dialog> element: the browser traps focus, closes on Escape and
 * marks the page behind it inert, which is the accessible behaviour without a library.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { cx } from './cx';
import { useT } from '../../i18n/use-t';

export type DialogProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons at the bottom (confirm, cancel). */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
};

/**
 * True from the first time `open` is true, and for good: a dialog that a page always holds (a task
 * opened from a list) is built when it first opens, so that the page's start and each render before
 * that do not pay for the closed dialog's reads and markup, and it stays built after, so that its
 * element is there to close and to give the focus back.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

export function Dialog({ open, onClose, title, description, children, footer, size = 'md' }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const titleId = useId();
  const descriptionId = useId();
  const t = useT();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      dialog.showModal();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  /**
   * The browser gives the focus back to the control that opened the dialog; when that control is
   * gone meanwhile (a completed task's card moved to another tab), the focus would be lost on the
   * body: it goes to the start of the page's content instead, so the next Tab stays in the page.
   */
  function restoreFocus() {
    const from = opener.current;
    opener.current = null;
    setTimeout(() => {
      if (document.activeElement && document.activeElement !== document.body) return;
      if (from instanceof HTMLElement && from.isConnected) from.focus({ preventScroll: true });
      else document.getElementById('main')?.focus({ preventScroll: true });
    }, 0);
  }

  return (
    <dialog
      ref={ref}
      className={cx('dialog', `dialog--${size}`)}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      // A dialog opened inside this one (a photo viewer) closes on its own: React hands its close
      // and cancel events up the component tree, and they must not close this one too.
      onClose={(event) => {
        if (event.target !== event.currentTarget) return;
        restoreFocus();
        onClose();
      }}
      onCancel={(event) => {
        if (event.target !== event.currentTarget) return;
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself.
        if (event.target === ref.current) onClose();
      }}
    >
      <div className="dialog__panel">
        <header className="dialog__header">
          <h2 id={titleId} className="dialog__title">
            {title}
          </h2>
          <button type="button" className="icon-btn" aria-label={t('action.close')} onClick={onClose}>
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
              <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </header>
        {description ? (
          <p id={descriptionId} className="dialog__description">
            {description}
          </p>
        ) : null}
        {children ? <div className="dialog__body">{children}</div> : null}
        {footer ? <footer className="dialog__footer">{footer}</footer> : null}
      </div>
    </dialog>
  );
}
