/**
 * Problem reports (docs/decisions.md "Problem reports"): the words both sides use for a report's
 * category and severity, and how a report becomes its maintenance task. Pure, so the server's
 * writer and the screens agree.
 */
import type { ProblemCategory, ProblemSeverity } from './enums';
import type { PRIORITY_LEVELS } from './enums';

export const PROBLEM_CATEGORY_LABELS: Record<ProblemCategory, string> = {
  damage: 'Damage',
  plumbing: 'Plumbing',
  electrical: 'Electrical',
  appliance: 'Appliance',
  supplies: 'Supplies',
  cleanliness: 'Cleanliness',
  other: 'Other',
};

export const PROBLEM_SEVERITY_LABELS: Record<ProblemSeverity, string> = { low: 'Low', normal: 'Normal', urgent: 'Urgent' };

/** The maintenance task's priority for a report's severity. */
export function priorityOfSeverity(severity: ProblemSeverity): (typeof PRIORITY_LEVELS)[number] {
  return severity === 'urgent' ? 'urgent' : severity === 'low' ? 'low' : 'medium';
}

/** The maintenance task's title: the category and the start of what was said. */
export function maintenanceTitle(category: ProblemCategory, description: string): string {
  const words = description.trim().replace(/\s+/g, ' ');
  const short = words.length > 60 ? `${words.slice(0, 57).trimEnd()}…` : words;
  return `${PROBLEM_CATEGORY_LABELS[category]}: ${short}`;
}

/** The task category of the tasks problem reports become (task categories are free text; the screens offer it). */
export const MAINTENANCE_CATEGORY = 'maintenance';
