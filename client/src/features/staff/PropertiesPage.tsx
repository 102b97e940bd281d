/** The properties of the housekeeper's tasks: address with a map link, access notes and details (inside a task's window), open tasks, and "Report a problem". */
import { useMemo } from 'react';
import { Page } from '../../components/layout/Page';
import { useCurrentUser } from '../../components/layout/current-user';
import { Card } from '../../components/ui/Card';
import { DataView } from '../../components/data-view';
import { isOpen, mapLink, useTaskLabels } from '../tasks';
import { useT } from '../../i18n/use-t';
import { ReportProblemButton } from '../reports';
import { useMyProperties, useMyTasks } from './use-my-tasks';
import { useAccessDetails } from './access';
import { AccessDetails } from '../../components/access-details';
import { HostFilter, HostLabel, useHostFilter, useStaffHosts } from './hosts';
import './staff.css';

export function StaffPropertiesPage() {
  const user = useCurrentUser();
  const t = useT();
  const labels = useTaskLabels();
  const result = useMyProperties();
  const hosts = useStaffHosts(user);
  const tasks = useMyTasks(hosts.staffIds);
  const byHost = useHostFilter(result.rows);
  const access = useAccessDetails(tasks.rows, hosts.staffIds);
  const openCount = useMemo(() => {
    const counts = new Map<string, number>();
    for (const row of tasks.rows ?? []) if (isOpen(row)) counts.set(row.property_id, (counts.get(row.property_id) ?? 0) + 1);
    return counts;
  }, [tasks.rows]);
  return (
    <Page title={t('staff.properties.title')} description={t('staff.properties.description')}>
      {hosts.many ? (
        <div className="staff-filters" role="group" aria-label={t('staff.filterByHost')}>
          <HostFilter hosts={hosts} value={byHost.hostId} onChange={byHost.setHostId} />
        </div>
      ) : null}
      <DataView result={result} empty={{ title: t('staff.properties.emptyTitle'), text: t('staff.properties.emptyText') }}>
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
                    <p>{p.address || t('property.noAddress')}</p>
                    <div className="button-group">
                      {href ? (
                        <a className="btn btn--secondary btn--lg" href={href} target="_blank" rel="noreferrer">
                          <span>{t('property.openInMaps')}</span>
                        </a>
                      ) : null}
                      <ReportProblemButton propertyId={p.id} propertyName={p.property_name} size="lg" />
                    </div>
                    <p className="muted">
                      {t('staff.properties.facts', { type: labels.propertyType(p.property_type), bedrooms: p.bedrooms, bathrooms: p.bathrooms, count })}
                    </p>
                    {count > 0 ? <AccessDetails access={access.get(p.id)} emptyText={t('staff.properties.accessEmpty')} /> : null}
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
