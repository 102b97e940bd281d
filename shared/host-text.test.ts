import { describe, expect, it } from 'vitest';
import { hostText, pruneTranslations, staleKeys, TranslationsSchema, withTranslation } from './host-text';
import { defaultTurnoverTranslations, DEFAULT_TURNOVER_TEMPLATE } from './turnover-template';

describe('hostText', () => {
  const translations = withTranslation({}, 'es', 'title', 'Limpieza de salida', 'Turnover clean');

  it("shows the host's translation for the reader's language", () => {
    expect(hostText(translations, 'es', 'title', 'Turnover clean')).toEqual({ text: 'Limpieza de salida', translated: true });
  });

  it('shows the original in English, in a language with no translation, and once the original changed', () => {
    expect(hostText(translations, 'en', 'title', 'Turnover clean')).toEqual({ text: 'Turnover clean', translated: false });
    expect(hostText(translations, 'pt-BR', 'title', 'Turnover clean')).toEqual({ text: 'Turnover clean', translated: false });
    expect(hostText(translations, 'es', 'title', 'Turnover clean and laundry')).toEqual({ text: 'Turnover clean and laundry', translated: false });
    expect(staleKeys(translations, 'es', { title: 'Turnover clean and laundry' })).toEqual(['title']);
  });

  it('removes a translation set to nothing, and the language with its last one', () => {
    expect(withTranslation(translations, 'es', 'title', '  ', 'Turnover clean')).toEqual({});
  });

  it('prunes translations of texts that are gone', () => {
    const two = withTranslation(translations, 'es', 'item:a', 'Hacer camas', 'Make beds');
    expect(pruneTranslations(two, new Set(['title']))).toEqual(translations);
  });
});

describe('TranslationsSchema', () => {
  it('takes the languages of the staff app and known keys only', () => {
    expect(TranslationsSchema.safeParse({ es: { title: { text: 'Hola', of: 'Hello' } } }).success).toBe(true);
    expect(TranslationsSchema.safeParse({ en: { title: { text: 'Hi', of: 'Hello' } } }).success).toBe(false);
    expect(TranslationsSchema.safeParse({ es: { door_code: { text: '1234', of: '1234' } } }).success).toBe(false);
    expect(TranslationsSchema.safeParse({ es: { title: { text: '', of: 'Hello' } } }).success).toBe(false);
  });
});

describe('the default turnover template', () => {
  it('comes translated, item by item, into every language of the staff app', () => {
    const ids = DEFAULT_TURNOVER_TEMPLATE.checklist.map((_, i) => `i${i}`);
    const translations = defaultTurnoverTranslations(ids);
    expect(TranslationsSchema.safeParse(translations).success).toBe(true);
    for (const locale of ['es', 'pt-BR'] as const) {
      expect(Object.keys(translations[locale] ?? {})).toHaveLength(3 + ids.length);
      DEFAULT_TURNOVER_TEMPLATE.checklist.forEach((text, i) => expect(hostText(translations, locale, `item:i${i}`, text).translated).toBe(true));
    }
    expect(hostText(translations, 'pt-BR', 'title', DEFAULT_TURNOVER_TEMPLATE.name).text).toBe('Limpeza de troca de hóspedes');
  });
});
