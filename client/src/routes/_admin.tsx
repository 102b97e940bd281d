import { createFileRoute } from '@tanstack/react-router';
import { requireArea } from '../auth/guards';
import { AppShell } from '../components/layout/AppShell';
import { CurrentUserProvider } from '../components/layout/current-user';
import { ADMIN_NAV, navFor } from '../components/layout/nav';
import { DisplaySettingsProvider } from '../lib/display';
import { SyncProvider } from '../sync/sync-context';
import { QueryArea } from '../lib/query-area';
import { loadNamespace } from '../i18n';

/** The admin area (super_admin and admin). */
export const Route = createFileRoute('/_admin')({
  // The sync runtime (sync-loader.ts) and the area's messages (i18n): loaded before its first page.
  beforeLoad: async ({ context, location }) => {
    requireArea(context, 'admin', location);
    const [syncRuntime] = await Promise.all([context.sync(), loadNamespace('admin')]);
    return { syncRuntime };
  },
  component: AdminArea,
});

function AdminArea() {
  const { syncRuntime } = Route.useRouteContext();
  return (
    <QueryArea>
      <SyncProvider runtime={syncRuntime}>
        <CurrentUserProvider>
          {(user) => (
            <DisplaySettingsProvider userId={user.ID}>
              <AppShell area="admin" nav={navFor(ADMIN_NAV, user.Role)} user={user} profilePath="/admin/profile" />
            </DisplaySettingsProvider>
          )}
        </CurrentUserProvider>
      </SyncProvider>
    </QueryArea>
  );
}
