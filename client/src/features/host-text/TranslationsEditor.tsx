/**
 * The host's translations of its own texts for housekeepers, on the template, task and access
 * details forms: one tab per language of the staff app, each text of the form with its
 * translation; "Out of date" once the original changed; "Suggest" fills what is empty with the
 * browser's on-device translation where it has one, for the host to check.
 */
import { useState } from 'react';
import { LOCALE_NAMES } from '../../../../shared/i18n/locales';
import { staleKeys, TRANSLATION_LOCALES, withTranslation, type HostTextKey, type TranslationLocale, type Translations } from '../../../../shared/host-text';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { Tabs } from '../../components/ui/Tabs';
import { useToast } from '../../components/ui/Toast';
import { useT } from '../../i18n/use-t';
import { translateOnDevice, useCanTranslate } from './on-device';
import './host-text.css';

export type TranslatableText = { key: HostTextKey; label: string; original: string };

export function TranslationsEditor({
  texts,
  value,
  onChange,
}: {
  texts: readonly TranslatableText[];
  value: Translations;
  onChange: (next: Translations) => void;
}) {
  const t = useT();
  const written = texts.filter((text) => text.original.trim());
  const done = (locale: TranslationLocale) => written.filter((text) => value[locale]?.[text.key]?.of === text.original).length;
  const summary = TRANSLATION_LOCALES.map((locale) => t('host.translations.count', { language: LOCALE_NAMES[locale], done: done(locale), total: written.length })).join(' · ');
  // The texts render once opened: a closed section adds no fields to the form.
  const [open, setOpen] = useState(false);
  return (
    <details className="host-translations" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>
        <span className="host-translations__title">{t('host.translations.title')}</span>
        <span className="host-translations__summary">{summary}</span>
      </summary>
      <p className="field__hint">{t('host.translations.hint')}</p>
      {!open ? null : written.length ? (
        <Tabs
          label={t('host.translations.language')}
          items={TRANSLATION_LOCALES.map((locale) => ({
            id: locale,
            label: LOCALE_NAMES[locale],
            content: <LanguageTexts locale={locale} texts={written} value={value} onChange={onChange} />,
          }))}
        />
      ) : (
        <p className="field__hint">{t('host.translations.empty')}</p>
      )}
    </details>
  );
}

function LanguageTexts({ locale, texts, value, onChange }: { locale: TranslationLocale; texts: readonly TranslatableText[]; value: Translations; onChange: (next: Translations) => void }) {
  const t = useT();
  const { toast } = useToast();
  const [suggesting, setSuggesting] = useState(false);
  const deviceCan = useCanTranslate(locale);
  const stale = new Set(staleKeys(value, locale, Object.fromEntries(texts.map((text) => [text.key, text.original]))));
  const missing = texts.filter((text) => !value[locale]?.[text.key] || stale.has(text.key));

  const suggest = async () => {
    setSuggesting(true);
    try {
      const results = await translateOnDevice(locale, missing.map((text) => text.original));
      let next = value;
      for (const text of missing) next = withTranslation(next, locale, text.key, results[text.original] ?? '', text.original);
      onChange(next);
    } catch {
      toast({ title: t('host.translations.suggestFailed'), variant: 'destructive' });
    } finally {
      setSuggesting(false);
    }
  };

  return (
    <div className="host-translations__list" lang={locale}>
      {deviceCan && missing.length ? (
        <Button size="sm" variant="secondary" isLoading={suggesting} onClick={() => void suggest()}>
          {t('host.translations.suggest', { count: missing.length })}
        </Button>
      ) : null}
      {texts.map((text) => {
        const id = `translation-${locale}-${text.key}`;
        return (
          <div key={text.key} className="field">
            <label className="field__label" htmlFor={id}>
              {text.label} {stale.has(text.key) ? <Badge tone="warning">{t('host.translations.outOfDate')}</Badge> : null}
            </label>
            <p className="host-translations__original" lang="en">
              {text.original}
            </p>
            <textarea
              id={id}
              className="field__control"
              rows={Math.min(6, Math.max(1, Math.ceil(text.original.length / 60)))}
              maxLength={5000}
              value={value[locale]?.[text.key]?.text ?? ''}
              onChange={(event) => onChange(withTranslation(value, locale, text.key, event.target.value, text.original))}
            />
          </div>
        );
      })}
    </div>
  );
}
