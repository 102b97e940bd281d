import { createFileRoute } from '@tanstack/react-router';
import { searchOf, text, wholeNumber } from '../../lib/search-params';
import { AdminBillingsPage } from '../../features/admin';

export const Route = createFileRoute('/_admin/admin/billings')({
  // The spec §5 filters, so that a link (the dashboard's figures) can open the page filtered.
  validateSearch: searchOf({ status: text(40), plan: text(100), search: text(200), days: wholeNumber(1, 3650) }),
  component: BillingsRoute,
});

function BillingsRoute() {
  return <AdminBillingsPage search={Route.useSearch()} />;
}
