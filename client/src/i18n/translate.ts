/**
 * One message in the active language. A message without values reads the same every time until
 * the language or its catalogs change, so it is formatted once and kept: Lingui formats every
 * compiled message on each call (its `interpolate` builds the message's formatters anew), and the
 * screens ask for hundreds of labels on each render (ticking a checklist item re-renders the task's
 * dialog and the list behind it). Lingui says "change" on every `load` and `activate`: the kept
 * texts of that instance are dropped then.
 */
import type { I18n } from '@lingui/core';
import type { MessageId, MessageValues } from './message-ids';

const kept = new WeakMap<I18n, Map<string, string>>();

function keptTexts(i18n: I18n): Map<string, string> {
  let texts = kept.get(i18n);
  if (!texts) {
    const fresh = new Map<string, string>();
    i18n.on('change', () => fresh.clear());
    kept.set(i18n, (texts = fresh));
  }
  return texts;
}

export function translate(i18n: I18n, id: MessageId, values?: MessageValues): string {
  if (values !== undefined) return i18n._(id, values);
  const texts = keptTexts(i18n);
  let text = texts.get(id);
  if (text === undefined) {
    text = i18n._(id);
    texts.set(id, text);
  }
  return text;
}
