import { createFileRoute } from '@tanstack/react-router';
import { HostGuestsPage } from '../../features/guests';

export const Route = createFileRoute('/_host/host/guests')({
  component: HostGuestsPage,
});
