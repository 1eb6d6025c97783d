// The import rules of docs/design.md#layout are enforced by lint: a violating import fails.
import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/temp';

// The rules that need types read files the TypeScript project knows; the import and SQL rules are
// proven on files that do not exist, so this linter runs without them (the promise rules below use
// the real config on a real file).
const TYPED_RULES = { '@typescript-eslint/no-floating-promises': 'off', '@typescript-eslint/no-misused-promises': 'off', '@typescript-eslint/await-thenable': 'off' } as const;
const eslint = new ESLint({ cwd: ROOT, overrideConfig: { languageOptions: { parserOptions: { projectService: false } }, rules: TYPED_RULES } });

async function errorsFor(file: string, code: string, linter = eslint): Promise<string[]> {
  const [result] = await linter.lintText(code, { filePath: path.join(ROOT, file) });
  return result!.messages.filter((m) => m.severity === 2).map((m) => `${m.ruleId}: ${m.message}`);
}

describe('import rules', () => {
  it('only the shell and the preload may import electron', async () => {
    expect(await errorsFor('src/main/records/x.ts', "import { app } from 'electron';\nexport const a = app;\n")).toEqual([expect.stringContaining('no-restricted-imports')]);
    expect(await errorsFor('src/renderer/x.ts', "import { ipcRenderer } from 'electron';\nexport const a = ipcRenderer;\n")).toEqual([expect.stringContaining('no-restricted-imports')]);
    expect(await errorsFor('src/main/shell/x.ts', "import { app } from 'electron';\nexport const a = app;\n")).toEqual([]);
    expect(await errorsFor('src/preload/x.ts', "import { contextBridge } from 'electron';\nexport const a = contextBridge;\n")).toEqual([]);
  });

  it('the renderer never imports main code', async () => {
    expect(await errorsFor('src/renderer/screens/x.ts', "import { openDatabase } from '../../main/db/open';\nexport const a = openDatabase;\n")).toEqual([expect.stringContaining('no-restricted-imports')]);
    expect(await errorsFor('src/renderer/screens/x.ts', "import { contract } from '../../shared/contract';\nexport const a = contract;\n")).toEqual([]);
  });

  it("renderer forms use the project's Form (it resubmits an overtaken click), not antd's", async () => {
    const antd = "import { Form, Input } from 'antd';\nexport const a = [Form, Input];\n";
    expect(await errorsFor('src/renderer/screens/x.tsx', antd)).toEqual([expect.stringContaining("'Form' import from 'antd' is restricted")]);
    expect(await errorsFor('src/renderer/screens/x.tsx', "import { Input } from 'antd';\nimport { Form } from '../app/Form';\nexport const a = [Form, Input];\n")).toEqual([]);
    expect(await errorsFor('src/renderer/app/Form.tsx', antd)).toEqual([]);
    // The wrapper keeps the renderer's other rules.
    expect(await errorsFor('src/renderer/app/Form.tsx', "import { ipcRenderer } from 'electron';\nexport const a = ipcRenderer;\n")).toEqual([expect.stringContaining('no-restricted-imports')]);
  });

  it('src/shared imports neither main nor renderer (nor electron)', async () => {
    expect(await errorsFor('src/shared/x.ts', "import { createLogger } from '../main/logging';\nexport const a = createLogger;\n")).toEqual([expect.stringContaining('no-restricted-imports')]);
    expect(await errorsFor('src/shared/x.ts', "import { call } from '../renderer/api/client';\nexport const a = call;\n")).toEqual([expect.stringContaining('no-restricted-imports')]);
    expect(await errorsFor('src/shared/x.ts', "import { app } from 'electron';\nexport const a = app;\n")).toEqual([expect.stringContaining('no-restricted-imports')]);
  });

  it('domain rooms never import the transports (api/, http/) or the shell', async () => {
    const rule = expect.stringContaining('import-x/no-restricted-paths');
    expect(await errorsFor('src/main/records/x.ts', "import { createDispatcher } from '../api/dispatch';\nexport const a = createDispatcher;\n")).toEqual([rule]);
    expect(await errorsFor('src/main/cart-import/x.ts', "import { sendError } from '../http/errors';\nexport const a = sendError;\n")).toEqual([rule]);
    expect(await errorsFor('src/main/backup/x.ts', "import { isAppUrl } from '../shell/window';\nexport const a = isAppUrl;\n")).toEqual([rule]);
    // A type import of the whole app is refused too: handlers and services get narrow parameters.
    expect(await errorsFor('src/main/backup/x.ts', "import type { RunningApp } from '../app-services';\nexport type A = RunningApp;\n")).toEqual([rule]);
    expect(await errorsFor('src/main/api/x.ts', "import type { RunningApp } from '../app-services';\nexport type A = RunningApp;\n")).toEqual([rule]);
    // The transports may use the rooms.
    expect(await errorsFor('src/main/http/x.ts', "import { BatchStore } from '../cart-import/batch-store';\nexport const a = BatchStore;\n")).toEqual([]);
  });

  it('layers are allow-lists: the base imports no room or transport, the composition root not the shell', async () => {
    const rule = expect.stringContaining('import-x/no-restricted-paths');
    expect(await errorsFor('src/main/events.ts', "import { AuditLog } from './audit/audit-log';\nexport const a = AuditLog;\n")).toEqual([rule]);
    expect(await errorsFor('src/main/data-dir/x.ts', "import { createHandlers } from '../api/handlers';\nexport const a = createHandlers;\n")).toEqual([rule]);
    expect(await errorsFor('src/main/serve.ts', "import { isAppUrl } from './shell/window';\nexport const a = isAppUrl;\n")).toEqual([rule]);
    // What each layer may use.
    expect(await errorsFor('src/main/events.ts', "import { createLogger } from './logging';\nexport const a = createLogger;\n")).toEqual([]);
    expect(await errorsFor('src/main/records/x.ts', "import { createLogger } from '../logging';\nimport { AuditLog } from '../audit/audit-log';\nexport const a = [createLogger, AuditLog];\n")).toEqual([]);
    expect(await errorsFor('src/main/app-services.ts', "import { sendError } from './http/errors';\nexport const a = sendError;\n")).toEqual([]);
  });

  it('src/main/db imports no room, and a migration not even src/shared (migrations are frozen)', async () => {
    const rule = expect.stringContaining('import-x/no-restricted-paths');
    expect(await errorsFor('src/main/db/x.ts', "import { sortKey } from '../records/sort-key';\nexport const a = sortKey;\n")).toEqual([rule]);
    expect(await errorsFor('src/main/db/migrations/lab/x.ts', "import { normalizeSearchTerm } from '../../../../shared/normalize';\nexport const a = normalizeSearchTerm;\n")).toEqual([rule]);
    expect(await errorsFor('src/main/db/migrations/lab/x.ts', "import { sortKeyV1 } from '../frozen/sort-key';\nexport const a = sortKeyV1;\n")).toEqual([]);
    expect(await errorsFor('src/main/db/x.ts', "import { StartFailureError } from '../../shared/start-failure';\nexport const a = StartFailureError;\n")).toEqual([]);
  });

  it('transactions go through db/transaction.ts (writes BEGIN IMMEDIATE)', async () => {
    const rule = expect.stringContaining('no-restricted-syntax');
    expect(await errorsFor('src/main/completion/x.ts', "import type { Db } from '../db/open';\nexport const a = (db: Db) => db.transaction(() => 1)();\n")).toEqual([rule]);
    expect(await errorsFor('src/main/completion/x.ts', "import type { Db } from '../db/open';\nimport { writeTransaction } from '../db/transaction';\nexport const a = (db: Db) => writeTransaction(db, () => 1);\n")).toEqual([]);
    expect(await errorsFor('src/main/db/x.ts', "import type { Db } from './open';\nexport const a = (db: Db) => db.transaction(() => 1).immediate();\n")).toEqual([]);
  });

  it('a room on lab.db gets the seam, not a connection or a transaction helper; what holds one on purpose is named', async () => {
    const rule = expect.stringContaining('no-restricted-imports');
    const connection = "import type { Db } from '../db/open';\nexport type A = Db;\n";
    const transaction = "import { writeTransaction } from '../db/transaction';\nexport const a = writeTransaction;\n";
    for (const room of ['records', 'stock', 'auth', 'notifications', 'bulk-import']) {
      expect(await errorsFor(`src/main/${room}/x.ts`, connection)).toEqual([rule]);
      expect(await errorsFor(`src/main/${room}/x.ts`, transaction)).toEqual([rule]);
    }
    // The seam itself, a store's types and electron's own rule still hold there.
    expect(await errorsFor('src/main/stock/x.ts', "import type { LabData } from '../stores/lab-data';\nexport type A = LabData;\n")).toEqual([]);
    expect(await errorsFor('src/main/stock/x.ts', "import { app } from 'electron';\nexport const a = app;\n")).toEqual([rule]);
    // Child code, the rooms of derived files and the named connection holders may.
    expect(await errorsFor('src/main/bulk-import/x.child.ts', connection)).toEqual([]);
    expect(await errorsFor('src/main/completion/x.ts', connection)).toEqual([]);
    expect(await errorsFor('src/main/records/search-index.ts', transaction)).toEqual([]);
  });

  it('SQL lives in the store that owns the table: prepare, prepareCached, exec and pragma elsewhere fail lint', async () => {
    const rule = expect.stringContaining('no-restricted-syntax');
    const prepare = "import type { Db } from '../db/open';\nexport const a = (db: Db) => db.prepare('SELECT 1 FROM users').get();\n";
    const cached = "import type { Db } from '../db/open';\nimport { prepareCached } from '../db/statements';\nexport const a = (db: Db) => prepareCached(db, 'SELECT 1').get();\n";
    const exec = "import type { Db } from '../db/open';\nexport const a = (db: Db) => db.exec('DELETE FROM sessions');\n";
    for (const code of [prepare, cached, exec]) expect(await errorsFor('src/main/reference/x.ts', code)).toEqual([rule]);
    expect(await errorsFor('src/main/reference/x.ts', "import type { Db } from '../db/open';\nexport const a = (db: Db) => db.pragma('user_version');\n")).toEqual([rule]);
    // A regular expression's exec is not SQL.
    expect(await errorsFor('src/main/reference/x.ts', "export const a = (s: string) => /a/.exec(s);\n")).toEqual([]);
    // The owning store and db/ may.
    expect(await errorsFor('src/main/stores/user-store.ts', prepare)).toEqual([]);
    expect(await errorsFor('src/main/db/x.ts', "import type { Db } from './open';\nexport const a = (db: Db) => db.prepare('SELECT 1').get();\n")).toEqual([]);
  });

  it('a store imports only db/, other stores and src/shared; rooms may import stores', async () => {
    const fromRoom = "import { recordAudit } from '../audit/audit-log';\nexport const a = recordAudit;\n";
    expect(await errorsFor('src/main/stores/x-store.ts', fromRoom)).toEqual([expect.stringContaining('import-x/no-restricted-paths')]);
    expect(await errorsFor('src/main/stores/x-store.ts', "import type { Db } from '../db/open';\nimport type { UserRow } from './user-store';\nexport type A = [Db, UserRow];\n")).toEqual([]);
    expect(await errorsFor('src/main/records/x.ts', "import { userStore } from '../stores/user-store';\nexport const a = userStore;\n")).toEqual([]);
  });

  it("a child process's code (*.child.ts) is imported only by its entry (*-entry.ts) or other child code", async () => {
    const rule = expect.stringContaining('lab/child-imports');
    const scan = "import { scanImport } from './import-scan.child';\nexport const a = scanImport;\n";
    expect(await errorsFor('src/main/bulk-import/x.ts', scan)).toEqual([rule]);
    // A dynamic import loads it just the same; so does a re-export, and another room's child code.
    expect(await errorsFor('src/main/bulk-import/x.ts', "export const a = () => import('./import-write.child');\n")).toEqual([rule]);
    expect(await errorsFor('src/main/bulk-import/x.ts', "export { writeImport } from './import-write.child';\n")).toEqual([rule]);
    expect(await errorsFor('src/main/completion/x.ts', "import { rebuildEndpoint } from './rebuild.child';\nexport const a = rebuildEndpoint;\n")).toEqual([rule]);
    expect(await errorsFor('src/main/list-export/x.ts', "import { writeExport } from './export.child';\nexport const a = writeExport;\n")).toEqual([rule]);
    // The entry and other child code may; a type import loads nothing (the parent names what its child answers).
    expect(await errorsFor('src/main/bulk-import/x-entry.ts', scan)).toEqual([]);
    expect(await errorsFor('src/main/bulk-import/x.child.ts', scan)).toEqual([]);
    expect(await errorsFor('src/main/bulk-import/x.ts', "import type { ScanResult } from './import-scan.child';\nexport type A = ScanResult;\n")).toEqual([]);
    expect(await errorsFor('src/main/bulk-import/x.ts', "import { type ScanResult } from './import-scan.child';\nexport type A = ScanResult;\n")).toEqual([]);
  });

  it('an import cycle fails lint', async () => {
    // context.ts is imported by the handler groups; importing the table back from it closes a circle.
    expect(await errorsFor('src/main/api/context.ts', "import { createHandlers } from './handlers';\nexport const a = createHandlers;\n")).toEqual([expect.stringContaining('import-x/no-cycle')]);
    expect(await errorsFor('src/main/api/context.ts', "import { contract } from '../../shared/contract';\nexport const a = contract;\n")).toEqual([]);
  });
});

describe('promise rules (the seam is asynchronous: docs/stores.md)', () => {
  it('a store call left unawaited, or tested as a truth value, fails lint; awaited it passes', async () => {
    // A file the TypeScript project includes, for the rules that read types; removed afterwards.
    const file = `test/foundation/lint-probe-${process.pid}.ts`;
    const head = "declare const store: { controlledOf(id: number): Promise<string | null>; setAmount(n: number): Promise<void> };\n";
    fs.writeFileSync(path.join(ROOT, file), head);
    try {
      const typed = new ESLint({ cwd: ROOT });
      const check = (body: string) => errorsFor(file, head + body, typed);
      expect(await check('export async function f() {\n  store.setAmount(1);\n}\n')).toEqual([expect.stringContaining('@typescript-eslint/no-floating-promises')]);
      expect(await check("export async function f() {\n  if (store.controlledOf(1)) throw new Error('controlled');\n}\n")).toEqual([expect.stringContaining('@typescript-eslint/no-misused-promises')]);
      expect(await check('export async function f() {\n  await store.setAmount(1);\n  await 2;\n}\n')).toEqual([expect.stringContaining('@typescript-eslint/await-thenable')]);
      expect(await check("export async function f() {\n  if (await store.controlledOf(1)) throw new Error('controlled');\n  await store.setAmount(1);\n}\n")).toEqual([]);
    } finally {
      fs.rmSync(path.join(ROOT, file), { force: true });
    }
  });
});
