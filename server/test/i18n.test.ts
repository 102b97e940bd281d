import { describe, expect, it } from 'vitest';
import { NOTIFICATION_TITLES } from '../../shared/messages';
import { translatorFor } from '../src/i18n';

describe('translatorFor', () => {
  it('speaks the chosen language, with ICU plurals', () => {
    expect(translatorFor('es').t('server.push.changeNotKept.body', { count: 1, what: '"Baño" en Casa Azul' })).toBe(
      'Un cambio que hiciste en la lista de "Baño" en Casa Azul no se pudo guardar: mientras tanto, el elemento se había quitado de la lista.',
    );
    expect(translatorFor('pt-BR').t('server.push.changeNotKept.body', { count: 3, what: 'x' })).toMatch(/^3 alterações .* não puderam ser mantidas:/);
    expect(translatorFor('en').t('server.push.changeNotKept.body', { count: 2, what: 'x' })).toBe(
      '2 checklist changes you made on x could not be kept: the item had been removed from the checklist meanwhile.',
    );
  });

  it("falls back to the device's languages, then English", () => {
    expect(translatorFor(null, ['pt-PT', 'en']).locale).toBe('pt-BR');
    expect(translatorFor(undefined, ['es-MX']).locale).toBe('es');
    expect(translatorFor('klingon', ['fr-FR', 'de']).locale).toBe('en');
  });

  it("keeps the product's English notification titles word for word", () => {
    const { t } = translatorFor('en');
    expect(t('server.push.taskAssigned.title')).toBe(NOTIFICATION_TITLES.taskAssigned);
    expect(t('server.push.taskUpdate.title')).toBe(NOTIFICATION_TITLES.taskUpdate);
    expect(t('server.push.urgentTask.title')).toBe(NOTIFICATION_TITLES.urgentTask);
    expect(t('server.push.taskOverdue.title')).toBe(NOTIFICATION_TITLES.taskOverdue);
    expect(t('server.push.changeNotKept.title')).toBe(NOTIFICATION_TITLES.changeNotKept);
    expect(t('server.push.workBeforeReassignment.title')).toBe(NOTIFICATION_TITLES.workBeforeReassignment);
  });
});
