import { createFileRoute } from '@tanstack/react-router';
import { requireArea } from '../auth/guards';
import { AppShell } from '../components/layout/AppShell';
import { CurrentUserProvider } from '../components/layout/current-user';
import { HOST_NAV } from '../components/layout/nav';
import { DisplaySettingsProvider } from '../lib/display';
import { SyncProvider } from '../sync/sync-context';
import { QueryArea } from '../lib/query-area';
import { loadNamespace } from '../i18n';

/** The host area (hosts only). */
export const Route = createFileRoute('/_host')({
  // The sync runtime (sync-loader.ts) and the area's messages (i18n): loaded before its first page.
  beforeLoad: async ({ context, location }) => {
    requireArea(context, 'host', location);
    const [syncRuntime] = await Promise.all([context.sync(), loadNamespace('host')]);
    return { syncRuntime };
  },
  component: HostArea,
});

function HostArea() {
  const { syncRuntime } = Route.useRouteContext();
  return (
    <QueryArea>
      <SyncProvider runtime={syncRuntime}>
        <CurrentUserProvider>
          {(user) => (
            <DisplaySettingsProvider userId={user.ID}>
              <AppShell area="host" nav={HOST_NAV} user={user} profilePath="/host/profile" />
            </DisplaySettingsProvider>
          )}
        </CurrentUserProvider>
      </SyncProvider>
    </QueryArea>
  );
}
