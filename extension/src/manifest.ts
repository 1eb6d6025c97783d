// Build-time configuration: the env file (extension/.env, see .env.example) → the runtime config
// baked into the bundles and the generated manifest.json (permissions: tabs, storage, scripting —
// only what the extension uses; host permissions: the enabled supplier sites and the system URL).

export interface ExtensionConfig {
  /** The lab app's loopback server, e.g. http://127.0.0.1:47821 (no trailing slash). */
  systemUrl: string;
  /** Real supplier adapters to enable (ids from adapters/index.ts). */
  suppliers: string[];
  /** Origin of the fixture supplier site (test builds only), '' when disabled. */
  fixtureSupplierUrl: string;
  /** Per-item detail page time-out. */
  detailTimeoutMs: number;
}

export const SUPPLIER_HOSTS: Record<string, string[]> = {
  macklin: ['https://www.macklin.cn/*', 'https://macklin.cn/*', 'https://api.macklin.cn/*'],
  aladdin: ['https://www.aladdin-e.com/*', 'https://aladdin-e.com/*'],
};

export class EnvError extends Error {}

export function parseEnvText(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    const m = /^\s*([A-Z_][A-Z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (m && !line.trimStart().startsWith('#')) out[m[1]!] = m[2]!.replace(/^(["'])(.*)\1$/, '$2');
  }
  return out;
}

function loopbackOrigin(name: string, value: string): string {
  let u: URL;
  try {
    u = new URL(value);
  } catch {
    throw new EnvError(`${name} must be a URL like http://127.0.0.1:47821 (got "${value}")`);
  }
  if (u.protocol !== 'http:' || !['127.0.0.1', 'localhost'].includes(u.hostname)) throw new EnvError(`${name} must be http://127.0.0.1:<port> or http://localhost:<port> (got "${value}")`);
  if (u.pathname !== '/' || u.search || u.hash) throw new EnvError(`${name} must be an origin without a path (got "${value}")`);
  return u.origin;
}

export function configFromEnv(env: Record<string, string>): ExtensionConfig {
  if (!env.SYSTEM_URL) throw new EnvError('SYSTEM_URL is required (the lab app address, e.g. http://127.0.0.1:47821)');
  const suppliers = (env.SUPPLIERS ?? 'macklin,aladdin').split(',').map((s) => s.trim()).filter(Boolean);
  for (const s of suppliers) if (!SUPPLIER_HOSTS[s]) throw new EnvError(`SUPPLIERS: unknown supplier "${s}" (known: ${Object.keys(SUPPLIER_HOSTS).join(', ')})`);
  const timeout = Number(env.DETAIL_TIMEOUT_MS ?? 8000);
  if (!Number.isInteger(timeout) || timeout < 200 || timeout > 60_000) throw new EnvError('DETAIL_TIMEOUT_MS must be a whole number of milliseconds between 200 and 60000');
  const fixture = env.FIXTURE_SUPPLIER_URL ? loopbackOrigin('FIXTURE_SUPPLIER_URL', env.FIXTURE_SUPPLIER_URL) : '';
  const systemUrl = loopbackOrigin('SYSTEM_URL', env.SYSTEM_URL);
  if (!suppliers.length && !fixture) throw new EnvError('Enable at least one supplier (SUPPLIERS or FIXTURE_SUPPLIER_URL)');
  return { systemUrl, suppliers, fixtureSupplierUrl: fixture, detailTimeoutMs: timeout };
}

export function buildManifest(cfg: ExtensionConfig, version: string): Record<string, unknown> {
  const hosts = [...cfg.suppliers.flatMap((s) => SUPPLIER_HOSTS[s]!), ...(cfg.fixtureSupplierUrl ? [`${cfg.fixtureSupplierUrl}/*`] : []), `${cfg.systemUrl}/*`];
  return {
    manifest_version: 3,
    name: '__MSG_extName__',
    description: '__MSG_extDescription__',
    default_locale: 'en',
    version,
    permissions: ['tabs', 'storage', 'scripting'],
    host_permissions: [...new Set(hosts)],
    background: { service_worker: 'background.js' },
    action: { default_popup: 'popup.html', default_title: '__MSG_extName__' },
    content_scripts: [
      // The bridge runs only on the system URL's /cart-import page (it re-checks import=true).
      { matches: [`${cfg.systemUrl}/cart-import*`], js: ['bridge-content.js'], run_at: 'document_idle', all_frames: false },
    ],
    content_security_policy: { extension_pages: "script-src 'self'; object-src 'none'" },
  };
}
