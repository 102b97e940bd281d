/**
 * On-device translation of what a host wrote, with the browser's Translator API (recent Chromium;
 * the model runs on the device, nothing is sent to an outside service). Where the browser has no
 * such API, `canTranslate` says no and the "Translate" action is not shown.
 *
 * Results are kept on this device (lib/device-translations.ts) so that they work offline.
 */
import { useEffect, useState } from 'react';
import type { TranslationLocale } from '../../../../shared/host-text';
import { keepTranslations } from '../../lib/device-translations';

type Availability = 'unavailable' | 'downloadable' | 'downloading' | 'available';
type LanguagePair = { sourceLanguage: string; targetLanguage: string };
type TranslatorApi = {
  availability(pair: LanguagePair): Promise<Availability>;
  create(pair: LanguagePair): Promise<{ translate(text: string): Promise<string>; destroy?(): void }>;
};

/** The language hosts write in, as far as we know (the catalogs' source language). */
const HOST_LANGUAGE = 'en';

function translatorApi(): TranslatorApi | undefined {
  return (globalThis as { Translator?: TranslatorApi }).Translator;
}

/** True when this browser can translate from the host's language into `locale` on the device. */
export async function canTranslate(locale: TranslationLocale): Promise<boolean> {
  const api = translatorApi();
  if (!api) return false;
  try {
    return (await api.availability({ sourceLanguage: HOST_LANGUAGE, targetLanguage: locale })) !== 'unavailable';
  } catch {
    return false;
  }
}

/** `canTranslate` for a component: false until the browser answers, and for no language. */
export function useCanTranslate(locale: TranslationLocale | null): boolean {
  const [can, setCan] = useState(false);
  useEffect(() => {
    let live = true;
    setCan(false);
    if (locale) void canTranslate(locale).then((answer) => live && setCan(answer));
    return () => {
      live = false;
    };
  }, [locale]);
  return can;
}

/**
 * Translates `texts` into `locale` on the device (the model may download first, the browser's
 * own business) and keeps the results; answers them by original text.
 */
export async function translateOnDevice(locale: TranslationLocale, texts: readonly string[]): Promise<Record<string, string>> {
  const api = translatorApi();
  if (!api) throw new Error('This browser cannot translate on the device.');
  const translator = await api.create({ sourceLanguage: HOST_LANGUAGE, targetLanguage: locale });
  try {
    const results: Record<string, string> = {};
    for (const text of new Set(texts)) results[text] = await translator.translate(text);
    keepTranslations(locale, results);
    return results;
  } finally {
    translator.destroy?.();
  }
}
