/**
 * What a screen tells the user when a write failed, in their language: the refusal's own words
 * (a WriteRefused names its message, sync/mutate.ts), a full disk with its remedy, or that the
 * device could not keep the change. sync/mutate.ts `writeFailureText` says the same in English
 * for the service worker, which loads no catalog.
 */
import { WriteRefused } from '../sync/mutate';
import { isStorageFull } from '../db/storage-full';
import { t, type MessageId, type MessageValues } from '../i18n';

/** Message values that are themselves message ids (a status word inside a sentence) are translated first. */
function translated(values: MessageValues | undefined): MessageValues | undefined {
  if (!values) return undefined;
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, typeof value === 'string' && value.startsWith('write.') ? t(value as MessageId) : value]));
}

/** `what`: the thing written, already in the reader's language ("This booking"); "This change" by default. */
export function localWriteFailureText(error: unknown, what = t('write.thisChange')): string {
  if (error instanceof WriteRefused) return error.text ? t(error.text.id, translated(error.text.values)) : error.message;
  return isStorageFull(error) ? t('write.storageFull', { what }) : t('write.notSaved', { what });
}
