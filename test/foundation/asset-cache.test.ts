// Browser mode's caching of the built renderer: content-hashed assets are cached for a year
// without revalidation (a warm start fetches nothing); other assets are revalidated each time; the
// page itself is never stored, so a new build is picked up on the next load.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startTestServices, tempDir } from '../support/temp';
import { isHashedAssetName } from '../../src/main/http/server';

async function withRenderer() {
  const renderer = path.join(tempDir('lab-renderer-'), 'renderer');
  fs.mkdirSync(path.join(renderer, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(renderer, 'index.html'), '<!doctype html><title>Lab</title>');
  fs.writeFileSync(path.join(renderer, 'assets', 'InventoryPage-DRFFHYM-.js'), 'console.log("page")');
  fs.writeFileSync(path.join(renderer, 'assets', 'index-CgAVVNYh.css'), 'body{}');
  fs.writeFileSync(path.join(renderer, 'assets', 'app.js'), 'console.log("app")');
  return startTestServices({ rendererDir: renderer });
}

describe('renderer asset caching', () => {
  it('hashed assets: immutable for a year; an unhashed asset: no-cache; the page: no-store', async () => {
    const s = await withRenderer();
    const get = (p: string) => fetch(`http://127.0.0.1:${s.port}${p}`);
    for (const p of ['/assets/InventoryPage-DRFFHYM-.js', '/assets/index-CgAVVNYh.css']) {
      const res = await get(p);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    }
    const plain = await get('/assets/app.js');
    expect(plain.status).toBe(200);
    expect(plain.headers.get('cache-control')).toBe('no-cache');
    expect(await plain.text()).toBe('console.log("app")');
    expect((await get('/')).headers.get('cache-control')).toBe('no-store');
  });

  it('tells a bundler hash from an ordinary name', () => {
    expect(isHashedAssetName('vendor-antd-phoHoQ7x.js')).toBe(true);
    expect(isHashedAssetName('ReagentOrdersPage-DRFFHYM-.js')).toBe(true);
    expect(isHashedAssetName('app.js')).toBe(false);
    expect(isHashedAssetName('index.html')).toBe(false);
  });
});
