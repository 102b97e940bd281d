/**
 * Writers of housekeeping tasks, staff and task templates. A task write stamps the real time of
 * the work when its status moves (shared/task-times.ts) and raises the task's notifications
 * (service.ts `afterTaskWrite`) in the same transaction.
 */
import { TABLE_IDS, requireTable } from '../../../../shared/registry';
import { workTimeChanges, type TaskTimesRow } from '../../../../shared/task-times';
import { insertRow, updateFields } from '../../db/write';
import { plainWriter, type Writer } from '../../write/writer';
import { afterTaskWrite } from './service';

const TASKS = requireTable(TABLE_IDS.housekeeping_tasks);

export const taskWriter: Writer = {
  ...plainWriter(TASKS),
  create: (tx, ctx, values) => {
    Object.assign(values, workTimeChanges(undefined, values as TaskTimesRow, ctx.at, ctx.now));
    insertRow(tx, TASKS, values, ctx.now);
    afterTaskWrite(tx, ctx.actor, undefined, values, ctx.now);
  },
  update: (tx, ctx, before, changes, after) => {
    if ('task_status' in changes) {
      const times = workTimeChanges(before as TaskTimesRow, changes as TaskTimesRow, ctx.at, ctx.now);
      Object.assign(changes, times);
      Object.assign(after, times);
    }
    updateFields(tx, TASKS, String(before.id), changes, ctx.now, before);
    afterTaskWrite(tx, ctx.actor, before, after, ctx.now);
  },
};

export const staffWriter: Writer = plainWriter(requireTable(TABLE_IDS.housekeeping_staff));

export const templateWriter: Writer = plainWriter(requireTable(TABLE_IDS.task_templates));
