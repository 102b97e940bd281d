/**
 * The page's language (issue 24): Lingui's runtime with the catalogs compiled at build time
 * (scripts/vite-i18n.ts, catalogs in shared/i18n/catalogs).
 *
 * The language is the user's choice (their display settings, kept on this device under
 * LANGUAGE_KEY so that the next start speaks it before any data is read), else the best match of
 * `navigator.languages`, else English. Only the active language's catalogs are loaded: English
 * `common` is in the entry, every other catalog is a small chunk. The service worker precaches
 * `common` and `account` in every language, and an area's own catalogs (every language of them)
 * come with its code, cached for the role that signs in (vite.config.ts), so switching language
 * works offline. An area loads its own namespace before its first page.
 */
import { setupI18n } from '@lingui/core';
import englishStart from 'virtual:i18n-catalog-start';
import { loaders } from 'virtual:i18n-catalogs';
import { catalogLocale, type ClientNamespace } from '../../../shared/i18n/namespaces';
import { isLocale, LOCALES, resolveLocale, SOURCE_LOCALE, type Locale } from '../../../shared/i18n/locales';
import type { MessageId, MessageValues } from './message-ids';
import { registerLanguageControl } from './language-control';
import { keepWorkerTexts } from '../pwa/worker-texts';
import { whenIdle } from '../lib/when-idle';

export type { MessageId, MessageValues } from './message-ids';

export const i18n = setupI18n({ locale: SOURCE_LOCALE, messages: { [SOURCE_LOCALE]: englishStart } });

/** localStorage key of the user's chosen language on this device (absent: the device's language). */
export const LANGUAGE_KEY = 'staykeep.language';

// English `common` in the entry lacks what only a signed-in area shows (scripts/vite-i18n.ts): the
// whole catalog is loaded at start like any other language's, so none counts as loaded yet.
const loaded = new Map<Locale, Set<ClientNamespace>>();
const wanted = new Set<ClientNamespace>(['common']);
/** Catalogs on their way (`locale/namespace`): a second ask meanwhile waits for the same load. */
const loading = new Map<string, Promise<void>>();

async function ensureLoaded(locale: Locale, namespaces: Iterable<ClientNamespace>): Promise<void> {
  const have = loaded.get(locale) ?? new Set<ClientNamespace>();
  loaded.set(locale, have);
  const missing = [...namespaces].filter((namespace) => !have.has(namespace));
  await Promise.all(
    missing.map((namespace) => {
      const key = `${locale}/${namespace}`;
      let load = loading.get(key);
      if (!load) {
        load = loadCatalog(locale, namespace)
          .then(() => void have.add(namespace))
          .finally(() => loading.delete(key));
        loading.set(key, load);
      }
      return load;
    }),
  );
}

async function loadCatalog(locale: Locale, namespace: ClientNamespace): Promise<void> {
  // A namespace not yet written in this language shows in English.
  const load = loaders[`${namespace}/${catalogLocale(namespace, locale)}`];
  if (!load) throw new Error(`No catalog ${namespace} for ${locale}`);
  i18n.load(locale, (await load()).default);
}

function deviceLanguages(): readonly string[] {
  return typeof navigator === 'undefined' ? [] : navigator.languages ?? [navigator.language];
}

/** The language chosen on this device, or null for the device's own. */
export function chosenLanguage(): Locale | null {
  try {
    const value = localStorage.getItem(LANGUAGE_KEY);
    return isLocale(value) ? value : null;
  } catch {
    return null;
  }
}

/** The language the device itself prefers, among ours. */
export function deviceLocale(): Locale {
  return resolveLocale(null, deviceLanguages());
}

export function activeLocale(): Locale {
  return isLocale(i18n.locale) ? i18n.locale : SOURCE_LOCALE;
}

/** The worker texts being kept (activate). */
let keeping: Promise<void> = Promise.resolve();

async function activate(locale: Locale): Promise<void> {
  await ensureLoaded(locale, wanted);
  i18n.activate(locale);
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
  // The service worker speaks it too, with no page open (pwa/worker-texts.ts): kept when the page
  // is idle, out of the start's work, one language after another in the order they applied.
  const messages = i18n.messages;
  whenIdle(() => {
    keeping = keeping.then(() => keepWorkerTexts(locale, messages)).catch(() => undefined);
  });
}

/** At start, before the first render: the language of this device's last choice, or its own. */
export function startI18n(): Promise<void> {
  return activate(resolveLocale(chosenLanguage(), deviceLanguages()));
}

/**
 * Switches to the user's choice (null: the device's language) at once, offline too, and keeps it
 * for the next start. The display settings call this when the setting changes or arrives.
 */
export async function setLanguage(choice: Locale | null): Promise<void> {
  try {
    if (choice) localStorage.setItem(LANGUAGE_KEY, choice);
    else localStorage.removeItem(LANGUAGE_KEY);
  } catch {
    // Private mode or a full disk: the language still applies for this visit.
  }
  const locale = resolveLocale(choice, deviceLanguages());
  if (locale !== activeLocale()) await activate(locale);
}

/**
 * An area's messages, loaded before its first page (its route's beforeLoad). Every area shows the
 * profile, so an area brings `account` too (and so does any later load: it is small); the public
 * pages of `account` (reset, invitation, registration, setup) and the sign-in's second step load it
 * themselves. Loads the active language's catalogs of every namespace wanted so far.
 */
export function loadNamespace(namespace: Exclude<ClientNamespace, 'common'>): Promise<void> {
  wanted.add(namespace).add('account');
  return ensureLoaded(activeLocale(), wanted);
}

/**
 * Every language's catalogs of the namespaces in use, loaded now (the language picker calls it):
 * a switch made afterwards needs no network, whatever the service worker holds. A few KB each.
 */
export function preloadLanguages(): Promise<unknown> {
  return Promise.all(LOCALES.map((locale) => ensureLoaded(locale, wanted)));
}

/** A message outside React (toasts from plain modules, document titles, the service worker's page). */
export function t(id: MessageId, values?: MessageValues): string {
  // Not kept like useT's texts (translate.ts): rarely called, and sharing that module with the
  // entry would make it a file of its own on the first screen.
  return i18n._(id, values);
}

// lib/display.tsx applies the synced setting through this (it must not import this module).
registerLanguageControl({ setLanguage, activeLocale });
