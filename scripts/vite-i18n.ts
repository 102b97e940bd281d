/**
 * Vite plugin: the message catalogs of shared/i18n/catalogs, compiled at build time (Lingui's
 * compiler) into one small module per namespace and locale, so the browser ships no ICU parser.
 *
 * `virtual:i18n-catalogs` exports `loaders`, keyed `namespace/locale` (the languages each namespace
 * is written in, shared/i18n/catalogs.ts), each a dynamic import of
 * one compiled catalog (a chunk of its own, precached by the service worker like every asset);
 * `virtual:i18n-catalog/<namespace>/<locale>` is one catalog, for a static import (the English
 * `common` catalog is in the entry so that the first screen waits for nothing).
 */
import type { Plugin } from 'vite';
import { compileCatalog } from '../shared/i18n/compile';
import { CLIENT_NAMESPACES, NAMESPACE_LOCALES } from '../shared/i18n/namespaces';
import { catalogPath, readCatalog } from '../shared/i18n/catalog-files';
import { isLocale } from '../shared/i18n/locales';

const LOADERS_ID = 'virtual:i18n-catalogs';
const CATALOG_PREFIX = 'virtual:i18n-catalog/';
/** English `common` as the entry carries it: without the messages only a signed-in area shows. */
const START_ID = 'virtual:i18n-catalog-start';

/**
 * Ids of `common` that only a signed-in area shows (its frame, the sync pill, tasks,
 * notifications): left out of the entry's English, so that the first screen stays within its
 * budget; they come with the full catalog, loaded at start (client/src/i18n/index.ts).
 */
export const AREA_ONLY_PREFIXES = [
  'nav.', 'shell.', 'sync.', 'task.', 'property.', 'notification.', 'notifications.', 'push.', 'storage.', 'install.',
  'write.', 'userMenu.', 'role.', 'duration.', 'list.', 'table.', 'onlineOnly.', 'alertsPrompt.', 'status.', 'source.',
] as const;

/** `fullStart`: the entry's English carries every common message (unit tests, which start no language). */
export function i18nCatalogs({ fullStart = false }: { fullStart?: boolean } = {}): Plugin {
  return {
    name: 'staykeep-i18n-catalogs',
    resolveId(id) {
      if (id === LOADERS_ID || id === START_ID || id.startsWith(CATALOG_PREFIX)) return `\0${id}`;
      return undefined;
    },
    load(id) {
      if (id === `\0${LOADERS_ID}`) return loadersModule();
      if (id === `\0${START_ID}`) {
        this.addWatchFile(catalogPath('common', 'en'));
        const all = readCatalog('common', 'en');
        const kept = fullStart ? all : Object.fromEntries(Object.entries(all).filter(([key]) => !AREA_ONLY_PREFIXES.some((prefix) => key.startsWith(prefix))));
        return `export default JSON.parse(${JSON.stringify(JSON.stringify(compileCatalog(kept)))});`;
      }
      if (!id.startsWith(`\0${CATALOG_PREFIX}`)) return undefined;
      const [namespace, locale] = id.slice(CATALOG_PREFIX.length + 1).split('/');
      const known = (CLIENT_NAMESPACES as readonly string[]).includes(namespace ?? '');
      if (!known || !isLocale(locale) || !NAMESPACE_LOCALES[namespace as (typeof CLIENT_NAMESPACES)[number]].includes(locale)) throw new Error(`No message catalog ${namespace}/${locale}`);
      const ns = namespace as (typeof CLIENT_NAMESPACES)[number];
      this.addWatchFile(catalogPath(ns, locale));
      // JSON.parse of a string literal parses faster than the same object as JavaScript.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(compileCatalog(readCatalog(ns, locale))))});`;
    },
  };
}

function loadersModule(): string {
  const entries = CLIENT_NAMESPACES.flatMap((namespace) =>
    NAMESPACE_LOCALES[namespace].map((locale) => `  ${JSON.stringify(`${namespace}/${locale}`)}: () => import(${JSON.stringify(`${CATALOG_PREFIX}${namespace}/${locale}`)}),`),
  );
  return `export const loaders = {\n${entries.join('\n')}\n};\n`;
}
