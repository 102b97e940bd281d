/**
 * Notifications: the bell of the app shell, the prompt that offers alerts on this device, and the
 * profile's Web Push card.
 */
export { NotificationBell } from './NotificationBell';
export { AlertsPrompt } from './AlertsPrompt';
export { PushSubscriptionCard } from './PushSubscriptionCard';
