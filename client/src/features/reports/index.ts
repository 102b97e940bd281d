/**
 * Problem reports: a housekeeper's "Report a problem" (from a task or a property, offline through
 * the outbox) and the host's view of a report on its maintenance task.
 */
export { ReportProblemButton } from './ReportProblemButton';
export { ProblemReportPanel } from './ProblemReportPanel';
export { PropertyReports } from './PropertyReports';
