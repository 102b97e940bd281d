import { createFileRoute } from '@tanstack/react-router';
import { AdminTokeetPage } from '../../features/partner';

export const Route = createFileRoute('/_admin/admin/tokeet')({
  component: AdminTokeetPage,
});
