/**
 * The languages of Staykeep and how a person's language is chosen (issue 24).
 *
 * A user's display settings may name one of LOCALES; null means "the device's language", the best
 * match of `navigator.languages` (or a request's Accept-Language), else English.
 */
export const LOCALES = ['en', 'es', 'pt-BR'] as const;
export type Locale = (typeof LOCALES)[number];
export const SOURCE_LOCALE: Locale = 'en';

/** Each language's name in itself, for the language picker. */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = { en: 'English', es: 'Español', 'pt-BR': 'Português (Brasil)' };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * The best of our locales for a list of preferred BCP 47 tags, most preferred first: an exact
 * match (case-insensitive), else the first tag whose language we speak (`pt-PT` and `pt` take
 * `pt-BR`, `es-MX` takes `es`), else English.
 */
export function bestLocale(preferred: readonly string[]): Locale {
  for (const tag of preferred) {
    const exact = LOCALES.find((locale) => locale.toLowerCase() === tag.toLowerCase());
    if (exact) return exact;
    const language = tag.split(/[-_]/)[0]?.toLowerCase();
    const sameLanguage = LOCALES.find((locale) => locale.split('-')[0] === language);
    if (sameLanguage) return sameLanguage;
  }
  return SOURCE_LOCALE;
}

/** A user's chosen language, or the best match of the device's when they chose none. */
export function resolveLocale(chosen: string | null | undefined, preferred: readonly string[]): Locale {
  return isLocale(chosen) ? chosen : bestLocale(preferred);
}
