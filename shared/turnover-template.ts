/**
 * The default turnover template every host starts with (docs/decisions.md "Turnover tasks for
 * everyone"): the standard checklist between a check-out and the next check-in. A booking's
 * turnover task is made from the host's default template, so a new host gets turnovers from its
 * first booking; the host edits or replaces it on the templates screen. The demo host's turnover
 * template is this one too (shared/demo/catalog.ts).
 */
import { itemKey, TRANSLATION_LOCALES, type Translation, type TranslationLocale, type Translations } from './host-text';

export const DEFAULT_TURNOVER_TEMPLATE = {
  name: 'Turnover cleaning',
  task_category: 'cleaning',
  description: 'Full clean and reset between a check-out and the next check-in.',
  checklist: [
    'Strip beds and start laundry',
    'Make beds with fresh linen',
    'Clean and sanitise bathrooms',
    'Clean kitchen and run the dishwasher',
    'Vacuum and mop all floors',
    'Empty bins and replace liners',
    'Restock toiletries, coffee and toilet paper',
    'Check for damage and items left behind',
    'Photograph the finished rooms',
  ],
  estimated_duration: 150,
  priority_level: 'medium',
  special_instructions: 'Report any damage with photos before starting.',
} as const;

type TemplateTexts = { name: string; description: string; special_instructions: string; checklist: readonly string[] };

/**
 * The standard turnover template in the languages of the staff app, so that a housekeeper reads a
 * new host's checklist in her language from the first turnover (the host edits or replaces them).
 */
const DEFAULT_TURNOVER_IN: Readonly<Record<TranslationLocale, TemplateTexts>> = {
  es: {
    name: 'Limpieza de salida',
    description: 'Limpieza completa y puesta a punto entre una salida y la siguiente llegada.',
    special_instructions: 'Antes de empezar, informa de cualquier daño con fotos.',
    checklist: [
      'Quitar la ropa de cama y poner la lavadora',
      'Hacer las camas con ropa limpia',
      'Limpiar y desinfectar los baños',
      'Limpiar la cocina y poner el lavavajillas',
      'Aspirar y fregar todos los suelos',
      'Vaciar las papeleras y cambiar las bolsas',
      'Reponer artículos de aseo, café y papel higiénico',
      'Revisar daños y objetos olvidados',
      'Fotografiar las habitaciones terminadas',
    ],
  },
  'pt-BR': {
    name: 'Limpeza de troca de hóspedes',
    description: 'Limpeza completa e arrumação entre um check-out e o próximo check-in.',
    special_instructions: 'Antes de começar, informe qualquer dano com fotos.',
    checklist: [
      'Retirar a roupa de cama e colocar para lavar',
      'Arrumar as camas com roupa de cama limpa',
      'Limpar e higienizar os banheiros',
      'Limpar a cozinha e ligar a lava-louças',
      'Aspirar e passar pano em todos os pisos',
      'Esvaziar as lixeiras e trocar os sacos',
      'Repor produtos de higiene, café e papel higiênico',
      'Verificar danos e objetos esquecidos',
      'Fotografar os cômodos prontos',
    ],
  },
};

/**
 * The translations of the default template, for its checklist items' ids (in the template's
 * order); `texts` is the English the translations are of (a demo task may say more than the template).
 */
export function defaultTurnoverTranslations(
  itemIds: readonly string[],
  texts: Pick<TemplateTexts, 'name' | 'description' | 'special_instructions'> = DEFAULT_TURNOVER_TEMPLATE,
): Translations {
  const translations: Translations = {};
  for (const locale of TRANSLATION_LOCALES) {
    const own = DEFAULT_TURNOVER_IN[locale];
    const entries: [string, Translation][] = [
      ['title', { text: own.name, of: texts.name }],
      ['description', { text: own.description, of: texts.description }],
      ['instructions', { text: own.special_instructions, of: texts.special_instructions }],
      ...itemIds.map((id, i): [string, Translation] => [itemKey(id), { text: own.checklist[i] ?? '', of: DEFAULT_TURNOVER_TEMPLATE.checklist[i] ?? '' }]),
    ];
    translations[locale] = Object.fromEntries(entries.filter(([, value]) => value.text && value.of));
  }
  return translations;
}
