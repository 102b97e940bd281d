import { PRIORITY_LEVELS } from '../../../../shared/enums';

/** Task categories offered in the forms (free text on the server; the current value is kept). */
export const TASK_CATEGORIES = ['cleaning', 'laundry', 'maintenance', 'inspection', 'restock', 'other'] as const;

/** The forms' category options, named by `label` (features/tasks `useTaskLabels().category`). */
export function categoryOptions(label: (value: string) => string, current?: string) {
  const values: string[] = [...TASK_CATEGORIES];
  if (current && !values.includes(current)) values.push(current);
  return values.map((v) => ({ value: v, label: label(v) }));
}

/** The forms' priority options, named by `label` (features/tasks `useTaskLabels().priority`). */
export function priorityOptions(label: (value: string) => string) {
  return PRIORITY_LEVELS.map((p) => ({ value: p, label: label(p) }));
}
