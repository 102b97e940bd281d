import { useEffect, useState } from 'react';
import { HOST_SORTS, type HostSort } from '../../../../shared/api/admin';
import { ACCOUNT_STATUSES, SUBSCRIPTION_STATUSES } from '../../../../shared/enums';
import { TABLE } from '../../data/tables';
import { useRows } from '../../data/use-rows';
import { Page } from '../../components/layout/Page';
import { Card } from '../../components/ui/Card';
import { Button } from '../../components/ui/Button';
import { humanize } from '../../components/ui/Badge';
import { Input, Select } from '../../components/ui/Input';
import { SkeletonRows } from '../../components/ui/Skeleton';
import { EmptyState, ErrorState } from '../../components/ui/States';
import { useHostList } from './admin-api';
import { HostsTable } from './HostsTable';
import './admin.css';

const PAGE_SIZE = 25;
const SEARCH_DELAY_MS = 300;

type Filters = { search: string; tier: string; account_status: string; subscription_status: string };
const NO_FILTERS: Filters = { search: '', tier: '', account_status: '', subscription_status: '' };

const SORT_LABELS: Record<HostSort, string> = {
  '-created': 'Newest first',
  created: 'Oldest first',
  name: 'Name, A to Z',
  '-name': 'Name, Z to A',
  company: 'Company, A to Z',
  '-company': 'Company, Z to A',
  email: 'E-mail, A to Z',
  '-email': 'E-mail, Z to A',
  '-revenue': 'Revenue, highest first',
  revenue: 'Revenue, lowest first',
  '-bookings': 'Bookings, most first',
  bookings: 'Bookings, fewest first',
  '-properties': 'Properties, most first',
  properties: 'Properties, fewest first',
  tier: 'Plan, A to Z',
  '-tier': 'Plan, Z to A',
  status: 'Account status, A to Z',
  '-status': 'Account status, Z to A',
};
const SORT_OPTIONS = (Object.keys(SORT_LABELS) as HostSort[]).filter((s) => (HOST_SORTS as readonly string[]).includes(s)).map((s) => ({ value: s, label: SORT_LABELS[s] }));

/** The text typed, once the typing has paused (one request per pause, not per key). */
function useSettled(value: string, delay: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/** Every host on the platform, searched, filtered, sorted and paged by the server (thousands of hosts). */
export function AdminHostsPage() {
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [sort, setSort] = useState<HostSort>('-created');
  const [page, setPage] = useState(1);
  const search = useSettled(filters.search.trim(), SEARCH_DELAY_MS);
  const tiers = useRows(TABLE.subscription_tiers, { PageSize: 100, OrderByField: 'sort_order', IsAsc: true });
  const result = useHostList({ search, tier: filters.tier, account_status: filters.account_status as never, subscription_status: filters.subscription_status as never, sort, page, pageSize: PAGE_SIZE });

  const set = (field: keyof Filters, value: string) => {
    setFilters((f) => ({ ...f, [field]: value }));
    setPage(1);
  };
  const active = Object.values(filters).filter((v) => v.trim() !== '').length;
  const clear = () => {
    setFilters(NO_FILTERS);
    setPage(1);
  };
  const total = result.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  return (
    <Page title="Hosts" description="Every host on the platform with their plan, account status and figures. Open a host to see its page and act on it.">
      <Card>
        <form className="admin-filters" role="search" aria-label="Filter hosts" onSubmit={(e) => e.preventDefault()}>
          <Input label="Search" type="search" placeholder="Name, e-mail or company" value={filters.search} onChange={(e) => set('search', e.target.value)} />
          <Select
            label="Plan"
            value={filters.tier}
            onChange={(e) => set('tier', e.target.value)}
            options={[{ value: '', label: 'Any plan' }, ...(tiers.rows ?? []).map((t) => ({ value: t.tier_name, label: humanize(t.tier_name) }))]}
          />
          <Select
            label="Account"
            value={filters.account_status}
            onChange={(e) => set('account_status', e.target.value)}
            options={[{ value: '', label: 'Any status' }, ...ACCOUNT_STATUSES.map((s) => ({ value: s, label: humanize(s) }))]}
          />
          <Select
            label="Subscription"
            value={filters.subscription_status}
            onChange={(e) => set('subscription_status', e.target.value)}
            options={[{ value: '', label: 'Any status' }, ...SUBSCRIPTION_STATUSES.map((s) => ({ value: s, label: humanize(s) }))]}
          />
          <Select
            label="Sort by"
            value={sort}
            onChange={(e) => {
              setSort(e.target.value as HostSort);
              setPage(1);
            }}
            options={SORT_OPTIONS}
          />
          {active ? (
            <Button variant="ghost" className="admin-filters__clear" onClick={clear}>
              Clear {active} filter{active === 1 ? '' : 's'}
            </Button>
          ) : null}
        </form>
      </Card>

      <Card className="card--flush">
        {result.status === 'pending' ? (
          <SkeletonRows />
        ) : result.status === 'error' ? (
          <ErrorState error={result.error} onRetry={() => void result.refetch()} />
        ) : result.data.rows.length === 0 ? (
          active ? (
            <EmptyState title="No host matches these filters" action={<Button variant="secondary" onClick={clear}>Clear filters</Button>} />
          ) : (
            <EmptyState title="No hosts yet">Hosts appear here when they register.</EmptyState>
          )
        ) : (
          <>
            <p className="admin-list-summary" aria-live="polite">
              {total} host{total === 1 ? '' : 's'}
              {result.isFetching ? ' · updating…' : ''}
            </p>
            <HostsTable hosts={result.data.rows} caption="Hosts" />
            {pages > 1 ? (
              <nav className="admin-pager" aria-label="Pages of hosts">
                <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage((p) => Math.max(1, p - 1))}>
                  Previous
                </Button>
                <span aria-current="page">
                  Page {page} of {pages}
                </span>
                <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => setPage((p) => Math.min(pages, p + 1))}>
                  Next
                </Button>
              </nav>
            ) : null}
          </>
        )}
      </Card>
    </Page>
  );
}
