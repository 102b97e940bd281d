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
import type { HostsListSearch } from './hosts-search';
import { HostsTable } from './HostsTable';
import './admin.css';

const PAGE_SIZE = 25;
const SEARCH_DELAY_MS = 300;

export { hostsListSearch, type HostsListSearch } from './hosts-search';

type FilterKey = 'tier' | 'account_status' | 'subscription_status';

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
export function AdminHostsPage({ params, onParamsChange }: { params: HostsListSearch; onParamsChange: (next: HostsListSearch) => void }) {
  // The box follows the typing at once; the address (and the request) once the typing pauses.
  const [text, setText] = useState(params.search ?? '');
  const search = useSettled(text.trim(), SEARCH_DELAY_MS);
  const sort: HostSort = params.sort ?? '-created';
  const page = params.page ?? 1;
  const update = (changes: HostsListSearch) => {
    const next = { ...params, ...changes };
    // Empty values leave the address: "any" is the absence of a filter.
    onParamsChange(Object.fromEntries(Object.entries(next).filter(([, v]) => v !== undefined && v !== '')) as HostsListSearch);
  };
  useEffect(() => {
    if (search !== (params.search ?? '')) update({ search: search || undefined, page: undefined });
    // Only a settled search moves the address; the other parameters are read as they are then.
  }, [search]);
  const tiers = useRows(TABLE.subscription_tiers, { PageSize: 100, OrderByField: 'sort_order', IsAsc: true });
  const result = useHostList({
    search: params.search ?? '',
    tier: params.tier ?? '',
    account_status: params.account_status ?? '',
    subscription_status: params.subscription_status ?? '',
    sort,
    page,
    pageSize: PAGE_SIZE,
  });

  const set = (field: FilterKey, value: string) => update({ [field]: value || undefined, page: undefined });
  const setPage = (next: number) => update({ page: next > 1 ? next : undefined });
  const active = [params.search, params.tier, params.account_status, params.subscription_status].filter((v) => v !== undefined && v !== '').length;
  const clear = () => {
    setText('');
    onParamsChange(params.sort ? { sort: params.sort } : {});
  };
  const total = result.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  return (
    <Page title="Hosts" description="Every host on the platform with their plan, account status and figures. Open a host to see its page and act on it.">
      <Card>
        <form className="admin-filters" role="search" aria-label="Filter hosts" onSubmit={(e) => e.preventDefault()}>
          <Input label="Search" type="search" placeholder="Name, e-mail or company" value={text} onChange={(e) => setText(e.target.value)} />
          <Select
            label="Plan"
            value={params.tier ?? ''}
            onChange={(e) => set('tier', e.target.value)}
            options={[{ value: '', label: 'Any plan' }, ...(tiers.rows ?? []).map((t) => ({ value: t.tier_name, label: humanize(t.tier_name) }))]}
          />
          <Select
            label="Account"
            value={params.account_status ?? ''}
            onChange={(e) => set('account_status', e.target.value)}
            options={[{ value: '', label: 'Any status' }, ...ACCOUNT_STATUSES.map((s) => ({ value: s, label: humanize(s) }))]}
          />
          <Select
            label="Subscription"
            value={params.subscription_status ?? ''}
            onChange={(e) => set('subscription_status', e.target.value)}
            options={[{ value: '', label: 'Any status' }, ...SUBSCRIPTION_STATUSES.map((s) => ({ value: s, label: humanize(s) }))]}
          />
          <Select
            label="Sort by"
            value={sort}
            onChange={(e) => update({ sort: e.target.value === '-created' ? undefined : (e.target.value as HostSort), page: undefined })}
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
                <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage(Math.max(1, page - 1))}>
                  Previous
                </Button>
                <span aria-current="page">
                  Page {page} of {pages}
                </span>
                <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => setPage(Math.min(pages, page + 1))}>
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
