import { createFileRoute } from '@tanstack/react-router';
import { requireArea } from '../auth/guards';
import { AppShell } from '../components/layout/AppShell';
import { CurrentUserProvider } from '../components/layout/current-user';
import { STAFF_NAV } from '../components/layout/nav';
import { DisplaySettingsProvider } from '../lib/display';
import { usePhotoUploader } from '../features/photos';

/** The staff area (staff only). */
export const Route = createFileRoute('/_staff')({
  beforeLoad: ({ context, location }) => {
    requireArea(context, 'staff', location);
  },
  component: StaffArea,
});

function StaffArea() {
  return (
    <CurrentUserProvider>
      {(user) => (
        <DisplaySettingsProvider userId={user.ID}>
          <PhotoUploads userId={user.ID} />
          <AppShell area="staff" nav={STAFF_NAV} user={user} profilePath="/staff/profile" />
        </DisplaySettingsProvider>
      )}
    </CurrentUserProvider>
  );
}

/** The housekeeper's photos upload while the staff area is open (features/photos). */
function PhotoUploads({ userId }: { userId: string }) {
  usePhotoUploader(userId);
  return null;
}
