import { createFileRoute } from '@tanstack/react-router';
import { ProfilePage } from '../../features/profile';

/**
 * The shared profile page: for staff it shows their staff record and hours, display settings,
 * password, and the "Push notifications on this device" card (features/notifications).
 */
export const Route = createFileRoute('/_staff/staff/profile')({
  component: ProfilePage,
});
