import { createFileRoute } from '@tanstack/react-router';
import { AdminHostPage } from '../../features/admin';

export const Route = createFileRoute('/_admin/admin/hosts/$hostId')({
  component: HostRoute,
});

function HostRoute() {
  const { hostId } = Route.useParams();
  return <AdminHostPage hostId={hostId} />;
}
