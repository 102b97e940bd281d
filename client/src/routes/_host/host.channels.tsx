import { createFileRoute } from '@tanstack/react-router';
import { HostChannelsPage } from '../../features/channels';

export const Route = createFileRoute('/_host/host/channels')({
  component: HostChannelsPage,
});
