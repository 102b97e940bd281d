/**
 * Translations of what a host writes for housekeepers (issue 24): a task template's and a task's
 * title, description, special instructions and checklist items, and a property's parking and
 * arrival notes. They live with the row in a `translations` field, per language, per text:
 *
 *   { "es": { "title": { "text": "Limpieza de salida", "of": "Turnover clean" }, "item:bed": … } }
 *
 * `of` is the original a translation was written for: once the host changes the original, that
 * translation is out of date and the housekeeper sees the original (the host's form says which
 * translations need a look). Keys: `title`, `description`, `instructions`, `parking`,
 * `arrival_notes`, and `item:<checklist item id>`; a task made from a template takes the
 * template's translations as they are (the same keys, the same item ids).
 */
import { z } from 'zod';
import { LOCALES, SOURCE_LOCALE, type Locale } from './i18n/locales';

/** The languages a host may translate into (the source language is the host's own text). */
export const TRANSLATION_LOCALES = LOCALES.filter((locale) => locale !== SOURCE_LOCALE) as Exclude<Locale, 'en'>[];
export type TranslationLocale = (typeof TRANSLATION_LOCALES)[number];

export const HOST_TEXT_KEY = /^(title|description|instructions|parking|arrival_notes|item:[^\s]{1,100})$/;
export type HostTextKey = 'title' | 'description' | 'instructions' | 'parking' | 'arrival_notes' | `item:${string}`;

const MAX_TEXT = 5000;
const translation = z.strictObject({ text: z.string().trim().min(1).max(MAX_TEXT), of: z.string().max(MAX_TEXT) });
export type Translation = z.infer<typeof translation>;

const perLanguage = z.record(z.string().regex(HOST_TEXT_KEY, 'a text key: title, description, instructions, parking, arrival_notes or item:<id>'), translation);

export const TranslationsSchema = z
  .partialRecord(z.enum(TRANSLATION_LOCALES as [TranslationLocale, ...TranslationLocale[]]), perLanguage)
  .refine((value) => Object.values(value).every((texts) => Object.keys(texts ?? {}).length <= 250), 'at most 250 translated texts per language');
export type Translations = Partial<Record<TranslationLocale, Record<string, Translation>>>;

export function itemKey(itemId: string): HostTextKey {
  return `item:${itemId}`;
}

/**
 * The text to show a reader of `locale`: the host's translation when there is one for this very
 * original, else the original. `translated` says which one it is (for the "show original" toggle).
 */
export function hostText(
  translations: Translations | null | undefined,
  locale: Locale,
  key: HostTextKey,
  original: string,
): { text: string; translated: boolean } {
  if (locale === SOURCE_LOCALE || !original.trim()) return { text: original, translated: false };
  const found = translations?.[locale as TranslationLocale]?.[key];
  return found && found.of === original ? { text: found.text, translated: true } : { text: original, translated: false };
}

/** Sets (or, with an empty text, removes) one translation; returns a new object. */
export function withTranslation(translations: Translations | null | undefined, locale: TranslationLocale, key: HostTextKey, text: string, original: string): Translations {
  const next: Translations = structuredClone(translations ?? {});
  const texts = { ...(next[locale] ?? {}) };
  if (text.trim()) texts[key] = { text: text.trim(), of: original };
  else delete texts[key];
  if (Object.keys(texts).length) next[locale] = texts;
  else delete next[locale];
  return next;
}

/** The keys whose translation into `locale` was written for another original (out of date). */
export function staleKeys(translations: Translations | null | undefined, locale: TranslationLocale, originals: Readonly<Record<string, string>>): string[] {
  return Object.entries(translations?.[locale] ?? {})
    .filter(([key, value]) => key in originals && value.of !== originals[key])
    .map(([key]) => key);
}

/** Drops translations of texts that no longer exist (a removed checklist item), keeping the rest. */
export function pruneTranslations(translations: Translations | null | undefined, keys: ReadonlySet<string>): Translations {
  const next: Translations = {};
  for (const locale of TRANSLATION_LOCALES) {
    const kept = Object.entries(translations?.[locale] ?? {}).filter(([key]) => keys.has(key));
    if (kept.length) next[locale] = Object.fromEntries(kept);
  }
  return next;
}

/** The translations of a copied checklist whose items got new ids (`ids`: old id to new id). */
export function rekeyItems(translations: Translations | null | undefined, ids: ReadonlyMap<string, string>): Translations {
  const next: Translations = {};
  for (const locale of TRANSLATION_LOCALES) {
    const texts = translations?.[locale];
    if (!texts) continue;
    next[locale] = Object.fromEntries(
      Object.entries(texts).flatMap(([key, value]) => {
        if (!key.startsWith('item:')) return [[key, value]];
        const id = ids.get(key.slice('item:'.length));
        return id ? [[itemKey(id), value]] : [];
      }),
    );
  }
  return next;
}
