import { TABLE } from '../../data/tables';
import { useRows } from '../../data/use-rows';
import { Page } from '../../components/layout/Page';
import { Card } from '../../components/ui/Card';
import { DataView, ListFooter } from '../../components/data-view';
import { HostsTable } from './HostsTable';

export function AdminHostsPage() {
  const result = useRows(TABLE.host_profiles, { PageSize: 1000, OrderByField: 'created_date', IsAsc: false });
  return (
    <Page title="Hosts" description="Every host on the platform with their plan, account status and figures.">
      <Card className="card--flush">
        <DataView result={result} empty={{ title: 'No hosts yet', text: 'Hosts appear here when they register.' }}>
          {(rows, total) => (
            <>
              <HostsTable hosts={rows} caption="Hosts" />
              <ListFooter shown={rows.length} total={total} />
            </>
          )}
        </DataView>
      </Card>
    </Page>
  );
}
