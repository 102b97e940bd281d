/** The installed app's badge: what it counts (shared with the service worker) and the shell's keeper of it. */
export { AppBadge } from './AppBadge';
export { hostBadgeCount, staffBadgeCount, type BadgeMessage, type BadgeNotification, type BadgeTask } from './badge-count';
