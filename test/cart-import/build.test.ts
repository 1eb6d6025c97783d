// `npm run build:extension`: a loadable unpacked folder (manifest, bundles, popup, locales) and a
// zip of the same files, configured from the env file given.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import yauzl from 'yauzl';
import { describe, expect, it } from 'vitest';
import { NODE, ROOT, tempDir } from '../support/temp';

function zipEntries(file: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const names: string[] = [];
      zip.on('entry', (e: yauzl.Entry) => (names.push(e.fileName), zip.readEntry()));
      zip.on('end', () => resolve(names.sort()));
      zip.readEntry();
    });
  });
}

describe('extension build', () => {
  it('produces the unpacked extension and its zip from the env file', async () => {
    const dir = tempDir('lab-ext-build-');
    const env = path.join(dir, 'x.env');
    fs.writeFileSync(env, 'SYSTEM_URL=http://localhost:50123\nSUPPLIERS=aladdin\nDETAIL_TIMEOUT_MS=2000\n');
    const out = path.join(dir, 'unpacked');
    const zip = path.join(dir, 'ext.zip');
    const r = spawnSync(NODE, [path.join(ROOT, 'scripts/build-extension.mjs'), '--env', env, '--out', out, '--zip', zip], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    const files = ['_locales/en/messages.json', '_locales/zh_CN/messages.json', 'background.js', 'bridge-content.js', 'cart-content.js', 'manifest.json', 'popup.css', 'popup.html', 'popup.js'];
    for (const f of files) expect(fs.existsSync(path.join(out, f)), f).toBe(true);
    const manifest = JSON.parse(fs.readFileSync(path.join(out, 'manifest.json'), 'utf8'));
    expect(manifest.host_permissions).toEqual(['https://www.aladdin-e.com/*', 'https://aladdin-e.com/*', 'http://localhost:50123/*']);
    // The config is baked into the bundles.
    expect(fs.readFileSync(path.join(out, 'popup.js'), 'utf8')).toContain('http://localhost:50123');
    // The TTL, keys and message names come bundled from src/shared/cart-batch.ts, without zod.
    const bridge = fs.readFileSync(path.join(out, 'bridge-content.js'), 'utf8');
    for (const s of ['// src/shared/cart-batch.ts', 'BATCH_TTL_MS', 'cart_import_batch_latest', 'lab-desktop-cart-import-extension', 'IMPORT_BATCH_UNAVAILABLE']) expect(bridge).toContain(s);
    expect(bridge).not.toMatch(/zod/i);
    expect(bridge.length).toBeLessThan(8000);
    expect(manifest.permissions).toEqual(['tabs', 'storage', 'scripting']);
    expect(await zipEntries(zip)).toEqual(files);
  });

  it('fails with a clear message on a bad env file and writes nothing', () => {
    const dir = tempDir('lab-ext-build-');
    const env = path.join(dir, 'bad.env');
    fs.writeFileSync(env, 'SYSTEM_URL=https://lab.example.com\n');
    const out = path.join(dir, 'unpacked');
    const r = spawnSync(NODE, [path.join(ROOT, 'scripts/build-extension.mjs'), '--env', env, '--out', out, '--no-zip'], { encoding: 'utf8' });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('SYSTEM_URL must be http://127.0.0.1:<port> or http://localhost:<port>');
    expect(fs.existsSync(out)).toBe(false);
  });
});
