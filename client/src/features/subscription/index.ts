/** The host's plan and usage, the page of routes/_host/host.subscription.tsx. */
export { HostSubscriptionPage } from './SubscriptionPage';
