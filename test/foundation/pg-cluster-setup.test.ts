// The PostgreSQL test cluster's setup (test/support/pg-cluster.ts) where PostgreSQL is missing:
// outside CI one plain line and the run goes on; with CI=true the run fails. And where the
// binaries are looked for.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findPgBin, PG_MISSING } from '../support/pg-binaries.mjs';
import { setupPgCluster } from '../support/pg-cluster';
import { tempDir } from '../support/temp';

/** A recording stand-in for vitest's project: what the setup provides to the test files. */
function recordingProject() {
  const provided: Record<string, unknown> = {};
  return { provided, provide: ((key: string, value: unknown) => void (provided[key] = value)) as never };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the PostgreSQL cluster setup without PostgreSQL', () => {
  const missing = { LAB_PG_BIN: '/nonexistent/postgresql/bin' };

  it('outside CI says so in one line, provides no cluster and lets the run go on', async () => {
    const lines: unknown[][] = [];
    vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void lines.push(args));
    const project = recordingProject();
    expect(await setupPgCluster(project, missing)).toBeUndefined();
    expect(lines).toEqual([["PostgreSQL not found: the PostgreSQL engine's tests did not run"]]);
    expect(project.provided).toEqual({ pg: null });
  });

  it('with CI=true fails the run', async () => {
    await expect(setupPgCluster(recordingProject(), { ...missing, CI: 'true' })).rejects.toThrow(`${PG_MISSING}, and CI must run them`);
  });
});

describe('findPgBin', () => {
  it('takes LAB_PG_BIN when it holds initdb, pg_ctl and postgres, and nothing less', () => {
    const dir = tempDir();
    for (const b of ['initdb', 'pg_ctl']) fs.writeFileSync(path.join(dir, b), '');
    expect(findPgBin({ LAB_PG_BIN: dir })).toBeNull();
    fs.writeFileSync(path.join(dir, 'postgres'), '');
    expect(findPgBin({ LAB_PG_BIN: dir })).toBe(dir);
  });
});
