import { createFileRoute } from '@tanstack/react-router';
import { AdminHostsPage } from '../../features/admin/HostsPage';

export const Route = createFileRoute('/_admin/admin/hosts')({
  component: AdminHostsPage,
});
