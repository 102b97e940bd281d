import { describe, expect, it } from 'vitest';
import { translatorFor } from '../src/i18n';

describe('translatorFor', () => {
  it('speaks the chosen language, with ICU plurals', () => {
    expect(translatorFor('es').t('server.push.tasksOverdue', { count: 1 })).toBe('1 tarea está atrasada');
    expect(translatorFor('pt-BR').t('server.push.tasksOverdue', { count: 3 })).toBe('3 tarefas estão atrasadas');
    expect(translatorFor('en').t('server.push.tasksOverdue', { count: 2 })).toBe('2 tasks are overdue');
  });

  it("falls back to the device's languages, then English", () => {
    expect(translatorFor(null, ['pt-PT', 'en']).locale).toBe('pt-BR');
    expect(translatorFor(undefined, ['es-MX']).locale).toBe('es');
    expect(translatorFor('klingon', ['fr-FR', 'de']).locale).toBe('en');
  });
});
