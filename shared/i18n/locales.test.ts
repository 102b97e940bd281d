import { describe, expect, it } from 'vitest';
import { bestLocale, resolveLocale } from './locales';

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
