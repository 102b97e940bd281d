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

/**
 * The language tags of an Accept-Language header, most preferred first (`q` weights; `*` and
 * malformed entries dropped), e.g. `pt-BR,pt;q=0.9,en;q=0.8` → `['pt-BR', 'pt', 'en']`.
 */
export function parseAcceptLanguage(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter(({ tag, q }) => /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/.test(tag) && Number.isFinite(q) && q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .slice(0, 10)
    .map(({ tag }) => tag);
}
