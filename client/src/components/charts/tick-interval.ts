/**
 * How many category labels an axis skips between two it shows, so that they do not overlap,
 * worked out from the labels' lengths instead of measured. Recharts' own `preserveStartEnd` and
 * `preserveEnd` measure every label in the DOM (a span, its text, a forced layout), dozens per
 * chart, and under Lighthouse's trace each forced layout also records its stack (a chart's task
 * there took 200 to 350 ms). A numeric interval draws every (interval + 1)-th label from the first.
 */

/** An upper bound of a label's width at the charts' 12 px: wide glyphs (digits, capitals) are about 0.62 em. */
export function labelWidth(label: string, fontSize = 12): number {
  return Math.ceil(label.length * fontSize * 0.62);
}

/**
 * Labels along the bottom, each centred in its band of `room / labels.length` pixels: the interval
 * at which the widest label with a gap of 8 px fits.
 */
export function bottomLabelInterval(labels: readonly string[], room: number): number {
  if (labels.length < 2 || room <= 0) return 0;
  const widest = Math.max(...labels.map((label) => labelWidth(label)));
  const band = room / labels.length;
  return Math.max(0, Math.ceil((widest + 8) / band) - 1);
}

/** Labels down the side, one line of about 16 px each: the interval at which they do not touch. */
export function sideLabelInterval(count: number, room: number, lineHeight = 16): number {
  if (count < 2 || room <= 0) return 0;
  return Math.max(0, Math.ceil(lineHeight / (room / count)) - 1);
}
