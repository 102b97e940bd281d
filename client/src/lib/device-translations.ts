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

function read(): Kept {
  try {
    return JSON.parse(localStorage.getItem(DEVICE_TRANSLATIONS_KEY) ?? '{}') as Kept;
  } catch {
    return {};
  }
}

/** What this device translated into `locale` before, by original text. */
export function keptTranslations(locale: TranslationLocale): Readonly<Record<string, string>> {
  return read()[locale] ?? {};
}

export function keepTranslations(locale: TranslationLocale, results: Readonly<Record<string, string>>): void {
  const all = read();
  const entries = Object.entries({ ...(all[locale] ?? {}), ...results });
  all[locale] = Object.fromEntries(entries.slice(-MAX_KEPT));
  try {
    localStorage.setItem(DEVICE_TRANSLATIONS_KEY, JSON.stringify(all));
  } catch {
    // A full disk: the translations still show until the page closes.
  }
}

export function forgetDeviceTranslations(): void {
  try {
    localStorage.removeItem(DEVICE_TRANSLATIONS_KEY);
  } catch {
    // Nothing kept.
  }
}

