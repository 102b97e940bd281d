import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { AdminBillingsPage } from '../../features/admin';

export const Route = createFileRoute('/_admin/admin/billings')({
  // The spec §5 filters, so that a link (the dashboard's figures) can open the page filtered.
  validateSearch: z.object({
    status: z.string().max(40).optional().catch(undefined),
    plan: z.string().max(100).optional().catch(undefined),
    search: z.string().max(200).optional().catch(undefined),
    days: z.coerce.number().int().min(1).max(3650).optional().catch(undefined),
  }),
  component: BillingsRoute,
});

function BillingsRoute() {
  return <AdminBillingsPage search={Route.useSearch()} />;
}
