/** Reads the catalog files from disk (Node only: the server, the build and the tests). */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RawCatalog } from './compile';
import type { Namespace } from './namespaces';
import type { Locale } from './locales';

export const CATALOG_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'catalogs');

export function catalogPath(namespace: Namespace, locale: Locale): string {
  return path.join(CATALOG_DIR, namespace, `${locale}.json`);
}

export function readCatalog(namespace: Namespace, locale: Locale): RawCatalog {
  return JSON.parse(readFileSync(catalogPath(namespace, locale), 'utf8')) as RawCatalog;
}
