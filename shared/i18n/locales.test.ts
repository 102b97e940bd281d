import { describe, expect, it } from 'vitest';
import { bestLocale, resolveLocale } from './locales';
import { parseAcceptLanguage } from './accept-language';

describe('bestLocale', () => {
  it('takes an exact match first, in order of preference', () => {
    expect(bestLocale(['pt-BR', 'es'])).toBe('pt-BR');
    expect(bestLocale(['ES', 'pt-BR'])).toBe('es');
  });
  it('takes a tag of the same language', () => {
    expect(bestLocale(['pt'])).toBe('pt-BR');
    expect(bestLocale(['pt-PT'])).toBe('pt-BR');
    expect(bestLocale(['es_AR'])).toBe('es');
    expect(bestLocale(['fr', 'es-419'])).toBe('es');
  });
  it('falls back to English', () => {
    expect(bestLocale([])).toBe('en');
    expect(bestLocale(['fr-FR', 'de'])).toBe('en');
  });
});

describe('resolveLocale', () => {
  it("keeps a user's choice over the device's languages", () => {
    expect(resolveLocale('es', ['pt-BR'])).toBe('es');
    expect(resolveLocale(null, ['pt-BR'])).toBe('pt-BR');
    expect(resolveLocale('xx', ['pt-BR'])).toBe('pt-BR');
  });
});

describe('parseAcceptLanguage', () => {
  it('orders the tags by weight, keeping the header order for equal weights', () => {
    expect(parseAcceptLanguage('pt-BR,pt;q=0.9,en-US;q=0.8,en;q=0.7')).toEqual(['pt-BR', 'pt', 'en-US', 'en']);
    expect(parseAcceptLanguage('en;q=0.5, es-MX')).toEqual(['es-MX', 'en']);
  });
  it('drops the wildcard, zero weights and junk', () => {
    expect(parseAcceptLanguage('*, fr;q=0, <script>, es;q=0.3')).toEqual(['es']);
    expect(parseAcceptLanguage(undefined)).toEqual([]);
    expect(parseAcceptLanguage('')).toEqual([]);
  });
  it('gives resolveLocale what it needs', () => {
    expect(resolveLocale(null, parseAcceptLanguage('fr-FR,pt;q=0.8'))).toBe('pt-BR');
  });
});
