import { createFileRoute } from '@tanstack/react-router';
import { requireArea } from '../auth/guards';
import { AppShell } from '../components/layout/AppShell';
import { CurrentUserProvider } from '../components/layout/current-user';
import { ADMIN_NAV, navFor } from '../components/layout/nav';
import { DisplaySettingsProvider } from '../lib/display';

/** The admin area (super_admin and admin). */
export const Route = createFileRoute('/_admin')({
  beforeLoad: ({ context, location }) => {
    requireArea(context, 'admin', location);
  },
  component: AdminArea,
});

function AdminArea() {
  return (
    <CurrentUserProvider>
      {(user) => (
        <DisplaySettingsProvider userId={user.ID}>
          <AppShell area="admin" nav={navFor(ADMIN_NAV, user.Role)} user={user} profilePath="/admin/profile" />
        </DisplaySettingsProvider>
      )}
    </CurrentUserProvider>
  );
}
