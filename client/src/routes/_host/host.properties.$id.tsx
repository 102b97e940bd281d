import { createFileRoute } from '@tanstack/react-router';
import { PropertyDetailPage } from '../../features/properties';
import { PropertyRates } from '../../features/partner';

export const Route = createFileRoute('/_host/host/properties/$id')({
  component: PropertyRoute,
});

function PropertyRoute() {
  const { id } = Route.useParams();
  return (
    <>
      <PropertyDetailPage id={id} />
      <div className="page">
        <div className="page__body">
          <PropertyRates propertyId={id} />
        </div>
      </div>
    </>
  );
}
