/**
 * Registers the service worker on every page (/login included: the app is one page) and, when a
 * new version of the app has been downloaded and waits, offers to switch to it. The switch
 * reloads the page, so it is the user's choice, never automatic in the middle of their work.
 */
import { useRegisterSW } from 'virtual:pwa-register/react';
import { Button } from '../ui/Button';
import { useT } from '../../i18n/use-t';

export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({ immediate: true });
  const t = useT();

  const reload = () => {
    // workbox-window reloads by itself only a page that a worker controlled when it opened; a
    // page whose visit installed the first worker would switch workers and keep the old code.
    navigator.serviceWorker?.addEventListener('controllerchange', () => window.location.reload(), { once: true });
    void updateServiceWorker(true);
  };

  if (!needRefresh) return null;
  return (
    <div className="update-prompt" role="status">
      <p className="update-prompt__text">{t('update.ready')}</p>
      <div className="update-prompt__actions">
        <Button size="sm" onClick={reload}>
          {t('update.reload')}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setNeedRefresh(false)}>
          {t('update.later')}
        </Button>
      </div>
    </div>
  );
}
