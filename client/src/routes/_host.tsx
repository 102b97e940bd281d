import { createFileRoute } from '@tanstack/react-router';
import { requireArea } from '../auth/guards';
import { AppShell } from '../components/layout/AppShell';
import { CurrentUserProvider } from '../components/layout/current-user';
import { HOST_NAV } from '../components/layout/nav';
import { DisplaySettingsProvider } from '../lib/display';

/** The host area (hosts only). */
export const Route = createFileRoute('/_host')({
  beforeLoad: ({ context, location }) => {
    requireArea(context, 'host', location);
  },
  component: HostArea,
});

function HostArea() {
  return (
    <CurrentUserProvider>
      {(user) => (
        <DisplaySettingsProvider userId={user.ID}>
          <AppShell area="host" nav={HOST_NAV} user={user} profilePath="/host/profile" />
        </DisplaySettingsProvider>
      )}
    </CurrentUserProvider>
  );
}
