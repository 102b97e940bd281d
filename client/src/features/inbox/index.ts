/** The host's inbox, the page of routes/_host/host.inbox.tsx. */
export { HostInboxPage } from './InboxPage';
