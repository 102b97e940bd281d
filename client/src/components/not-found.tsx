import { Link } from '@tanstack/react-router';
import { usePageTitle } from '../lib/page-title';
import { useT } from '../i18n/use-t';

/** Any path the app does not know. */
export function NotFoundPage() {
  const t = useT();
  usePageTitle(t('notFound.title'));
  return (
    <main className="fullscreen-message" id="main">
      <div className="fullscreen-message__panel">
        <p className="fullscreen-message__code" aria-hidden="true">
          404
        </p>
        <h1>{t('notFound.title')}</h1>
        <p>{t('notFound.text')}</p>
        <Link to="/" className="btn btn--primary btn--md">
          <span>{t('notFound.home')}</span>
        </Link>
      </div>
    </main>
  );
}
