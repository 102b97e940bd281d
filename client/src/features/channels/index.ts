/** Channels: calendar feeds and their sync, the page of routes/_host/host.channels.tsx. */
export { HostChannelsPage } from './ChannelsPage';
