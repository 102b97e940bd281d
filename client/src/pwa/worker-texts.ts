/**
 * The service worker's own words in the user's language. The worker's build holds no catalog
 * (shared/i18n/README.md), and the worker may speak while no page is open (Background Sync,
 * Periodic Background Sync), so the page leaves it the compiled messages it needs, in the active
 * language, in Cache Storage each time a language applies (client/src/i18n/index.ts). The worker
 * renders them with Lingui's runtime; with none kept, or in English, it speaks its English.
 */
import { setupI18n, type Messages } from '@lingui/core';
import { isLocale, SOURCE_LOCALE, type Locale } from '../../../shared/i18n/locales';

/** The cache, and the one entry in it. */
export const WORKER_TEXTS_CACHE = 'staykeep-worker-texts';
export const WORKER_TEXTS_URL = '/__worker-texts.json';

/** The messages the worker shows (ids of the common catalog). */
export const WORKER_MESSAGE_IDS = ['sync.refusedNotice.title', 'sync.refusedNotice.body'] as const;
type WorkerMessageId = (typeof WORKER_MESSAGE_IDS)[number];

type Kept = { locale: Locale; messages: Messages };

/**
 * The page: keeps the active language's worker messages (English keeps none: the worker's own).
 * What is kept already is left as it is: a start in the same language writes nothing.
 */
export async function keepWorkerTexts(locale: Locale, messages: Messages): Promise<void> {
  if (typeof caches === 'undefined') return;
  const picked = locale === SOURCE_LOCALE ? {} : Object.fromEntries(WORKER_MESSAGE_IDS.filter((id) => id in messages).map((id) => [id, messages[id]]));
  const body = JSON.stringify({ locale, messages: picked } satisfies Kept);
  const cache = await caches.open(WORKER_TEXTS_CACHE);
  const kept = await cache.match(WORKER_TEXTS_URL);
  if (kept && (await kept.text()) === body) return;
  await cache.put(WORKER_TEXTS_URL, new Response(body, { headers: { 'content-type': 'application/json' } }));
}

/** The worker: what the page kept, or null (none yet, or unreadable). */
async function keptTexts(): Promise<Kept | null> {
  try {
    const found = await (await caches.open(WORKER_TEXTS_CACHE)).match(WORKER_TEXTS_URL);
    const value = found ? ((await found.json()) as Partial<Kept>) : null;
    return value && isLocale(value.locale) && value.messages && typeof value.messages === 'object' ? { locale: value.locale, messages: value.messages } : null;
  } catch {
    return null;
  }
}

export type WorkerTranslate = (id: WorkerMessageId, english: string, values?: Record<string, string | number>) => string;

/** The worker's translate function: the kept language's message, else the English given. */
export async function workerTranslator(): Promise<WorkerTranslate> {
  const kept = await keptTexts();
  if (!kept || kept.locale === SOURCE_LOCALE) return (_id, english) => english;
  const i18n = setupI18n({ locale: kept.locale, messages: { [kept.locale]: kept.messages } });
  return (id, english, values) => (id in kept.messages ? i18n._(id, values) : english);
}
