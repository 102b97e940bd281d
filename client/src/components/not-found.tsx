import { Link } from '@tanstack/react-router';
import { usePageTitle } from '../lib/page-title';

/** Any path the app does not know. */
export function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <main className="fullscreen-message" id="main">
      <div className="fullscreen-message__panel">
        <p className="fullscreen-message__code" aria-hidden="true">
          404
        </p>
        <h1>Page not found</h1>
        <p>The page you are looking for does not exist or has moved.</p>
        <Link to="/" className="btn btn--primary btn--md">
          <span>Go to the home page</span>
        </Link>
      </div>
    </main>
  );
}
