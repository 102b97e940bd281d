/**
 * The writer of problem reports: a new report is completed and filed (service.ts `fileReport`:
 * its stay, its maintenance task, the host told) in the write's transaction. Reports are never
 * rewritten (the policy grants no update); a host may remove one, which leaves its task.
 */
import { TABLE_IDS, requireTable } from '../../../../shared/registry';
import { insertRow } from '../../db/write';
import { writerWith, type Writer } from '../../write/writer';
import { fileReport } from './service';

const REPORTS = requireTable(TABLE_IDS.problem_reports);

export const problemReportWriter: Writer = writerWith(REPORTS, {
  create: (tx, ctx, values) => {
    const at = ctx.at ? { at: ctx.at } : {};
    insertRow(tx, REPORTS, fileReport(tx, { actor: ctx.actor, now: ctx.now, publicOrigin: ctx.publicOrigin, ...at }, values), ctx.now);
  },
});
