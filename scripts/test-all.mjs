// `npm test`: typecheck, lint, build, unit/integration tests (vitest, with v8 coverage of src/ and
// its report), browser e2e (Playwright),
// packaging dry run. Every step runs even after a failure so one run reports everything; the
// summary line is computed from the JSON reports by scripts/summarize-reports.mjs.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, 'reports');
fs.rmSync(reports, { recursive: true, force: true });
fs.mkdirSync(reports, { recursive: true });

const steps = [
  { name: 'typecheck', cmd: 'tsc', args: ['-p', 'tsconfig.json', '--noEmit'] },
  { name: 'lint', cmd: 'eslint', args: ['.', '--max-warnings=0'] },
  // The five longest functions in src/ and how many pass 100 lines (a report; it fails nothing).
  { name: 'longest-functions', cmd: process.execPath, args: ['scripts/longest-functions.mjs'] },
  { name: 'build', cmd: process.execPath, args: ['scripts/build-if-stale.mjs', '--force'] },
  ...(JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts['build:extension']
    ? [{ name: 'build:extension', cmd: 'npm', args: ['run', '--silent', 'build:extension'] }]
    : []),
  { name: 'vitest', cmd: 'vitest', args: ['run', '--coverage', '--reporter=default', '--reporter=json', '--outputFile.json=reports/vitest.json'], report: 'vitest.json' },
  // Prints line and branch coverage from the vitest run; fails under 90 % of src/main's lines.
  { name: 'coverage', cmd: process.execPath, args: ['scripts/coverage-report.mjs'] },
  { name: 'playwright', cmd: 'playwright', args: ['test'], report: 'playwright.json' },
  { name: 'packaging', cmd: 'vitest', args: ['run', '--config', 'vitest.pack.config.mts', '--reporter=default', '--reporter=json', '--outputFile.json=reports/vitest-pack.json'], report: 'vitest-pack.json' },
];

const only = process.argv.slice(2);
const results = [];
for (const step of steps) {
  if (only.length && !only.includes(step.name)) continue;
  const started = Date.now();
  console.log(`\n=== ${step.name} ===`);
  const r = spawnSync(step.cmd, step.args, { cwd: root, stdio: 'inherit', env: { ...process.env, FORCE_COLOR: '0' } });
  const seconds = Math.round((Date.now() - started) / 100) / 10;
  results.push({ name: step.name, ok: r.status === 0, status: r.status, seconds, report: step.report ?? null });
  console.log(`=== ${step.name}: ${r.status === 0 ? 'ok' : `FAILED (exit ${r.status})`} in ${seconds}s ===`);
  if (step.name === 'playwright' && r.status !== 0) printPageStates();
}

/**
 * A failed e2e test's page as Playwright saw it (its accessibility snapshot): CI keeps only the
 * log, and a failure that does not come back locally is explained by what was on screen.
 */
function printPageStates() {
  const dir = path.join(root, 'test-results');
  if (!fs.existsSync(dir)) return;
  for (const test of fs.readdirSync(dir)) {
    const file = path.join(dir, test, 'error-context.md');
    if (!fs.existsSync(file)) continue;
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    console.log(`\n--- page at the failure: ${test} (${lines.length} lines${lines.length > 150 ? ', first 150' : ''}) ---`);
    console.log(lines.slice(0, 150).join('\n'));
  }
}

fs.writeFileSync(path.join(reports, 'steps.json'), JSON.stringify(results, null, 2));
const summary = spawnSync(process.execPath, [path.join(root, 'scripts/summarize-reports.mjs')], { cwd: root, stdio: 'inherit' });
process.exit(summary.status ?? 1);
