// Reads the v8 coverage summary vitest wrote (reports/coverage/coverage-summary.json) and prints
// line and branch coverage of src/, of src/main outside the Electron shell (which cannot run here:
// its own tests use a stand-in and it is reported apart), and the src/main files under the bar.
// Exit 1 when src/main outside the shell is under 90 % of lines, or when there is no summary.
// Usage: node scripts/coverage-report.mjs [summary.json]
import fs from 'node:fs';
import path from 'node:path';

export const MAIN_LINES_MIN = 90;

const root = path.resolve(import.meta.dirname, '..');

/** Sums the per-file entries of a json-summary into totals for lines and branches. */
export function sum(entries) {
  const t = { lines: { total: 0, covered: 0 }, branches: { total: 0, covered: 0 } };
  for (const e of entries) {
    for (const k of ['lines', 'branches']) {
      t[k].total += e[k].total;
      t[k].covered += e[k].covered;
    }
  }
  return t;
}

export const pct = (m) => (m.total === 0 ? 100 : (100 * m.covered) / m.total);
const fmt = (m) => `${pct(m).toFixed(1)} % (${m.covered}/${m.total})`;

/** Splits a json-summary by area; file keys are absolute paths, made relative to the repository. */
export function analyse(summary, repoRoot = root) {
  const files = Object.entries(summary)
    .filter(([k]) => k !== 'total')
    .map(([k, v]) => ({ file: path.relative(repoRoot, k).split(path.sep).join('/'), ...v }));
  const inSrc = files.filter((f) => f.file.startsWith('src/'));
  const shell = (f) => f.file.startsWith('src/main/shell/');
  const main = inSrc.filter((f) => f.file.startsWith('src/main/') && !shell(f));
  const low = main.filter((f) => pct(f.lines) < MAIN_LINES_MIN).sort((a, b) => pct(a.lines) - pct(b.lines));
  return { src: sum(inSrc), main: sum(main), shell: sum(inSrc.filter(shell)), low };
}

function main() {
  const file = process.argv[2] ?? path.join(root, 'reports', 'coverage', 'coverage-summary.json');
  if (!fs.existsSync(file)) {
    console.log(`coverage: no summary at ${path.relative(root, file)} (did vitest run with --coverage?)`);
    process.exit(1);
  }
  const a = analyse(JSON.parse(fs.readFileSync(file, 'utf8')));
  console.log(`coverage src/            lines ${fmt(a.src.lines)}, branches ${fmt(a.src.branches)}`);
  console.log(`coverage src/main (no shell) lines ${fmt(a.main.lines)}, branches ${fmt(a.main.branches)}`);
  console.log(`coverage src/main/shell  lines ${fmt(a.shell.lines)}, branches ${fmt(a.shell.branches)}`);
  if (a.low.length) {
    console.log(`src/main files under ${MAIN_LINES_MIN} % of lines:`);
    for (const f of a.low) console.log(`  ${pct(f.lines).toFixed(1).padStart(5)} % lines, ${pct(f.branches).toFixed(1).padStart(5)} % branches  ${f.file}`);
  }
  const ok = pct(a.main.lines) >= MAIN_LINES_MIN;
  if (!ok) console.log(`coverage: src/main is under ${MAIN_LINES_MIN} % of lines`);
  process.exit(ok ? 0 : 1);
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) main();
