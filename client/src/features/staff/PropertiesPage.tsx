import { Page } from '../../components/layout/Page';
import { Card } from '../../components/ui/Card';
import { humanize } from '../../components/ui/Badge';
import { DataView } from '../../components/data-view';
import { useProperties } from '../properties/use-properties';

/** The properties of the housekeeper's tasks, with what they need to get in and work. */
export function StaffPropertiesPage() {
  const result = useProperties();
  return (
    <Page title="Properties" description="The homes where you have tasks.">
      <DataView result={result} empty={{ title: 'No properties yet', text: 'Properties appear here once you are assigned a task there.' }}>
        {(rows) => (
          <ul className="card-list">
            {rows.map((p) => (
              <li key={p.id}>
                <Card>
                  <h2 className="card__title">{p.property_name}</h2>
                  <p className="muted">{p.address || 'No address given'}</p>
                  <p>
                    {humanize(p.property_type)} · {p.bedrooms} bedrooms · {p.bathrooms} bathrooms
                  </p>
                  {p.access_notes ? (
                    <div className="callout">
                      <p className="callout__title">Access notes</p>
                      <p>{p.access_notes}</p>
                    </div>
                  ) : null}
                </Card>
              </li>
            ))}
          </ul>
        )}
      </DataView>
    </Page>
  );
}
