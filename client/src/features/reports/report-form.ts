/**
 * A problem report as the form holds it, its check (the server's rules: a description of at most
 * 5000 characters, a known category and severity) and the write it becomes: a create on the
 * synced problem_reports table through the outbox, so a report made offline reaches the host when
 * the device is back online (docs/decisions.md "Problem reports").
 */
import { PROBLEM_CATEGORIES, PROBLEM_SEVERITIES, type ProblemCategory, type ProblemSeverity } from '../../../../shared/enums';
import { PROBLEM_CATEGORY_LABELS, PROBLEM_SEVERITY_LABELS } from '../../../../shared/problem-reports';
import { TABLE } from '../../data/tables';
import type { WriteRequest } from '../../sync/mutate';

export type ReportDraft = { category: ProblemCategory; severity: ProblemSeverity; description: string };

export const EMPTY_REPORT: ReportDraft = { category: 'damage', severity: 'normal', description: '' };

export const MAX_DESCRIPTION = 5000;

export const CATEGORY_OPTIONS = PROBLEM_CATEGORIES.map((value) => ({ value, label: PROBLEM_CATEGORY_LABELS[value] }));
export const SEVERITY_OPTIONS = PROBLEM_SEVERITIES.map((value) => ({ value, label: PROBLEM_SEVERITY_LABELS[value] }));

/** What is wrong with the draft, by field; empty when it may be sent. */
export function reportErrors(draft: ReportDraft): Partial<Record<keyof ReportDraft, string>> {
  const text = draft.description.trim();
  if (!text) return { description: 'Say what the problem is.' };
  if (text.length > MAX_DESCRIPTION) return { description: `At most ${MAX_DESCRIPTION} characters.` };
  return {};
}

/** Where the problem was found: a property, and the task when reported from one. */
export type ReportPlace = { propertyId: string; taskId?: string | null };

/** `rowId`: the report's id when the device made it first (its photos are kept under it). */
export function reportProblem(place: ReportPlace, draft: ReportDraft, rowId?: string): Extract<WriteRequest, { op: 'create' }> {
  return {
    table: TABLE.problem_reports,
    op: 'create',
    ...(rowId ? { rowId } : {}),
    fields: {
      property_id: place.propertyId,
      task_id: place.taskId ?? null,
      category: draft.category,
      severity: draft.severity,
      description: draft.description.trim(),
    },
  };
}
