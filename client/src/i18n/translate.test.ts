import { describe, expect, it, vi } from 'vitest';
import { setupI18n } from '@lingui/core';
import { translate } from './translate';
import type { MessageId } from './message-ids';

const greeting = 'test.greeting' as MessageId;
const named = 'test.named' as MessageId;

function setUp() {
  const i18n = setupI18n({
    locale: 'en',
    messages: { en: { [greeting]: ['Hello'], [named]: ['Hello ', ['name']] }, es: { [greeting]: ['Hola'], [named]: ['Hola ', ['name']] } },
  });
  return { i18n, format: vi.spyOn(i18n, '_') };
}

describe('translate', () => {
  it('formats a message without values once, and one with values on every call', () => {
    const { i18n, format } = setUp();
    expect(translate(i18n, greeting)).toBe('Hello');
    expect(translate(i18n, greeting)).toBe('Hello');
    expect(format).toHaveBeenCalledTimes(1);
    expect(translate(i18n, named, { name: 'Ana' })).toBe('Hello Ana');
    expect(translate(i18n, named, { name: 'Rui' })).toBe('Hello Rui');
    expect(format).toHaveBeenCalledTimes(3);
  });

  it('reads anew after the language changes or a catalog is loaded', () => {
    const { i18n } = setUp();
    expect(translate(i18n, greeting)).toBe('Hello');
    i18n.activate('es');
    expect(translate(i18n, greeting)).toBe('Hola');
    i18n.load('es', { [greeting]: ['¡Hola!'] });
    expect(translate(i18n, greeting)).toBe('¡Hola!');
  });

  it('keeps each instance apart', () => {
    const english = setUp().i18n;
    const spanish = setUp().i18n;
    spanish.activate('es');
    expect(translate(english, greeting)).toBe('Hello');
    expect(translate(spanish, greeting)).toBe('Hola');
  });
});
