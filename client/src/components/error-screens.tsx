/**
 * The generic error screen and the router's fallback screen, with their exact texts.
 * The generic one catches anything thrown outside a route (providers, the shell); route errors
 * get the router fallback.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from './ui/Button';
// The plain translate function, not the hook: these screens also show where React's tree failed.
import { t } from '../i18n';

export function ErrorScreen({ onRefresh = () => window.location.reload() }: { onRefresh?: () => void }) {
  return (
    <main className="fullscreen-message" role="alert">
      <div className="fullscreen-message__panel">
        <h1>{t('error.screen.title')}</h1>
        <p>{t('error.screen.text')}</p>
        <Button onClick={onRefresh}>{t('error.refreshPage')}</Button>
      </div>
    </main>
  );
}

export function RouterErrorScreen({ error, onRetry, onRefresh = () => window.location.reload() }: { error: unknown; onRetry?: () => void; onRefresh?: () => void }) {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return (
    <main className="fullscreen-message" role="alert">
      <div className="fullscreen-message__panel">
        <h1>{t('error.router.title')}</h1>
        {message ? <pre className="fullscreen-message__detail">{message}</pre> : null}
        <div className="fullscreen-message__actions">
          {onRetry ? (
            <Button variant="secondary" onClick={onRetry}>
              {t('action.tryAgain')}
            </Button>
          ) : null}
          <Button onClick={onRefresh}>{t('error.refreshPage')}</Button>
        </div>
      </div>
    </main>
  );
}

type BoundaryState = { failed: boolean };

export class AppErrorBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { failed: false };

  static getDerivedStateFromError(): BoundaryState {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Unhandled application error', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? <ErrorScreen /> : this.props.children;
  }
}
