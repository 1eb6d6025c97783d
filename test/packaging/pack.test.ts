// Packaging dry run: electron-builder `--linux dir` with a stand-in Electron dist (the real binary
// cannot be downloaded here). Asserts what the app ships: out/** in app.asar, better-sqlite3's
// native binary unpacked, and no dev-only packages (the Node 24 used by dev scripts, Electron itself).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { listPackage } from '@electron/asar';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../..');

describe('packaging dry run', () => {
  it('builds an unpacked linux app with out/** in app.asar and better-sqlite3 unpacked', () => {
    expect(fs.existsSync(path.join(ROOT, 'out/main/index.js')), 'run the build first').toBe(true);
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-pack-'));
    const electronDist = path.join(tmp, 'electron-dist');
    fs.mkdirSync(electronDist);
    fs.writeFileSync(path.join(electronDist, 'electron'), '#!/bin/sh\necho stand-in electron\n', { mode: 0o755 });
    fs.writeFileSync(path.join(electronDist, 'LICENSE'), 'stand-in');
    const output = path.join(tmp, 'release');
    const r = spawnSync(
      path.join(ROOT, 'node_modules/.bin/electron-builder'),
      ['--linux', 'dir', '--publish', 'never', `-c.electronDist=${electronDist}`, '-c.npmRebuild=false', `-c.directories.output=${output}`],
      { cwd: ROOT, encoding: 'utf8', env: { ...process.env, CI: 'true' } },
    );
    expect(r.status, r.stdout + r.stderr).toBe(0);
    const resources = path.join(output, 'linux-unpacked', 'resources');
    const entries = listPackage(path.join(resources, 'app.asar'), { isPack: false }).map((e) => e.replace(/\\/g, '/'));
    for (const f of ['/out/main/index.js', '/out/main/serve.js', '/out/main/maintenance-worker.js', '/out/preload/index.js', '/out/renderer/index.html', '/package.json']) {
      expect(entries, f).toContain(f);
    }
    expect(entries.some((e) => e.startsWith('/node_modules/better-sqlite3/'))).toBe(true);
    expect(entries.some((e) => e.startsWith('/node_modules/node/')), 'the Node 24 dev dependency must not be packaged').toBe(false);
    expect(entries.some((e) => e.startsWith('/node_modules/electron/')), 'electron must not be packaged').toBe(false);
    expect(entries.some((e) => e.startsWith('/node_modules/vitest/')), 'dev tools must not be packaged').toBe(false);
    // the label PDFs' CJK font and its licence, outside the asar (src/main/labels/label-font.ts)
    for (const f of ['LabelSansSC.otf', 'OFL.txt']) expect(fs.existsSync(path.join(resources, 'fonts', f)), f).toBe(true);
    // the reference lists with their manifest and notice, outside the asar (src/main/reference/reference-files.ts)
    const manifest = JSON.parse(fs.readFileSync(path.join(resources, 'reference', 'manifest.json'), 'utf8')) as { files: Array<{ file: string }> };
    for (const { file } of manifest.files) expect(fs.readFileSync(path.join(resources, 'reference', file)), file).toEqual(fs.readFileSync(path.join(ROOT, 'resources/reference', file)));
    expect(manifest.files).toHaveLength(7);
    expect(fs.readFileSync(path.join(resources, 'reference', 'NOTICE.txt'), 'utf8')).toContain('Safe Work Australia HCIS, CC BY 4.0');
    const unpacked = path.join(resources, 'app.asar.unpacked', 'node_modules', 'better-sqlite3');
    const natives = fs.readdirSync(unpacked, { recursive: true }).map(String).filter((f) => f.endsWith('.node'));
    expect(natives.length).toBeGreaterThan(0);
    fs.rmSync(tmp, { recursive: true, force: true });
  });
});
