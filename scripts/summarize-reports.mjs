// Prints the one closing line `N passed, N failed, N skipped` summed from the vitest and
// Playwright JSON reports in reports/. A failed step without tests (typecheck, lint, build)
// counts as one failure; a run that executed no test at all is a failure. Exit 1 on any failure.
// Before it, one line of coverage figures when vitest wrote a coverage summary.
import fs from 'node:fs';
import path from 'node:path';
import { analyse, pct } from './coverage-report.mjs';

const dir = path.resolve(import.meta.dirname, '..', 'reports');
const read = (f) => {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8'));
  } catch {
    return null;
  }
};

let passed = 0;
let failed = 0;
let skipped = 0;
const problems = [];

const steps = read('steps.json') ?? [];
for (const step of steps) {
  if (!step.report) {
    if (!step.ok) {
      failed++;
      problems.push(`${step.name} failed`);
    }
    continue;
  }
  const failedBefore = failed;
  const rep = read(step.report);
  if (!rep) {
    failed++;
    problems.push(`${step.name}: no report (${step.report})`);
    continue;
  }
  if (step.report.startsWith('vitest')) {
    passed += rep.numPassedTests ?? 0;
    failed += rep.numFailedTests ?? 0;
    skipped += (rep.numPendingTests ?? 0) + (rep.numTodoTests ?? 0);
    // Suites that failed to load report no tests; count each as a failure.
    const brokenSuites = (rep.testResults ?? []).filter((t) => t.status === 'failed' && (t.assertionResults ?? []).length === 0).length;
    if (brokenSuites) {
      failed += brokenSuites;
      problems.push(`${step.name}: ${brokenSuites} test file(s) failed to run`);
    }
  } else {
    const s = rep.stats ?? {};
    passed += (s.expected ?? 0) + (s.flaky ?? 0);
    failed += s.unexpected ?? 0;
    skipped += s.skipped ?? 0;
    if ((rep.errors ?? []).length) {
      failed += rep.errors.length;
      problems.push(`${step.name}: ${rep.errors.length} error(s) outside tests`);
    }
  }
  // A runner that exited non-zero although its report shows no failed test still failed.
  if (!step.ok && failed === failedBefore) {
    failed++;
    problems.push(`${step.name} exited ${step.status}`);
  }
}
if (steps.length === 0) {
  failed++;
  problems.push('no steps ran');
}
if (passed + failed === 0) {
  failed++;
  problems.push('no test was executed');
}

const coverage = read('coverage/coverage-summary.json');
if (coverage) {
  const a = analyse(coverage);
  const f = (m) => `${pct(m).toFixed(1)} %`;
  console.log(`coverage: src/ lines ${f(a.src.lines)}, branches ${f(a.src.branches)}; src/main outside the shell lines ${f(a.main.lines)}, branches ${f(a.main.branches)}; ${a.low.length} src/main file(s) under 90 % of lines`);
}
for (const p of problems) console.log(`problem: ${p}`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
