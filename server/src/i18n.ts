/**
 * Messages the server sends to people (push notifications, e-mails), in each recipient's language
 * (issue 24): the `server` and `common` catalogs of shared/i18n/catalogs, compiled once at first use
 * with Lingui's compiler, one Lingui instance per locale.
 */
import { setupI18n, type I18n } from '@lingui/core';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { displaySettings, hostProfiles, sessions } from '../../shared/schema/tables';
import { formatDateOrDateTime, normalizeDisplaySettings, type DisplaySettings } from '../../shared/format/dates';
import type { Tx } from './db/write';
import { compileCatalog } from '../../shared/i18n/compile';
import { catalogLocale } from '../../shared/i18n/namespaces';
import { readCatalog } from '../../shared/i18n/catalog-files';
import { resolveLocale, type Locale } from '../../shared/i18n/locales';
import type serverMessages from '../../shared/i18n/catalogs/server/en.json';

export type ServerMessageId = keyof typeof serverMessages;
export type Translate = (id: ServerMessageId, values?: Record<string, string | number | Date>) => string;

const instances = new Map<Locale, I18n>();

function instanceFor(locale: Locale): I18n {
  let i18n = instances.get(locale);
  if (!i18n) {
    const messages = { ...compileCatalog(readCatalog('common', catalogLocale('common', locale))), ...compileCatalog(readCatalog('server', catalogLocale('server', locale))) };
    i18n = setupI18n({ locale, messages: { [locale]: messages } });
    instances.set(locale, i18n);
  }
  return i18n;
}

/**
 * The translate function for one recipient: their chosen language (display settings), else the
 * best match of the languages their device last sent (Accept-Language), else English.
 */
export function translatorFor(chosen: string | null | undefined, deviceLanguages: readonly string[] = []): { locale: Locale; t: Translate } {
  const locale = resolveLocale(chosen, deviceLanguages);
  const i18n = instanceFor(locale);
  return { locale, t: (id, values) => i18n._(id, values) };
}

/**
 * English, for a reader with no account (a guest, a newcomer) or no longer found. Compiled at its
 * first use, not when a module that may need it is imported.
 */
export const english: Translate = (id, values) => translatorFor('en').t(id, values);

/**
 * A server message before its reader is known (an error thrown deep in a fetch): its id and values,
 * a value possibly another such message (a noun). `say` writes it in a reader's language.
 */
export type ServerText = { id: ServerMessageId; values?: Record<string, string | number | ServerText> };

export function say(t: Translate, text: ServerText): string {
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(text.values ?? {})) values[name] = typeof value === 'object' ? say(t, value) : value;
  return t(text.id, values);
}

/** The English of a server message (the spec's words; logs, API answers, an Error's `message`). */
export function inEnglish(text: ServerText): string {
  return say(english, text);
}

/** What the server needs to write to one person: their language and how they read dates. */
export type Recipient = { locale: Locale; t: Translate; settings: DisplaySettings; when: (value: string | null | undefined) => string };

/**
 * A user as a reader of push notifications and e-mails (issue 24, docs/decisions.md "Languages"):
 * the language of their display settings, else the best match of the languages their browser
 * sent at their latest sign-in (sessions.languages), else English; dates in their display settings.
 */
export function recipientFor(tx: Tx, userId: string): Recipient {
  const row = tx
    .select({ language: displaySettings.language, timezone: displaySettings.timezone, dateFormat: displaySettings.dateFormat, timeFormat: displaySettings.timeFormat, use24Hour: displaySettings.use24Hour })
    .from(displaySettings)
    .where(and(eq(displaySettings.user_id, userId), isNull(displaySettings.deleted_at)))
    .get();
  // The latest sign-in: two sessions begun in the same millisecond are told apart by which was stored last.
  const session = row?.language
    ? undefined
    : tx.select({ languages: sessions.languages }).from(sessions).where(eq(sessions.user_id, userId)).orderBy(desc(sessions.last_seen_at), desc(sessions.created_at), sql`rowid desc`).limit(1).get();
  const { locale, t } = translatorFor(row?.language, session?.languages?.split(',') ?? []);
  const settings = normalizeDisplaySettings(row);
  return { locale, t, settings, when: (value) => formatDateOrDateTime(value, settings, locale) };
}

/** The translate function of a host (their user as `recipientFor` reads them), English when the host profile is gone. */
export function hostTranslator(tx: Tx, hostProfileId: string): Translate {
  const host = tx.select({ userId: hostProfiles.user_id }).from(hostProfiles).where(eq(hostProfiles.id, hostProfileId)).get();
  return host ? recipientFor(tx, host.userId).t : english;
}
