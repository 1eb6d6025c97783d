// The system's "reduce motion" setting (app/reduced-motion.ts): with it, a row's menu and a stock
// dialog appear at their place and size at once; without it they animate as antd draws them, and
// a change of the setting applies without a reload. The suite itself runs with reduced motion
// (playwright.config.ts): a popup still growing took a test's press on one menu entry and its
// release on the next, so neither was clicked.
import type { Page } from '@playwright/test';
import { ADMIN, MEMBER, loginViaUi, seedUsers, test, expect, type RunningApp } from './fixtures';

/** What the page scripts below leave on the window for the test to read. */
declare global {
  interface Window {
    __classes: string[];
    __frames?: Set<string>;
  }
}

/** Records every class list the row menu and the dialog take from now on. */
async function watchMotion(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    window.__classes = seen;
    new MutationObserver((records) => {
      for (const r of records) {
        const el = r.target as Element;
        if (el.classList?.contains('ant-dropdown') || el.classList?.contains('ant-modal')) seen.push(el.className);
        for (const n of r.addedNodes) if (n instanceof Element) for (const e of n.querySelectorAll('.ant-dropdown, .ant-modal')) seen.push(e.className);
      }
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
  });
}

/**
 * The class lists of a popup or dialog on its way (antd's motion steps `start` and `active`). The
 * one-frame `prepare` step stays without motion: the popup is measured and placed there, at rest.
 */
const animated = (page: Page) => page.evaluate(() => window.__classes.filter((c) => /-(enter|appear|leave)-(start|active)\b/.test(c)));

/** Opens the row menu, picks Dispose, and closes the dialog again. */
async function openMenuAndDialog(page: Page): Promise<void> {
  const row = page.getByRole('row', { name: /无水乙醇/ });
  await row.getByRole('button', { name: 'More actions' }).click();
  await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByRole('menuitem', { name: 'Dispose' }).click();
  const dialog = page.getByRole('dialog').filter({ has: page.getByTestId('stock-balance') });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
}

/**
 * Counts the different pictures the home screen's pictogram chart shows in its first 40 frames
 * (blank ones left out): sampled in the page from the moment its canvas is made.
 */
async function chartFrames(page: Page, app: RunningApp): Promise<number> {
  const admin = await seedUsers(app);
  await admin.req('POST', '/api/inventory', { name: '丙酮', quantity: 1, unit: 'L', ghs: ['GHS02', 'GHS07'] });
  await page.addInitScript(() => {
    new MutationObserver((_r, observer) => {
      const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="chart-pictograms"] canvas');
      if (!canvas) return;
      observer.disconnect();
      const frames = new Set<string>();
      const blank = document.createElement('canvas');
      let left = 40;
      const sample = () => {
        blank.width = canvas.width;
        blank.height = canvas.height;
        const picture = canvas.toDataURL();
        if (picture !== blank.toDataURL()) frames.add(picture);
        if (--left > 0) requestAnimationFrame(sample);
        else window.__frames = frames;
      };
      requestAnimationFrame(sample);
    }).observe(document, { subtree: true, childList: true });
  });
  await loginViaUi(page, app, ADMIN, null);
  await expect(page.getByTestId('chart-pictograms').locator('canvas')).toBeVisible();
  await page.waitForFunction(() => window.__frames !== undefined);
  return page.evaluate(() => window.__frames!.size);
}

async function seedAndLogin(page: Page, app: RunningApp): Promise<void> {
  const admin = await seedUsers(app);
  await admin.req('POST', '/api/inventory', { name: '无水乙醇', english_name: 'Ethanol', cas_number: '64-17-5', quantity: 500, unit: 'mL' });
  await loginViaUi(page, app, MEMBER);
  await expect(page.getByRole('row', { name: /无水乙醇/ })).toContainText('500 mL');
}

test('reduced motion: the row menu and the dialog appear and go without animating', async ({ page, app }) => {
  expect(await page.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches)).toBe(true);
  await seedAndLogin(page, app);
  await watchMotion(page);
  await openMenuAndDialog(page);
  const seen = await page.evaluate(() => window.__classes.length);
  expect(seen).toBeGreaterThan(0);
  expect(await animated(page)).toEqual([]);
});

test("reduced motion: the home screen's chart is drawn whole at once", async ({ page, app }) => {
  expect(await chartFrames(page, app)).toBe(1);
});

test.describe('no motion preference', () => {
  test.use({ contextOptions: { reducedMotion: 'no-preference' } });

  test('the menu and the dialog animate; asking for less motion stops it at once, without a reload', async ({ page, app }) => {
    await seedAndLogin(page, app);
    await watchMotion(page);
    await openMenuAndDialog(page);
    expect((await animated(page)).length).toBeGreaterThan(0);

    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.evaluate(() => (window.__classes.length = 0));
    await openMenuAndDialog(page);
    expect(await animated(page)).toEqual([]);
  });

  test("the home screen's chart grows its bars", async ({ page, app }) => {
    expect(await chartFrames(page, app)).toBeGreaterThan(1);
  });
});
