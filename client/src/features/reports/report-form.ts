/**
 * A problem report as the form holds it, its check (the server's rules: a description of at most
 * 5000 characters, a known category and severity) and the write it becomes: a create on the
 * synced problem_reports table through the outbox, so a report made offline reaches the host when
 * the device is back online (docs/decisions.md "Problem reports").
 */
import { PROBLEM_CATEGORIES, PROBLEM_SEVERITIES, type ProblemCategory, type ProblemSeverity } from '../../../../shared/enums';
import { TABLE } from '../../data/tables';
import type { WriteRequest } from '../../sync/mutate';
import type { MessageId, MessageValues } from '../../i18n';

type Translate = (id: MessageId, values?: MessageValues) => string;

export type ReportDraft = { category: ProblemCategory; severity: ProblemSeverity; description: string };

export const EMPTY_REPORT: ReportDraft = { category: 'damage', severity: 'normal', description: '' };

export const MAX_DESCRIPTION = 5000;

/** The choices of the form, in the reader's language (ids of the `common` catalog). */
export const CATEGORY_LABELS: Record<ProblemCategory, MessageId> = {
  damage: 'report.category.damage',
  plumbing: 'report.category.plumbing',
  electrical: 'report.category.electrical',
  appliance: 'report.category.appliance',
  supplies: 'report.category.supplies',
  cleanliness: 'report.category.cleanliness',
  other: 'report.category.other',
};
export const SEVERITY_LABELS: Record<ProblemSeverity, MessageId> = { low: 'report.severity.low', normal: 'report.severity.normal', urgent: 'report.severity.urgent' };

export function categoryOptions(t: Translate): { value: ProblemCategory; label: string }[] {
  return PROBLEM_CATEGORIES.map((value) => ({ value, label: t(CATEGORY_LABELS[value]) }));
}

export function severityOptions(t: Translate): { value: ProblemSeverity; label: string }[] {
  return PROBLEM_SEVERITIES.map((value) => ({ value, label: t(SEVERITY_LABELS[value]) }));
}

/** What is wrong with the draft, by field (message ids); empty when it may be sent. */
export function reportErrors(draft: ReportDraft): Partial<Record<keyof ReportDraft, { id: MessageId; values?: MessageValues }>> {
  const text = draft.description.trim();
  if (!text) return { description: { id: 'report.error.empty' } };
  if (text.length > MAX_DESCRIPTION) return { description: { id: 'report.error.tooLong', values: { max: MAX_DESCRIPTION } } };
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
