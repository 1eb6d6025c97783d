// Builds the browser extension: env file → manifest.json + bundles (esbuild) → an unpacked folder
// and a zip. Usage: node scripts/build-extension.mjs [--env extension/.env] [--out extension/dist] [--zip extension/build/x.zip]
// Without --env it uses extension/.env, falling back to the committed extension/.env.example.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import yazl from 'yazl';

const ROOT = path.resolve(import.meta.dirname, '..');
const EXT = path.join(ROOT, 'extension');

function arg(name) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

export async function buildExtension({ envFile, outDir, zipFile } = {}) {
  envFile ??= fs.existsSync(path.join(EXT, '.env')) ? path.join(EXT, '.env') : path.join(EXT, '.env.example');
  outDir = path.resolve(outDir ?? path.join(EXT, 'dist'));
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));

  // The manifest generator is TypeScript: bundle it to a temp module and import it.
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-ext-'));
  const genFile = path.join(tmp, 'manifest.mjs');
  await esbuild.build({ entryPoints: [path.join(EXT, 'src/manifest.ts')], bundle: true, format: 'esm', platform: 'node', outfile: genFile, logLevel: 'silent' });
  const gen = await import(pathToFileURL(genFile).href);
  fs.rmSync(tmp, { recursive: true, force: true });
  const config = gen.configFromEnv(gen.parseEnvText(fs.readFileSync(envFile, 'utf8')));

  fs.rmSync(outDir, { recursive: true, force: true });
  fs.mkdirSync(outDir, { recursive: true });
  await esbuild.build({
    entryPoints: ['background', 'popup', 'cart-content', 'bridge-content'].map((n) => path.join(EXT, 'src', `${n}.ts`)),
    bundle: true,
    format: 'iife',
    target: 'chrome120',
    outdir: outDir,
    define: { __LAB_EXTENSION_CONFIG__: JSON.stringify(config) },
    logLevel: 'warning',
    legalComments: 'none',
  });
  fs.writeFileSync(path.join(outDir, 'manifest.json'), JSON.stringify(gen.buildManifest(config, pkg.version), null, 2));
  for (const f of ['popup.html', 'popup.css']) fs.copyFileSync(path.join(EXT, 'src', f), path.join(outDir, f));
  fs.cpSync(path.join(EXT, '_locales'), path.join(outDir, '_locales'), { recursive: true });

  if (zipFile !== null) {
    zipFile = path.resolve(zipFile ?? path.join(EXT, 'build', `lab-cart-import-${pkg.version}.zip`));
    fs.mkdirSync(path.dirname(zipFile), { recursive: true });
    await new Promise((resolve, reject) => {
      const zip = new yazl.ZipFile();
      const walk = (dir, rel) => {
        for (const e of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
          if (e.isDirectory()) walk(path.join(dir, e.name), `${rel}${e.name}/`);
          else zip.addFile(path.join(dir, e.name), `${rel}${e.name}`);
        }
      };
      walk(outDir, '');
      zip.outputStream.pipe(fs.createWriteStream(zipFile)).on('close', resolve).on('error', reject);
      zip.end();
    });
  }
  return { outDir, zipFile, config };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  buildExtension({ envFile: arg('env'), outDir: arg('out'), zipFile: process.argv.includes('--no-zip') ? null : arg('zip') }).then(
    ({ outDir, zipFile, config }) => console.log(`extension built: ${outDir}${zipFile ? ` (zip: ${zipFile})` : ''}; system URL ${config.systemUrl}`),
    (e) => {
      console.error(`extension build failed: ${e.message}`);
      process.exit(1);
    },
  );
}
