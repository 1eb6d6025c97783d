// First paint of the inventory screen in browser mode: a fresh browser context (empty cache, signed
// in by cookie) loads `/#/inventory` and the time until the first table row shows is taken, over
// several runs, against the built out/ with a few thousand items. Prints the JS the page fetched too.
// Run: npm run bench:first-paint [-- --items 3000 --runs 9]
import { chromium } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS } from '../playwright.config';
import { ADMIN, seedUsers, startApp } from '../e2e/fixtures';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

async function main() {
  const items = arg('items', 3000);
  const runs = arg('runs', 9);
  const app = await startApp();
  try {
    const admin = await seedUsers(app);
    let next = 0;
    const worker = async () => {
      for (let i = next++; i < items; i = next++) {
        await admin.req('POST', '/api/inventory', { name: `Reagent ${i}`, cas_number: '64-17-5', quantity: 1 + (i % 7), unit: 'bottle', storage_location: `A${i % 50}` });
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));

    const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
    const login = await fetch(`${app.url}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-lab-client': '1' },
      body: JSON.stringify({ username: ADMIN.username, password: ADMIN.password }),
    });
    const [name, value] = login.headers.get('set-cookie')!.split(';')[0]!.split('=') as [string, string];
    const times: number[] = [];
    let scripts: string[] = [];
    for (let r = 0; r < runs; r++) {
      const context = await browser.newContext({ locale: 'en-US' });
      await context.addCookies([{ name, value, url: app.url }]);
      const page = await context.newPage();
      const js: string[] = [];
      page.on('request', (req) => {
        if (req.resourceType() === 'script') js.push(new URL(req.url()).pathname);
      });
      const t0 = Date.now();
      await page.goto(`${app.url}/#/inventory`);
      await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
      times.push(Date.now() - t0);
      scripts = js;
      await context.close();
    }
    await browser.close();
    const sorted = [...times].sort((a, b) => a - b);
    const q = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
    console.log(JSON.stringify({ items, runs, p50_ms: q(0.5), min_ms: sorted[0], max_ms: sorted.at(-1), times, scripts }, null, 1));
  } finally {
    await app.stop();
  }
}

void main().then(
  () => process.exit(0),
  (e) => (console.error(e), process.exit(1)),
);
