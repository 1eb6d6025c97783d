// A window holds one event stream, shared by the header, the lists, the tree and the controlled
// lists: each stream is an HTTP/1.1 connection, a browser allows six per host, and a window with one
// per subscriber had none left for its own requests (a Move click then waited for ever).
import { ADMIN, loginViaUi, seedUsers, test, expect } from './fixtures';

test('one event stream per window while moving between screens; a change made elsewhere still reaches the list', async ({ page, app }) => {
  const admin = await seedUsers(app);
  const streams: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/events') streams.push(r.url());
  });
  await loginViaUi(page, app, ADMIN);
  await expect(page.getByRole('heading', { name: 'Inventory' })).toBeVisible();
  for (const screen of ['Reagent orders', 'Controlled chemicals', 'Stocktake', 'Inventory']) {
    await page.getByRole('menuitem', { name: screen }).click();
    await expect(page.getByRole('heading', { name: screen })).toBeVisible();
  }
  await admin.req('POST', '/api/inventory', { name: '氯化钠', quantity: 1, unit: 'kg' });
  await expect(page.getByRole('row', { name: /氯化钠/ })).toBeVisible();
  expect(streams).toHaveLength(1);
});
