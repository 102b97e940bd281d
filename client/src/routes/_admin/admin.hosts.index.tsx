import { createFileRoute } from '@tanstack/react-router';
import { AdminHostsPage } from '../../features/admin';
// The search check runs in the entry chunk: from its own module, not the page's.
import { hostsListSearch, type HostsListSearch } from '../../features/admin/hosts-search';

/** The list's search, filters, sort and page live in the address, so that going back restores them. */
export const Route = createFileRoute('/_admin/admin/hosts/')({
  validateSearch: hostsListSearch,
  component: HostsRoute,
});

function HostsRoute() {
  const params = Route.useSearch();
  const navigate = Route.useNavigate();
  const change = (next: HostsListSearch) => void navigate({ search: next, replace: true });
  return <AdminHostsPage params={params} onParamsChange={change} />;
}
