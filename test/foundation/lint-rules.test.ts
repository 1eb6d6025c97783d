// The import rules of DESIGN §9 are enforced by lint: a violating import fails.
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/temp';

const eslint = new ESLint({ cwd: ROOT });

async function errorsFor(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
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

  it('src/shared imports neither main nor renderer (nor electron)', async () => {
    expect(await errorsFor('src/shared/x.ts', "import { createLogger } from '../main/logging';\nexport const a = createLogger;\n")).toEqual([expect.stringContaining('no-restricted-imports')]);
    expect(await errorsFor('src/shared/x.ts', "import { call } from '../renderer/api/client';\nexport const a = call;\n")).toEqual([expect.stringContaining('no-restricted-imports')]);
    expect(await errorsFor('src/shared/x.ts', "import { app } from 'electron';\nexport const a = app;\n")).toEqual([expect.stringContaining('no-restricted-imports')]);
  });
});
