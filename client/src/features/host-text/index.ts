/** The host's texts in the housekeeper's language (issue 24; shared/host-text.ts). */
export { useHostText, useHostTitle, type HostTextSource, type HostTextView } from './use-host-text';
export { HostTextBar } from './HostTextBar';
export { TranslationsEditor, type TranslatableText } from './TranslationsEditor';
export { accessTexts, taskSources, taskTexts, translationsToSave } from './texts';
