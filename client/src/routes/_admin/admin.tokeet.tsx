import { createFileRoute } from '@tanstack/react-router';
import { AdminTokeetPage } from '../../features/partner';
import { loadNamespace } from '../../i18n';

export const Route = createFileRoute('/_admin/admin/tokeet')({
  // The page shows the host area's partner parts too (stats, sync log: features/partner/shared-bits.tsx),
  // whose texts are in the `host` catalog.
  beforeLoad: () => loadNamespace('host'),
  component: AdminTokeetPage,
});
