import { createFileRoute } from '@tanstack/react-router';
import { PropertyDetailPage } from '../../features/properties';

export const Route = createFileRoute('/_host/host/properties/$id')({
  component: PropertyRoute,
});

function PropertyRoute() {
  const { id } = Route.useParams();
  return <PropertyDetailPage id={id} />;
}
