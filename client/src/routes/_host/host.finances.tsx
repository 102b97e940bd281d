import { createFileRoute } from '@tanstack/react-router';
import { HostFinancesPage } from '../../features/finances/FinancesPage';

export const Route = createFileRoute('/_host/host/finances')({
  component: HostFinancesPage,
});
