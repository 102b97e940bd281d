/** The translate function for components: re-renders them when the language changes. */
import { useCallback } from 'react';
import { useLingui } from '@lingui/react';
import type { MessageId, MessageValues } from './message-ids';
import { translate } from './translate';
import { isLocale, SOURCE_LOCALE, type Locale } from '../../../shared/i18n/locales';

export function useT(): (id: MessageId, values?: MessageValues) => string {
  const { i18n } = useLingui();
  // The locale is a dependency: a new language makes a new function, so memoised children update.
  return useCallback((id: MessageId, values?: MessageValues) => translate(i18n, id, values), [i18n, i18n.locale]);
}

/** The active locale, for Intl formatting. */
export function useLocale(): Locale {
  const { i18n } = useLingui();
  return isLocale(i18n.locale) ? i18n.locale : SOURCE_LOCALE;
}
