import { createFileRoute } from '@tanstack/react-router';
import { requireArea } from '../auth/guards';
import { AppShell } from '../components/layout/AppShell';
import { CurrentUserProvider } from '../components/layout/current-user';
import { STAFF_NAV } from '../components/layout/nav';
import { DisplaySettingsProvider } from '../lib/display';
import { usePhotoUploader } from '../features/photos';
import { SyncProvider } from '../sync/sync-context';
import { QueryArea } from '../lib/query-area';
import { loadNamespace } from '../i18n';

/** The staff area (staff only). */
export const Route = createFileRoute('/_staff')({
  // The sync runtime (sync-loader.ts) and the area's messages (i18n): loaded before its first page.
  beforeLoad: async ({ context, location }) => {
    requireArea(context, 'staff', location);
    const [syncRuntime] = await Promise.all([context.sync(), loadNamespace('staff')]);
    return { syncRuntime };
  },
  component: StaffArea,
});

function StaffArea() {
  const { syncRuntime } = Route.useRouteContext();
  return (
    <QueryArea>
      <SyncProvider runtime={syncRuntime}>
        <CurrentUserProvider>
          {(user) => (
            <DisplaySettingsProvider userId={user.ID}>
              <PhotoUploads userId={user.ID} />
              <AppShell area="staff" nav={STAFF_NAV} user={user} profilePath="/staff/profile" />
            </DisplaySettingsProvider>
          )}
        </CurrentUserProvider>
      </SyncProvider>
    </QueryArea>
  );
}

/** The housekeeper's photos upload while the staff area is open (features/photos). */
function PhotoUploads({ userId }: { userId: string }) {
  usePhotoUploader(userId);
  return null;
}
