import { createFileRoute } from '@tanstack/react-router';
import { HostInboxPage } from '../../features/inbox';

export const Route = createFileRoute('/_host/host/inbox')({
  component: HostInboxPage,
});
