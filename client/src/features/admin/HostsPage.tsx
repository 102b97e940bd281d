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
import { useT } from '../../i18n/use-t';
import type { MessageId } from '../../i18n/message-ids';
import { useHostList } from './admin-api';
import type { HostsListSearch } from './hosts-search';
import { HostsTable } from './HostsTable';
import './admin.css';

const PAGE_SIZE = 25;
const SEARCH_DELAY_MS = 300;

export { hostsListSearch, type HostsListSearch } from './hosts-search';

type FilterKey = 'tier' | 'account_status' | 'subscription_status';

const SORT_LABELS: Record<HostSort, MessageId> = {
  '-created': 'admin.hosts.sort.newestFirst',
  created: 'admin.hosts.sort.oldestFirst',
  name: 'admin.hosts.sort.nameAsc',
  '-name': 'admin.hosts.sort.nameDesc',
  company: 'admin.hosts.sort.companyAsc',
  '-company': 'admin.hosts.sort.companyDesc',
  email: 'admin.hosts.sort.emailAsc',
  '-email': 'admin.hosts.sort.emailDesc',
  '-revenue': 'admin.hosts.sort.revenueDesc',
  revenue: 'admin.hosts.sort.revenueAsc',
  '-bookings': 'admin.hosts.sort.bookingsDesc',
  bookings: 'admin.hosts.sort.bookingsAsc',
  '-properties': 'admin.hosts.sort.propertiesDesc',
  properties: 'admin.hosts.sort.propertiesAsc',
  tier: 'admin.hosts.sort.planAsc',
  '-tier': 'admin.hosts.sort.planDesc',
  status: 'admin.hosts.sort.statusAsc',
  '-status': 'admin.hosts.sort.statusDesc',
};
const SORT_KEYS = (Object.keys(SORT_LABELS) as HostSort[]).filter((s) => (HOST_SORTS as readonly string[]).includes(s));

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
  const t = useT();
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
    <Page title={t('admin.hosts.title')} description={t('admin.hosts.description')}>
      <Card>
        <form className="admin-filters" role="search" aria-label={t('admin.hosts.filterLabel')} onSubmit={(e) => e.preventDefault()}>
          <Input label={t('admin.hosts.search')} type="search" placeholder={t('admin.hosts.searchPlaceholder')} value={text} onChange={(e) => setText(e.target.value)} />
          <Select
            label={t('admin.column.plan')}
            value={params.tier ?? ''}
            onChange={(e) => set('tier', e.target.value)}
            options={[{ value: '', label: t('admin.hosts.anyPlan') }, ...(tiers.rows ?? []).map((tier) => ({ value: tier.tier_name, label: humanize(tier.tier_name) }))]}
          />
          <Select
            label={t('admin.column.account')}
            value={params.account_status ?? ''}
            onChange={(e) => set('account_status', e.target.value)}
            options={[{ value: '', label: t('admin.hosts.anyStatus') }, ...ACCOUNT_STATUSES.map((s) => ({ value: s, label: t('admin.enum.accountStatus', { value: s }) }))]}
          />
          <Select
            label={t('admin.hosts.subscription')}
            value={params.subscription_status ?? ''}
            onChange={(e) => set('subscription_status', e.target.value)}
            options={[{ value: '', label: t('admin.hosts.anyStatus') }, ...SUBSCRIPTION_STATUSES.map((s) => ({ value: s, label: t('admin.enum.subscriptionStatus', { value: s }) }))]}
          />
          <Select
            label={t('admin.hosts.sortBy')}
            value={sort}
            onChange={(e) => update({ sort: e.target.value === '-created' ? undefined : (e.target.value as HostSort), page: undefined })}
            options={SORT_KEYS.map((s) => ({ value: s, label: t(SORT_LABELS[s]) }))}
          />
          {active ? (
            <Button variant="ghost" className="admin-filters__clear" onClick={clear}>
              {t('admin.common.clearCount', { count: active })}
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
            <EmptyState title={t('admin.hosts.noMatch')} action={<Button variant="secondary" onClick={clear}>{t('admin.common.clearFilters')}</Button>} />
          ) : (
            <EmptyState title={t('admin.hosts.emptyTitle')}>{t('admin.hosts.emptyText')}</EmptyState>
          )
        ) : (
          <>
            <p className="admin-list-summary" aria-live="polite">
              {t('admin.hosts.count', { count: total })}
              {result.isFetching ? t('admin.hosts.updating') : ''}
            </p>
            <HostsTable hosts={result.data.rows} caption={t('admin.hosts.title')} />
            {pages > 1 ? (
              <nav className="admin-pager" aria-label={t('admin.hosts.pages')}>
                <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage(Math.max(1, page - 1))}>
                  {t('admin.common.previous')}
                </Button>
                <span aria-current="page">
                  {t('admin.common.pageOf', { page, pages })}
                </span>
                <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => setPage(Math.min(pages, page + 1))}>
                  {t('admin.common.next')}
                </Button>
              </nav>
            ) : null}
          </>
        )}
      </Card>
    </Page>
  );
}
