import { describe, expect, it } from 'vitest';
import { TABLE_IDS } from '../../../../shared/table-ids';
import { EMPTY_REPORT, MAX_DESCRIPTION, reportErrors, reportProblem } from './report-form';

describe('problem report form', () => {
  it('needs a description, at most the server allows', () => {
    expect(reportErrors(EMPTY_REPORT).description).toEqual({ id: 'report.error.empty' });
    expect(reportErrors({ ...EMPTY_REPORT, description: '   ' }).description).toEqual({ id: 'report.error.empty' });
    expect(reportErrors({ ...EMPTY_REPORT, description: 'x'.repeat(MAX_DESCRIPTION + 1) }).description).toEqual({ id: 'report.error.tooLong', values: { max: MAX_DESCRIPTION } });
    expect(reportErrors({ ...EMPTY_REPORT, description: 'Broken lamp' })).toEqual({});
  });

  it('is a create on the synced problem reports, naming the property and the task', () => {
    expect(reportProblem({ propertyId: 'p1', taskId: 't1' }, { category: 'plumbing', severity: 'urgent', description: '  Leak  ' })).toEqual({
      table: TABLE_IDS.problem_reports,
      op: 'create',
      fields: { property_id: 'p1', task_id: 't1', category: 'plumbing', severity: 'urgent', description: 'Leak' },
    });
    expect(reportProblem({ propertyId: 'p1' }, { ...EMPTY_REPORT, description: 'x' }).fields).toMatchObject({ task_id: null });
    // The id the device made first, so that the report's photos are kept under it.
    expect(reportProblem({ propertyId: 'p1' }, { ...EMPTY_REPORT, description: 'x' }, 'r1')).toMatchObject({ rowId: 'r1' });
  });
});
