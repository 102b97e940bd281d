/**
 * Performance marks the host screens leave for the benchmark (bench/host-screens.ts): from the
 * route's start to the first paint of the figures. Kept apart from the pages so that route files
 * can set the start mark without pulling the page code into the main bundle.
 */
export const MARKS = {
  calendar: { start: 'calendar:route-start', painted: 'calendar:rows-painted', measure: 'calendar:render' },
  dashboard: { start: 'dashboard:route-start', painted: 'dashboard:figures-painted', measure: 'dashboard:render' },
} as const;

type Marks = (typeof MARKS)[keyof typeof MARKS];

/** At a route's start: forget the marks of an earlier visit, so each visit is measured afresh. */
export function markRouteStart(marks: Marks): void {
  if (typeof performance === 'undefined') return;
  for (const name of [marks.start, marks.painted]) performance.clearMarks(name);
  performance.clearMeasures(marks.measure);
  performance.mark(marks.start);
}

/** Once the figures are on screen: the first call of a visit marks and measures, later ones do nothing. */
export function markPainted(marks: Marks): void {
  if (typeof performance === 'undefined' || performance.getEntriesByName(marks.painted).length) return;
  performance.mark(marks.painted);
  if (performance.getEntriesByName(marks.start).length) performance.measure(marks.measure, marks.start, marks.painted);
}
