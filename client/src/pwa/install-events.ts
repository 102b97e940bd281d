/**
 * Installing the app: keeps Chromium's `beforeinstallprompt` event (it fires once, early, so this
 * module is imported at the top of client/src/main.tsx) for the "Install app" menu item and the
 * staff dashboard's prompt, and asks again for persistent storage once the app is installed
 * (browsers grant it to installed apps more readily; persist.ts).
 */
import { askPersistentStorage } from './persist';

/** Chromium's install event (not in TypeScript's DOM library). */
export type BeforeInstallPromptEvent = Event & {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
};

export type InstallState = {
  /** The browser offered an install prompt that the app may show. */
  canPrompt: boolean;
  /** Running as the installed app, or installed during this visit. */
  installed: boolean;
};

let deferred: BeforeInstallPromptEvent | null = null;
let state: InstallState = { canPrompt: false, installed: false };
const listeners = new Set<() => void>();

function set(next: InstallState): void {
  state = next;
  for (const listener of listeners) listener();
}

export function getInstallState(): InstallState {
  return state;
}

export function subscribeInstall(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Shows the browser's install dialog; answers what the user chose ('unavailable': nothing to show). */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const event = deferred;
  if (!event) return 'unavailable';
  // The event can prompt only once.
  deferred = null;
  set({ ...state, canPrompt: false });
  await event.prompt();
  const { outcome } = await event.userChoice;
  return outcome;
}

function runsInstalled(): boolean {
  const standalone = typeof matchMedia === 'function' && matchMedia('(display-mode: standalone)').matches;
  return standalone || (navigator as Navigator & { standalone?: boolean }).standalone === true;
}

/** Starts listening (once, from the page's entry). */
export function listenForInstall(target: Window = window): void {
  set({ canPrompt: false, installed: runsInstalled() });
  target.addEventListener('beforeinstallprompt', (event) => {
    // The browser's own mini-infobar stays away; the app offers installing where it fits.
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    set({ ...state, canPrompt: true });
  });
  target.addEventListener('appinstalled', () => {
    deferred = null;
    set({ canPrompt: false, installed: true });
    void askPersistentStorage();
  });
}

if (typeof window !== 'undefined') listenForInstall();
