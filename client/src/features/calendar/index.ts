/** The calendar: the host's multi-property timeline page, and the timeline a property's page reuses. */
export { HostCalendarPage } from './CalendarPage';
export { Timeline } from './Timeline';
export { layoutTimeline } from './timeline';
