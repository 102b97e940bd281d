import { createFileRoute } from '@tanstack/react-router';
import { HostFinancesPage } from '../../features/finances';

export const Route = createFileRoute('/_host/host/finances')({
  component: HostFinancesPage,
});
