/**
 * What a housekeeper reads of a host's text: the host's translation into her language where there
 * is one for this very original, else what her device translated before (on-device.ts), else the
 * original; with a "show original" toggle and, where the browser can, a "Translate" action for
 * what has no translation yet.
 */
import { useCallback, useEffect, useState } from 'react';
import { hostText, TRANSLATION_LOCALES, type HostTextKey, type TranslationLocale, type Translations } from '../../../../shared/host-text';
import { useLocale } from '../../i18n/use-t';
import type { Locale } from '../../../../shared/i18n/locales';
import { keptTranslations } from '../../lib/device-translations';
import { translateOnDevice, useCanTranslate } from './on-device';

export type HostTextSource = { key: HostTextKey; original: string };

export type HostTextView = {
  /** The text to show for `key`. */
  text: (key: HostTextKey, original: string) => string;
  /** Some text shows in another language than its original (the toggle is worth showing). */
  translated: boolean;
  showOriginal: boolean;
  setShowOriginal: (show: boolean) => void;
  /** Texts with no translation into the reader's language, when the device can translate them. */
  untranslated: number;
  translate: () => Promise<void>;
  translating: boolean;
};

function isTranslationLocale(locale: string): locale is TranslationLocale {
  return (TRANSLATION_LOCALES as readonly string[]).includes(locale);
}

/** The host's translation for this very original, else what this device translated (`kept`), else the original. */
function resolveHostText(
  translations: Translations | null | undefined,
  locale: Locale,
  kept: Readonly<Record<string, string>>,
  key: HostTextKey,
  original: string,
): { text: string; translated: boolean } {
  const byHost = hostText(translations, locale, key, original);
  if (byHost.translated || !isTranslationLocale(locale) || !original.trim()) return byHost;
  const byDevice = kept[original];
  return byDevice ? { text: byDevice, translated: true } : byHost;
}

export function useHostText(translations: Translations | null | undefined, sources: readonly HostTextSource[]): HostTextView {
  const locale = useLocale();
  const target = isTranslationLocale(locale) ? locale : null;
  const [showOriginal, setShowOriginal] = useState(false);
  const [kept, setKept] = useState<Readonly<Record<string, string>>>(() => (target ? keptTranslations(target) : {}));
  const deviceCan = useCanTranslate(target);
  const [translating, setTranslating] = useState(false);

  useEffect(() => setKept(target ? keptTranslations(target) : {}), [target]);

  const resolve = useCallback(
    (key: HostTextKey, original: string) => resolveHostText(translations, locale, kept, key, original),
    [translations, locale, kept],
  );

  const pending = target ? sources.filter((s) => s.original.trim() && !resolve(s.key, s.original).translated) : [];
  const translated = sources.some((s) => resolve(s.key, s.original).translated);

  const translate = async () => {
    if (!target || !pending.length) return;
    setTranslating(true);
    try {
      const results = await translateOnDevice(target, pending.map((s) => s.original));
      setKept((before) => ({ ...before, ...results }));
      setShowOriginal(false);
    } finally {
      setTranslating(false);
    }
  };

  return {
    text: (key, original) => (showOriginal ? original : resolve(key, original).text),
    translated,
    showOriginal,
    setShowOriginal,
    untranslated: deviceCan ? pending.length : 0,
    translate,
    translating,
  };
}

/**
 * A task's title in the reader's language for lists and cards (the host's translation, else what
 * this device translated before, else the original); the dialog has the toggle.
 */
export function useHostTitle(): (task: { task_title: string; translations?: Translations | null }) => string {
  const locale = useLocale();
  const target = isTranslationLocale(locale) ? locale : null;
  const kept = target ? keptTranslations(target) : {};
  return (task) => resolveHostText(task.translations, locale, kept, 'title', task.task_title).text;
}
