/**
 * Whether the app can be installed from here and how: the browser's own dialog (Chromium's
 * `beforeinstallprompt`, kept by install-events.ts) or, where there is none (Safari), steps to
 * follow by hand. Hidden once the app runs installed.
 */
import { useSyncExternalStore } from 'react';
import { getInstallState, subscribeInstall } from './install-events';

export type InstallOffer =
  /** Nothing to offer: the app runs installed. */
  | 'none'
  /** The browser's install dialog can be shown (promptInstall). */
  | 'prompt'
  /** Safari on iPhone or iPad: Share, then Add to Home Screen. */
  | 'ios'
  /** Another browser with no dialog to show now: its menu has the install item. */
  | 'manual';

export function isAppleMobile(userAgent: string, maxTouchPoints: number): boolean {
  // iPadOS presents itself as a Mac, with a touch screen.
  return /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
}

export function useInstallOffer(): InstallOffer {
  const state = useSyncExternalStore(subscribeInstall, getInstallState, getInstallState);
  if (state.installed) return 'none';
  if (state.canPrompt) return 'prompt';
  return isAppleMobile(navigator.userAgent, navigator.maxTouchPoints) ? 'ios' : 'manual';
}
