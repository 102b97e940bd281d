import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { usePageTitle } from '../../lib/page-title';
import { Brand } from './Brand';
import { useT } from '../../i18n/use-t';

/** The frame of the public account pages: brand on top, one card in the middle. */
export function AuthLayout({ title, subtitle, children, footer }: { title: string; subtitle?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  usePageTitle(title);
  const t = useT();
  return (
    <div className="auth-page">
      <header className="auth-page__top">
        <Link to="/" className="brand-link" aria-label={t('shell.home')}>
          <Brand />
        </Link>
      </header>
      <main className="auth-page__main" id="main">
        <div className="auth-card">
          <h1 className="auth-card__title">{title}</h1>
          {subtitle ? <p className="auth-card__subtitle">{subtitle}</p> : null}
          {children}
        </div>
        {footer ? <div className="auth-page__footer">{footer}</div> : null}
      </main>
    </div>
  );
}

/** A form-level message: the server's error, or a confirmation. */
export function FormMessage({ tone, children }: { tone: 'error' | 'success' | 'info'; children: ReactNode }) {
  return (
    <div className={`form-message form-message--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
