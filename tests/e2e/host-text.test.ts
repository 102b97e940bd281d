/**
 * What a host writes reaches a Spanish-speaking housekeeper in Spanish (shared/host-text.ts): the
 * host translates a task's title and a checklist item; the housekeeper, whose phone speaks Spanish,
 * reads them in Spanish on her task card and in the task dialog, the untranslated item in the
 * original, and "Ver original" shows the host's own words. A translation written for an earlier
 * original is not shown: once the host renames the task, she reads the new English title.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { baseUrl, launchBrowser } from './support/browser';
import { signInAs } from './pages/login-page';
import { hostUpdatesTask, ownStaffTask, ownTaskOnDevice } from './support/own-task';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe("the host's texts in the housekeeper's language", () => {
  it('shows the translations where there are some, the original elsewhere and on request', { timeout: 120_000 }, async () => {
    const title = `Terrace clean ${Date.now().toString(36)}`;
    const task = await ownStaffTask({ task_title: title, checklist: ['Sweep the terrace', 'Water the plants'] });
    const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 390, height: 844 }, locale: 'es-ES' });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    try {
      await signInAs(page, 'staff');
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
      const stored = await ownTaskOnDevice(page, task.id);
      const [sweep] = stored.checklist_items as { id: string; text: string }[];
      await hostUpdatesTask(task, {
        translations: {
          es: {
            title: { text: 'Limpieza de la terraza', of: title },
            [`item:${sweep!.id}`]: { text: 'Barrer la terraza', of: 'Sweep the terrace' },
          },
        },
      });

      await page.goto('/staff/tasks');
      const card = page.locator('.task-card', { hasText: 'Limpieza de la terraza' });
      await expect.poll(() => card.count(), { timeout: 20_000 }).toBe(1);
      await card.click();
      const dialog = page.getByRole('dialog', { name: 'Limpieza de la terraza' });
      await dialog.waitFor();
      await expect.poll(() => dialog.locator('.checklist').innerText()).toMatch(/Barrer la terraza[\s\S]*Water the plants/);

      await dialog.getByRole('button', { name: 'Ver original' }).click();
      // The dialog's title is the original too now.
      const original = page.getByRole('dialog', { name: title });
      await expect.poll(() => original.locator('.checklist').innerText()).toMatch(/Sweep the terrace[\s\S]*Water the plants/);
      await original.getByRole('button', { name: 'Ver traducción' }).click();
      await expect.poll(() => page.getByRole('dialog', { name: 'Limpieza de la terraza' }).count()).toBe(1);
      await page.keyboard.press('Escape');

      // The host renames the task: the Spanish title was written for the old one, so it is not shown.
      await hostUpdatesTask(task, { task_title: `${title} and steps` });
      await expect.poll(() => page.locator('.task-card', { hasText: `${title} and steps` }).count(), { timeout: 20_000 }).toBe(1);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
