// The extension's build-time configuration and the generated manifest: it asks only for the
// permissions the extension uses.
import { describe, expect, it } from 'vitest';
import { buildManifest, configFromEnv, parseEnvText } from '../../extension/src/manifest';

describe('extension manifest', () => {
  it('asks for exactly tabs, storage, scripting and the configured hosts (no webRequest: nothing uses it)', () => {
    const cfg = configFromEnv(parseEnvText('# comment\nSYSTEM_URL=http://127.0.0.1:47821\nSUPPLIERS=macklin\nFIXTURE_SUPPLIER_URL="http://127.0.0.1:5000"\nDETAIL_TIMEOUT_MS=1500\n'));
    expect(cfg).toEqual({ systemUrl: 'http://127.0.0.1:47821', suppliers: ['macklin'], fixtureSupplierUrl: 'http://127.0.0.1:5000', detailTimeoutMs: 1500 });
    const m = buildManifest(cfg, '1.2.3') as { permissions: string[]; host_permissions: string[]; content_scripts: Array<{ matches: string[] }>; manifest_version: number; version: string };
    expect(m.manifest_version).toBe(3);
    expect(m.version).toBe('1.2.3');
    expect(m.permissions).toEqual(['tabs', 'storage', 'scripting']);
    expect(m.host_permissions).toEqual(['https://www.macklin.cn/*', 'https://macklin.cn/*', 'https://api.macklin.cn/*', 'http://127.0.0.1:5000/*', 'http://127.0.0.1:47821/*']);
    expect(m.content_scripts).toEqual([expect.objectContaining({ matches: ['http://127.0.0.1:47821/cart-import*'], js: ['bridge-content.js'] })]);
  });

  it('refuses a system URL that is not loopback, unknown suppliers and silly time-outs', () => {
    expect(() => configFromEnv({ SYSTEM_URL: 'https://lab.example.com' })).toThrow(/127\.0\.0\.1/);
    expect(() => configFromEnv({ SYSTEM_URL: 'http://127.0.0.1:1/x' })).toThrow(/without a path/);
    expect(() => configFromEnv({})).toThrow(/SYSTEM_URL is required/);
    expect(() => configFromEnv({ SYSTEM_URL: 'http://127.0.0.1:1', SUPPLIERS: 'tci' })).toThrow(/unknown supplier "tci"/);
    expect(() => configFromEnv({ SYSTEM_URL: 'http://127.0.0.1:1', DETAIL_TIMEOUT_MS: '5' })).toThrow(/DETAIL_TIMEOUT_MS/);
  });
});
