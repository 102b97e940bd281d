import { createFileRoute } from '@tanstack/react-router';
import { AdminHostsPage } from '../../features/admin';

export const Route = createFileRoute('/_admin/admin/hosts/')({
  component: AdminHostsPage,
});
