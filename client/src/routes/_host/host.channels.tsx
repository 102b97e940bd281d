import { createFileRoute } from '@tanstack/react-router';
import { HostChannelsPage } from '../../features/channels/ChannelsPage';

export const Route = createFileRoute('/_host/host/channels')({
  component: HostChannelsPage,
});
