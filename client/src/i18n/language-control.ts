/**
 * The page's language for modules that the service worker's build reaches too (lib/display.tsx,
 * through the badge's task imports): they must not import ./index.ts, whose compiled catalogs
 * exist only in the page's build. index.ts registers itself here when the page starts; in the
 * worker nothing registers, and these answer English and do nothing.
 */
import { SOURCE_LOCALE, type Locale } from '../../../shared/i18n/locales';

type LanguageControl = { setLanguage: (choice: Locale | null) => Promise<void>; activeLocale: () => Locale };

let control: LanguageControl | null = null;

export function registerLanguageControl(value: LanguageControl): void {
  control = value;
}

/** `setLanguage` of ./index.ts, once the page registered it. */
export function applyLanguage(choice: Locale | null): Promise<void> {
  return control ? control.setLanguage(choice) : Promise.resolve();
}

/** `activeLocale` of ./index.ts (English before the page registered it). */
export function currentLocale(): Locale {
  return control ? control.activeLocale() : SOURCE_LOCALE;
}
