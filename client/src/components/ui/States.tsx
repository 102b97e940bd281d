/** The empty and error states every data view shows instead of rendering nothing. */
import type { ReactNode } from 'react';
import { Button } from './Button';
import { useT } from '../../i18n/use-t';

export function EmptyState({ title, children, action }: { title: string; children?: ReactNode; action?: ReactNode }) {
  return (
    <div className="state state--empty">
      <svg className="state__icon" viewBox="0 0 24 24" width="32" height="32" aria-hidden="true">
        <path d="M4 7h16M4 12h16M4 17h10" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" fill="none" />
      </svg>
      <p className="state__title">{title}</p>
      {children ? <div className="state__text">{children}</div> : null}
      {action ? <div className="state__action">{action}</div> : null}
    </div>
  );
}

export function ErrorState({ title, error, onRetry }: { title?: string; error: Error | string; onRetry?: () => void }) {
  const t = useT();
  return (
    <div className="state state--error" role="alert">
      <svg className="state__icon" viewBox="0 0 24 24" width="32" height="32" aria-hidden="true">
        <circle cx="12" cy="12" r="9" stroke="currentColor" strokeWidth="1.6" fill="none" />
        <path d="M12 7v6M12 16.5v.5" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
      </svg>
      <p className="state__title">{title ?? t('state.loadFailed')}</p>
      <p className="state__text">{typeof error === 'string' ? error : error.message}</p>
      {onRetry ? (
        <div className="state__action">
          <Button variant="secondary" onClick={onRetry}>
            {t('action.tryAgain')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
