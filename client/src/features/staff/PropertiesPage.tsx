/** The properties of the housekeeper's tasks: address with a map link, access notes and details (inside a task's window), open tasks, and "Report a problem". */
import { useMemo } from 'react';
import { Page } from '../../components/layout/Page';
import { useCurrentUser } from '../../components/layout/current-user';
import { Card } from '../../components/ui/Card';
import { humanize } from '../../components/ui/Badge';
import { DataView } from '../../components/data-view';
import { isOpen, mapLink } from '../tasks';
import { ReportProblemButton } from '../reports';
import { useMyProperties, useMyTasks } from './use-my-tasks';
import { useAccessDetails } from './access';
import { AccessDetails } from '../../components/access-details';
import { HostFilter, HostLabel, useHostFilter, useStaffHosts } from './hosts';
import './staff.css';

export function StaffPropertiesPage() {
  const user = useCurrentUser();
  const result = useMyProperties();
  const hosts = useStaffHosts(user);
  const tasks = useMyTasks(hosts.staffIds);
  const byHost = useHostFilter(result.rows);
  const access = useAccessDetails(tasks.rows, hosts.staffIds);
  const openCount = useMemo(() => {
    const counts = new Map<string, number>();
    for (const t of tasks.rows ?? []) if (isOpen(t)) counts.set(t.property_id, (counts.get(t.property_id) ?? 0) + 1);
    return counts;
  }, [tasks.rows]);
  return (
    <Page title="Properties" description="The homes where you have tasks.">
      {hosts.many ? (
        <div className="staff-filters" role="group" aria-label="Filter by host">
          <HostFilter hosts={hosts} value={byHost.hostId} onChange={byHost.setHostId} />
        </div>
      ) : null}
      <DataView result={result} empty={{ title: 'No properties yet', text: 'Properties appear here once you are assigned a task there.' }}>
        {() => (
          <ul className="card-list">
            {byHost.kept.map((p) => {
              const href = mapLink(p);
              const count = openCount.get(p.id) ?? 0;
              return (
                <li key={p.id}>
                  <Card className="staff-property">
                    <h2 className="card__title">{p.property_name}</h2>
                    <HostLabel name={hosts.labelOf(p.host_id)} />
                    <p>{p.address || 'No address given'}</p>
                    <div className="button-group">
                      {href ? (
                        <a className="btn btn--secondary btn--lg" href={href} target="_blank" rel="noreferrer">
                          <span>Open in maps</span>
                        </a>
                      ) : null}
                      <ReportProblemButton propertyId={p.id} propertyName={p.property_name} size="lg" />
                    </div>
                    <p className="muted">
                      {humanize(p.property_type)} · {p.bedrooms} bedrooms · {p.bathrooms} bathrooms · {count} open {count === 1 ? 'task' : 'tasks'}
                    </p>
                    {count > 0 ? <AccessDetails access={access.get(p.id)} emptyText="Door code and Wi-Fi show here from the day before your task, if the host has entered them." /> : null}
                  </Card>
                </li>
              );
            })}
          </ul>
        )}
      </DataView>
    </Page>
  );
}
