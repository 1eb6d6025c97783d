// Settings → Data in browser mode, driven in Chromium against the real server: Back up now with
// progress, the last backup's result, restore with a preview and a confirmation (records created
// after the backup are gone, records from before are back), and a refused restore source.
import fs from 'node:fs';
import path from 'node:path';
import { ADMIN, ApiSession, loginViaUi, seedUsers, startApp, test, expect } from './fixtures';

interface ListResult {
  total: number;
  rows: Array<{ name: string }>;
}

async function addItems(api: ApiSession, names: string[]): Promise<void> {
  for (const name of names) await api.req('POST', '/api/inventory', { name, quantity: 5, unit: 'g', cas_number: '64-17-5' });
}

test('back up from Settings, change data, restore the backup with a preview', async ({ page, app }) => {
  const api = await seedUsers(app);
  await addItems(api, ['Ethanol 乙醇', 'Acetone 丙酮', 'Toluene 甲苯']);
  await loginViaUi(page, app, ADMIN);
  await page.goto(app.url + '/#/settings');
  const panel = page.getByTestId('data-panel');
  await expect(panel.getByTestId('data-dir')).toContainText(app.dataDir);
  await expect(panel.getByTestId('last-backup')).toContainText('No backup yet');

  await panel.getByRole('button', { name: 'Back up now' }).click();
  await expect(panel.getByTestId('backup-progress')).toBeVisible();
  await expect(panel.getByTestId('last-backup')).toContainText('succeeded', { timeout: 20_000 });
  await expect(panel.getByTestId('last-backup')).toContainText('manual');
  await expect(panel.getByTestId('backup-list').getByRole('row')).toHaveCount(2); // header + one backup
  const zips = fs.readdirSync(path.join(app.dataDir, 'backups')).filter((n) => n.endsWith('.zip'));
  expect(zips).toHaveLength(1);

  // After the backup: one more item, one deleted.
  await addItems(api, ['Made after the backup']);
  const before = await api.req<ListResult>('GET', '/api/inventory/?pageSize=50');
  expect(before.total).toBe(4);

  await panel.getByTestId('backup-list').getByRole('button', { name: 'Restore…' }).click();
  const preview = page.getByTestId('restore-preview');
  await expect(preview).toBeVisible();
  await expect(preview.getByTestId('count-inventory_items')).toHaveText('3');
  await expect(preview.getByTestId('count-users')).toHaveText('3');
  await expect(preview).toContainText('backup archive');
  await page.getByRole('button', { name: 'Restore', exact: true }).click();
  // The success toast shows for less than a second before the reload; the closed preview and the
  // data served afterwards are what a user relies on.
  await expect(preview).toBeHidden({ timeout: 30_000 });

  // The restored data is served: the item made after the backup is gone.
  await expect
    .poll(async () => (await api.req<ListResult>('GET', '/api/inventory/?pageSize=50')).rows.map((r) => r.name).sort(), { timeout: 15_000 })
    .toEqual(['Acetone 丙酮', 'Ethanol 乙醇', 'Toluene 甲苯']);
  // The replaced data is kept under replaced/<time>/.
  expect(fs.readdirSync(path.join(app.dataDir, 'replaced'))).toHaveLength(1);
  // After the reload the Settings screen works on the restored data.
  await page.goto(app.url + '/#/settings');
  await expect(page.getByTestId('data-panel').getByTestId('last-backup')).toContainText('succeeded');
});

test('a restore source that is not a backup is refused with a message and nothing changes', async ({ page, app }) => {
  const api = await seedUsers(app);
  await addItems(api, ['Methanol 甲醇']);
  const junk = path.join(app.dataDir, '..', `junk-${Date.now()}.zip`);
  fs.writeFileSync(junk, 'not a zip');
  await loginViaUi(page, app, ADMIN);
  await page.goto(app.url + '/#/settings');
  const panel = page.getByTestId('data-panel');
  await panel.getByLabel('Restore from an archive or folder (full path)').fill(junk);
  await panel.getByRole('button', { name: 'Check' }).click();
  await expect(page.getByText(/Restore refused: .*not a readable zip archive/)).toBeVisible();
  await expect(page.getByTestId('restore-preview')).toHaveCount(0);
  expect((await api.req<ListResult>('GET', '/api/inventory/?pageSize=50')).total).toBe(1);
  fs.rmSync(junk, { force: true });
});

test('move the data directory from Settings; after a restart the app runs on the new location', async ({ page, app }) => {
  test.setTimeout(180_000);
  const api = await seedUsers(app);
  await addItems(api, ['Benzene 苯', 'Hexane 己烷']);
  const target = fs.mkdtempSync(path.join(path.dirname(app.dataDir), 'lab-e2e-moved-')) + '/data';
  try {
    await loginViaUi(page, app, ADMIN);
    await page.goto(app.url + '/#/settings');
    const panel = page.getByTestId('data-panel');
    await panel.getByLabel('New location (full path of a new or empty folder)').fill(target);
    await panel.getByRole('button', { name: 'Move…' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Move…' }).click();
    // Copying and verifying both databases takes a few seconds, more on a busy machine.
    await expect(page.getByText(`The data was copied to ${target} and verified`).first()).toBeVisible({ timeout: 60_000 });
    // Writes are refused until the restart, so nothing lands in the old directory.
    await expect(api.req('POST', '/api/inventory', { name: 'Too late', quantity: 1 })).rejects.toThrow(/503.*moved to/);

    await app.stop();
    await app.restart();
    await page.reload();
    await expect(page.getByTestId('data-panel').getByTestId('data-dir')).toContainText(target);
    const list = await api.req<ListResult>('GET', '/api/inventory/?pageSize=50');
    expect(list.rows.map((r) => r.name).sort()).toEqual(['Benzene 苯', 'Hexane 己烷']);
    expect(fs.existsSync(path.join(app.dataDir, 'lab.db'))).toBe(true); // the old directory is kept
  } finally {
    await app.stop();
    fs.rmSync(path.dirname(target), { recursive: true, force: true });
  }
});

test('restore a copy of a crashed app\'s directory: the preview warns and needs a confirmation', async ({ page, app }) => {
  // Another lab's app, killed hard: its directory keeps instance.lock and the -wal files.
  const other = await startApp();
  const otherApi = await seedUsers(other);
  await addItems(otherApi, ['Chloroform 氯仿', 'Pyridine 吡啶']);
  other.proc.kill('SIGKILL');
  await new Promise((r) => other.proc.once('exit', r));
  const copy = fs.mkdtempSync(path.join(path.dirname(app.dataDir), 'lab-e2e-copy-'));
  fs.cpSync(other.dataDir, copy, { recursive: true });
  expect(fs.existsSync(path.join(copy, 'instance.lock'))).toBe(true);
  try {
    await seedUsers(app);
    await loginViaUi(page, app, ADMIN);
    await page.goto(app.url + '/#/settings');
    const panel = page.getByTestId('data-panel');
    await panel.getByLabel('Restore from an archive or folder (full path)').fill(copy);
    await panel.getByRole('button', { name: 'Check' }).click();
    const preview = page.getByTestId('restore-preview');
    await expect(preview).toContainText('copy of a data directory');
    await expect(preview).toContainText('not closed cleanly');
    await expect(preview.getByTestId('count-inventory_items')).toHaveText('2');
    const restore = page.getByRole('button', { name: 'Restore', exact: true });
    await expect(restore).toBeDisabled();
    await preview.getByRole('checkbox').check();
    await restore.click();
    // The success toast shows for less than a second before the reload; the closed preview and the
  // data served afterwards are what a user relies on.
  await expect(preview).toBeHidden({ timeout: 30_000 });
    const api = new ApiSession(app.url);
    await expect.poll(async () => api.login(ADMIN.username, ADMIN.password).then(() => 'ok', (e: Error) => e.message), { timeout: 15_000 }).toBe('ok');
    const list = await api.req<ListResult>('GET', '/api/inventory/?pageSize=50');
    expect(list.rows.map((r) => r.name).sort()).toEqual(['Chloroform 氯仿', 'Pyridine 吡啶']);
  } finally {
    fs.rmSync(copy, { recursive: true, force: true });
    fs.rmSync(other.dataDir, { recursive: true, force: true });
  }
});
