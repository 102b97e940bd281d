/** axe-core on a page as it has settled: its serious and critical violations, one line each. */
import type { Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';

/**
 * Waits for the page's finite animations (a toast fading in, a dialog opening) to end: axe reads
 * colours as they are painted, so text half-way through a fade reads as low contrast. Endless ones
 * (a spinner, a skeleton's pulse) never end and are left running.
 */
async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.playState === 'running' && Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/** The serious and critical violations on the page, or within `scope` (a CSS selector) when given. */
export async function seriousViolations(page: Page, scope?: string): Promise<string[]> {
  await settleAnimations(page);
  const builder = new AxeBuilder({ page });
  const result = await (scope ? builder.include(scope) : builder).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
