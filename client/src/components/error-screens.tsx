/**
 * The generic error screen and the router's fallback screen, with their exact texts.
 * The generic one catches anything thrown outside a route (providers, the shell); route errors
 * get the router fallback.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ERROR_SCREEN_TEXT, ERROR_SCREEN_TITLE, ROUTER_ERROR_TITLE } from '../../../shared/messages';
import { Button } from './ui/Button';

export function ErrorScreen({ onRefresh = () => window.location.reload() }: { onRefresh?: () => void }) {
  return (
    <main className="fullscreen-message" role="alert">
      <div className="fullscreen-message__panel">
        <h1>{ERROR_SCREEN_TITLE}</h1>
        <p>{ERROR_SCREEN_TEXT}</p>
        <Button onClick={onRefresh}>Refresh Page</Button>
      </div>
    </main>
  );
}

export function RouterErrorScreen({ error, onRetry, onRefresh = () => window.location.reload() }: { error: unknown; onRetry?: () => void; onRefresh?: () => void }) {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return (
    <main className="fullscreen-message" role="alert">
      <div className="fullscreen-message__panel">
        <h1>{ROUTER_ERROR_TITLE}</h1>
        {message ? <pre className="fullscreen-message__detail">{message}</pre> : null}
        <div className="fullscreen-message__actions">
          {onRetry ? (
            <Button variant="secondary" onClick={onRetry}>
              Try again
            </Button>
          ) : null}
          <Button onClick={onRefresh}>Refresh Page</Button>
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
