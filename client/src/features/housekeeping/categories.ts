import { PRIORITY_LEVELS } from '../../../../shared/enums';
import { humanize } from '../../components/ui/Badge';

/** Task categories offered in the forms (free text on the server; the current value is kept). */
export const TASK_CATEGORIES = ['cleaning', 'laundry', 'maintenance', 'inspection', 'restock', 'other'] as const;

export function categoryOptions(current?: string) {
  const values: string[] = [...TASK_CATEGORIES];
  if (current && !values.includes(current)) values.push(current);
  return values.map((v) => ({ value: v, label: humanize(v) }));
}

export const PRIORITY_OPTIONS = PRIORITY_LEVELS.map((p) => ({ value: p, label: humanize(p) }));
