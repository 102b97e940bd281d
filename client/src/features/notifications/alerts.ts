/**
 * Browser notifications and Web Push on this device (the permission states, the auto-close of
 * warnings; the server's `/api/push/*` routes). Permission is asked only when the user acts (a
 * button on a prompt shown after a task is opened, the bell, or the profile card), never on load.
 * Push subscription needs a connection: it needs the server's key and the push service.
 */
import { z } from 'zod';
import { apiRequest } from '../../api/http';
import { autoCloseMs, notificationTarget } from '../../pwa/notification';
import { t } from '../../i18n';
import { notificationTitle } from './notification-text';

export type PermissionState = 'unsupported' | NotificationPermission;

export function notificationPermission(): PermissionState {
  if (typeof window === 'undefined' || !('Notification' in window)) return 'unsupported';
  return Notification.permission;
}

export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

const DISMISSED_KEY = 'staykeep.alerts-prompt-dismissed';

/** "Not now" on the prompt: not asked again on this device for a week. */
export function dismissAlertsPrompt(now = Date.now()): void {
  try {
    localStorage.setItem(DISMISSED_KEY, String(now));
  } catch {
    // Private mode without storage: the prompt comes back next time, which is harmless.
  }
}

export function alertsPromptDismissed(now = Date.now()): boolean {
  try {
    const at = Number(localStorage.getItem(DISMISSED_KEY));
    return Number.isFinite(at) && at > 0 && now - at < 7 * 24 * 3600 * 1000;
  } catch {
    return false;
  }
}

export type SystemNotification = {
  title: string;
  options: NotificationOptions & { data: { url: string } };
  closeAfterMs: number | null;
};

/** What the page shows for a notification row that arrived while it was open. */
export function systemNotificationFor(n: { id: string; title: string; message: string; type: string; taskId: string | null; actionUrl: string | null }): SystemNotification {
  return {
    title: notificationTitle(n.title),
    options: {
      body: n.message,
      tag: n.id,
      icon: '/icons/icon-192.png',
      // The status bar draws only the shape: the logo's silhouette.
      badge: '/icons/icon-monochrome-96.png',
      requireInteraction: n.type === 'urgent',
      data: { url: notificationTarget(n.taskId, n.actionUrl) },
    },
    closeAfterMs: autoCloseMs(n.type),
  };
}

/**
 * Shows a notification through the service worker (the page's `new Notification` is refused on
 * Android), with the same tag as a push of the same row, so one event never shows twice.
 */
export async function showSystemNotification(shown: SystemNotification): Promise<void> {
  if (notificationPermission() !== 'granted') return;
  const registration = await navigator.serviceWorker?.getRegistration();
  if (!registration) return;
  await registration.showNotification(shown.title, shown.options);
  if (shown.closeAfterMs !== null) {
    const tag = shown.options.tag;
    setTimeout(() => {
      void registration.getNotifications(tag ? { tag } : undefined).then((list) => list.forEach((n) => n.close()));
    }, shown.closeAfterMs);
  }
}

/** base64url (VAPID public key) → bytes for PushManager.subscribe. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const padded = value.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (value.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameKey(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a) return false;
  const x = new Uint8Array(a);
  return x.length === b.length && x.every((v, i) => v === b[i]);
}

const KeyReply = z.object({ publicKey: z.string().min(1) });

async function registration(): Promise<ServiceWorkerRegistration> {
  const found = await navigator.serviceWorker.getRegistration();
  if (!found) throw new Error(t('push.error.installing'));
  return found;
}

/** This device's push subscription, or null. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const reg = await navigator.serviceWorker.getRegistration();
  return reg ? reg.pushManager.getSubscription() : null;
}

/** Asks for permission (from a click) and answers the new state. */
export async function askPermission(): Promise<PermissionState> {
  if (notificationPermission() === 'unsupported') return 'unsupported';
  return Notification.requestPermission();
}

/**
 * Subscribes this device (online only): the server's VAPID key, the browser's push service, then
 * the server. A subscription made with an older key of the server is replaced.
 */
export async function subscribeThisDevice(): Promise<PushSubscription> {
  if (!pushSupported()) throw new Error(t('push.error.unsupported'));
  if (!navigator.onLine) throw new Error(t('push.error.onNeedsConnection'));
  if ((await askPermission()) !== 'granted') throw new Error(t('push.error.blocked'));
  const { publicKey } = KeyReply.parse(await apiRequest('/api/push/vapid-public-key', { auth: false }));
  const key = base64UrlToBytes(publicKey);
  const reg = await registration();
  let subscription = await reg.pushManager.getSubscription();
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  await apiRequest('/api/push/subscriptions', { method: 'POST', body: subscription.toJSON() });
  return subscription;
}

/** Unsubscribes this device (online only): the server first, so it stops sending, then the browser. */
export async function unsubscribeThisDevice(): Promise<void> {
  if (!navigator.onLine) throw new Error(t('push.error.offNeedsConnection'));
  const subscription = await currentSubscription();
  if (!subscription) return;
  await apiRequest('/api/push/subscriptions', { method: 'DELETE', body: { endpoint: subscription.endpoint } });
  await subscription.unsubscribe();
}
