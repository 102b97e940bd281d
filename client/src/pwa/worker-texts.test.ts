import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { compileCatalog } from '../../../shared/i18n/compile';
import { readCatalog } from '../../../shared/i18n/catalog-files';
import { refusedNotice } from '../sync/background';
import type { Rejection } from '../db/schema';
import { WORKER_MESSAGE_IDS, WORKER_TEXTS_CACHE, keepWorkerTexts, workerTranslator } from './worker-texts';

/** How many times the page wrote the worker texts (memoryCaches). */
let puts = 0;

/** Cache Storage in memory, as much of it as the page and the worker use here. */
function memoryCaches(): CacheStorage {
  const stores = new Map<string, Map<string, Response>>();
  const open = async (name: string) => {
    const store = stores.get(name) ?? new Map<string, Response>();
    stores.set(name, store);
    return {
      put: async (url: string, response: Response) => {
        puts += 1;
        store.set(url, response.clone());
      },
      match: async (url: string) => store.get(url)?.clone(),
    };
  };
  return { open } as unknown as CacheStorage;
}

const rejection = (id: string): Rejection => ({ id, table: 20111, op: 'update', rowId: 't', fields: {}, at: '', rejectedAt: '', error: 'No' });

describe('the service worker speaks the language the page left it', () => {
  beforeEach(() => {
    globalThis.caches = memoryCaches();
  });
  afterEach(() => {
    delete (globalThis as { caches?: CacheStorage }).caches;
  });

  it('says a refusal in Spanish, singular and plural, once the page applied Spanish', async () => {
    await keepWorkerTexts('es', compileCatalog(readCatalog('common', 'es')));
    const translate = await workerTranslator();
    expect(refusedNotice([rejection('m1')], translate)).toEqual({
      title: 'Cambios no guardados',
      body: 'El servidor rechazó un cambio que hiciste sin conexión. Abre Staykeep para ver cuáles y por qué; no se pierde nada hasta que lo descartes.',
    });
    expect(refusedNotice([rejection('m1'), rejection('m2'), rejection('m3')], translate)?.body).toMatch(/^El servidor rechazó 3 cambios que hiciste/);
  });

  it('speaks English with nothing kept, after a switch back to English, and keeps only its own messages', async () => {
    const english = refusedNotice([rejection('m1'), rejection('m2')]);
    expect(refusedNotice([rejection('m1'), rejection('m2')], await workerTranslator())).toEqual(english);
    await keepWorkerTexts('pt-BR', compileCatalog(readCatalog('common', 'pt-BR')));
    expect(refusedNotice([rejection('m1'), rejection('m2')], await workerTranslator())?.title).toBe('Alterações não salvas');
    const kept = (await (await (await caches.open(WORKER_TEXTS_CACHE)).match('/__worker-texts.json'))?.json()) as { messages: Record<string, unknown> };
    expect(Object.keys(kept.messages).sort()).toEqual([...WORKER_MESSAGE_IDS].sort());
    await keepWorkerTexts('en', compileCatalog(readCatalog('common', 'en')));
    expect(refusedNotice([rejection('m1'), rejection('m2')], await workerTranslator())).toEqual(english);
  });

  it('writes only when what it keeps changes: a start in the same language writes nothing', async () => {
    const spanish = compileCatalog(readCatalog('common', 'es'));
    puts = 0;
    await keepWorkerTexts('es', spanish);
    await keepWorkerTexts('es', spanish);
    expect(puts).toBe(1);
    await keepWorkerTexts('pt-BR', compileCatalog(readCatalog('common', 'pt-BR')));
    expect(puts).toBe(2);
    expect(refusedNotice([rejection('m1'), rejection('m2')], await workerTranslator())?.title).toBe('Alterações não salvas');
    await keepWorkerTexts('es', spanish);
    expect(puts).toBe(3);
    expect(refusedNotice([rejection('m1')], await workerTranslator())?.title).toBe('Cambios no guardados');
  });

  it("says in English exactly what the English catalog says (the worker's English is the catalog's)", () => {
    const catalog = readCatalog('common', 'en');
    expect(catalog['sync.refusedNotice.title']).toBe(refusedNotice([rejection('m1')])?.title);
    for (const id of WORKER_MESSAGE_IDS) expect(catalog[id]).toBeTypeOf('string');
  });
});
