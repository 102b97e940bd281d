/**
 * Housekeeping tasks as both areas see them: the task dialog (where a housekeeper works and a
 * host watches), the task table, and the rules of a task's status, days and schedule. The host's
 * housekeeping page, the dashboards, a property's page and the housekeeper's pages use them.
 */
export { TaskDialog } from './TaskDialog';
export { TasksTable } from './TasksTable';
export { PriorityBadge, TaskStatusBadge, useTaskLabels, TASK_STATUS_LABEL, PRIORITY_LABEL, PROPERTY_TYPE_LABEL } from './task-labels';
export { isOpen, isOverdue, mapLink, taskDay } from './task-rules';
export { completeTask, startTask } from './mutations';
export { dayOrder, dayProgress, daysFrom, plannedDay, weekStart } from './task-days';
export { assignmentWarnings, hoursOn, joinSchedule, minutesOf, splitSchedule, taskSlot, timeOf, weekdayOf } from './schedule-rules';
