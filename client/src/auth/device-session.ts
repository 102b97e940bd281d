/**
 * What signing in, signing out and restoring a session do on this device and with the server:
 * the offline store (Dexie), the stored session and the auth calls (zod). One chunk loaded on
 * demand by auth-store.ts and the sign-in page, so that the first screen carries none of it
 * (README, "Budgets"); precached with the shell, so that an offline start finds it.
 */
export { appDb } from '../db/app-db';
export { claimStore, waitingChanges, wipeStore } from '../db/store';
export { forgetOfflineExtras } from '../pwa/offline-extras';
export { fetchMe, logout } from './auth-api';
export { forgetSession, loadSession, saveSession } from './stored-session';
