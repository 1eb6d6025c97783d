// A screen's chunk refused once, then allowed: what "Try again" does (route-split specs).
import type { Page } from '@playwright/test';
import { ADMIN, expect, seedUsers, type RunningApp } from './fixtures';

/**
 * Settings' chunk is refused once, then allowed: "Try again" shows the screen. Returns whether the
 * retry reloaded the window (a marker set on the page is gone).
 */
export async function failThenRetry(page: Page, app: RunningApp): Promise<{ reloaded: boolean }> {
  await seedUsers(app);
  await page.goto(app.url + '/#/login');
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();

  const chunk = /\/assets\/SettingsScreen-[\w-]+\.js$/;
  await page.route(chunk, (route) => route.abort());
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page.getByTestId('chunk-failed')).toContainText('could not be loaded');
  // The rest of the window still works: the menu and the user stay.
  await expect(page.getByTestId('user-menu')).toBeVisible();

  await page.unroute(chunk);
  await page.evaluate(() => ((window as Window & { sameDocument?: boolean }).sameDocument = true));
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('chunk-failed')).toHaveCount(0);
  await expect(page.getByText('Data directory', { exact: true })).toBeVisible();
  await expect(page.getByTestId('user-menu')).toBeVisible();
  return { reloaded: await page.evaluate(() => !(window as Window & { sameDocument?: boolean }).sameDocument) };
}
