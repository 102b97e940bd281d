import { describe, expect, it } from 'vitest';
import type { CompiledMessage } from '@lingui/message-utils/compileMessage';
import { compileCatalog } from './compile';
import { NAMESPACE_LOCALES, NAMESPACES } from './namespaces';
import { existsSync } from 'node:fs';
import { catalogPath } from './catalog-files';
import { readCatalog } from './catalog-files';
import { LOCALES, SOURCE_LOCALE } from './locales';

/** The argument names a compiled message uses, with the plural or select cases each one has. */
function argumentsOf(message: CompiledMessage, into = new Set<string>()): Set<string> {
  for (const token of message) {
    if (typeof token === 'string') continue;
    const [name, type, format] = token;
    into.add(type ? `${name}:${type}` : name);
    if (format && typeof format === 'object' && !Array.isArray(format)) {
      for (const [key, choice] of Object.entries(format)) if (key !== 'offset' && Array.isArray(choice)) argumentsOf(choice as CompiledMessage, into);
    }
  }
  return into;
}

describe.each(NAMESPACES)('the %s catalogs', (namespace) => {
  const source = readCatalog(namespace, SOURCE_LOCALE);
  const compiledSource = compileCatalog(source);

  const locales = NAMESPACE_LOCALES[namespace];

  it('has a file for each of its languages and none for the others', () => {
    for (const locale of LOCALES) expect(existsSync(catalogPath(namespace, locale)), `${namespace}/${locale}.json`).toBe(locales.includes(locale));
  });

  it.each(locales)('%s has every message of English and no other', (locale) => {
    const ids = Object.keys(readCatalog(namespace, locale)).sort();
    expect(ids).toEqual(Object.keys(source).sort());
  });

  it.each(locales)('%s: every message is valid ICU, not empty, with the arguments of English', (locale) => {
    const raw = readCatalog(namespace, locale);
    const compiled = compileCatalog(raw);
    for (const [id, message] of Object.entries(compiled)) {
      expect(raw[id]?.trim(), `${locale} ${id} is empty`).not.toBe('');
      const english = compiledSource[id];
      if (english) expect([...argumentsOf(message)].sort(), `${locale} ${id}`).toEqual([...argumentsOf(english)].sort());
    }
  });

  it('every plural and select has an `other` case', () => {
    for (const locale of locales) {
      for (const [id, message] of Object.entries(readCatalog(namespace, locale))) {
        const choices = message.match(/,\s*(plural|select|selectordinal)\s*,/g)?.length ?? 0;
        const others = message.match(/(^|[\s}])other\s*\{/g)?.length ?? 0;
        expect(others, `${locale} ${id}`).toBeGreaterThanOrEqual(choices);
      }
    }
  });
});

describe('compileCatalog', () => {
  it('names the message that is not valid ICU', () => {
    expect(() => compileCatalog({ 'a.b': '{count, plural, one {x}' })).toThrow(/"a\.b"/);
  });
});

describe('message ids', () => {
  it('are unique across namespaces and carry their namespace (common ids carry none)', () => {
    const owner = new Map<string, string>();
    for (const namespace of NAMESPACES) {
      for (const id of Object.keys(readCatalog(namespace, SOURCE_LOCALE))) {
        expect(owner.get(id), `${id} is in ${owner.get(id)} and ${namespace}`).toBeUndefined();
        owner.set(id, namespace);
        const prefix = id.split('.')[0] ?? '';
        if (namespace === 'common') expect(NAMESPACES as readonly string[], id).not.toContain(prefix);
        else expect(prefix, id).toBe(namespace);
      }
    }
  });
});
