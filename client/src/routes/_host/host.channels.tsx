import { createFileRoute } from '@tanstack/react-router';
import { HostChannelsPage } from '../../features/channels';
import { PartnerChannelCard } from '../../features/partner';

export const Route = createFileRoute('/_host/host/channels')({
  component: ChannelsRoute,
});

function ChannelsRoute() {
  return <HostChannelsPage partner={<PartnerChannelCard />} />;
}
