import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import type { RouterContext } from '../router';
import { useT } from '../i18n/use-t';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
});

function RootLayout() {
  const t = useT();
  return (
    <>
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <Outlet />
    </>
  );
}
