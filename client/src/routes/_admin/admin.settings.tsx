import { createFileRoute } from '@tanstack/react-router';
import { AdminSettingsPage } from '../../features/admin/SettingsPage';

export const Route = createFileRoute('/_admin/admin/settings')({
  component: AdminSettingsPage,
});
