/**
 * What this device translated of a host's texts (features/host-text/on-device.ts), kept in
 * localStorage per language and by original text, so that it shows offline; a sign-out forgets it
 * with the rest of the user's offline data (pwa/offline-extras.ts).
 */
import type { TranslationLocale } from '../../../shared/host-text';

export const DEVICE_TRANSLATIONS_KEY = 'staykeep.deviceTranslations';
/** Kept per language at most (the oldest go first). */
const MAX_KEPT = 500;

type Kept = Partial<Record<TranslationLocale, Record<string, string>>>;

/** Parsed once per page: task cards read it on every render. */
let cached: Kept | null = null;

function read(): Kept {
  if (cached) return cached;
  try {
    cached = JSON.parse(localStorage.getItem(DEVICE_TRANSLATIONS_KEY) ?? '{}') as Kept;
  } catch {
    cached = {};
  }
  return cached;
}

/** What this device translated into `locale` before, by original text. */
export function keptTranslations(locale: TranslationLocale): Readonly<Record<string, string>> {
  return read()[locale] ?? {};
}

export function keepTranslations(locale: TranslationLocale, results: Readonly<Record<string, string>>): void {
  const all: Kept = { ...read() };
  const entries = Object.entries({ ...(all[locale] ?? {}), ...results });
  all[locale] = Object.fromEntries(entries.slice(-MAX_KEPT));
  cached = all;
  try {
    localStorage.setItem(DEVICE_TRANSLATIONS_KEY, JSON.stringify(all));
  } catch {
    // A full disk: the translations still show until the page closes.
  }
}

export function forgetDeviceTranslations(): void {
  cached = null;
  try {
    localStorage.removeItem(DEVICE_TRANSLATIONS_KEY);
  } catch {
    // Nothing kept.
  }
}

