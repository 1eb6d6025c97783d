// The Node command-line entries (serve, backup-cli) as real processes, bundled from today's source:
// an unknown, misspelt or malformed flag is refused with one usage line and exit code 2 before any
// data directory is created; the valid forms (`--flag value` and `--flag=value`) keep working.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp, bundleForNode } from '../support/app-process';
import { untilServing } from '../support/ports';
import { NODE, ROOT, freePort, onCleanup, tempDir } from '../support/temp';

let cliBuilt: Promise<string> | null = null;
function buildBackupCli(): Promise<string> {
  const out = path.join(ROOT, 'node_modules/.cache/lab-cli-flags-test', String(process.pid));
  cliBuilt ??= bundleForNode({ 'backup-cli': path.join(ROOT, 'src/main/backup/cli.ts') }, out).then(() => path.join(out, 'backup-cli.js'));
  return cliBuilt;
}

/**
 * Runs an entry to its exit with a home of its own, so the default data directory (the platform's
 * user-data folder) would appear inside `home`. The kill after 15 s only ends a process that
 * wrongly started serving (the old behaviour); no assertion depends on time.
 */
function run(entry: string, args: string[]): { code: number | null; stdout: string; stderr: string; home: string } {
  const home = tempDir('lab-cli-home-');
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: home, XDG_CONFIG_HOME: path.join(home, '.config'), APPDATA: path.join(home, 'AppData') };
  delete env.LAB_DATA_DIR;
  delete env.PORTABLE_EXECUTABLE_DIR;
  const r = spawnSync(NODE, [entry, ...args], { cwd: ROOT, env, encoding: 'utf8', timeout: 15_000, killSignal: 'SIGKILL' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr, home };
}

function expectRefused(r: ReturnType<typeof run>, problem: RegExp): void {
  expect(r.code, r.stdout + r.stderr).toBe(2);
  const lines = r.stderr.trimEnd().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(problem);
  expect(lines[0]).toContain('Usage: ');
  expect(r.stdout).toBe('');
  // Nothing was created where the default data directory lives.
  expect(fs.readdirSync(r.home)).toEqual([]);
}

describe('serve refuses unknown and malformed flags', () => {
  it.each([
    ['an unknown flag', ['--bogus'], /Unknown option '--bogus'/],
    ['a misspelt --data-dir', ['--data-dri', 'X'], /Unknown option '--data-dri'/],
    ['a port that is not a number', ['--port', 'abc'], /'--port' must be a whole number between 1 and 65535 \(got "abc"\)/],
    ['a port out of range', ['--port=70000'], /'--port' must be a whole number/],
    ['--port without a value', ['--port'], /'--port <value>' argument missing/],
    ['--port followed by another flag', ['--port', '--data-dir', 'X'], /'--port' argument is ambiguous/],
    ['an empty --data-dir', ['--data-dir='], /'--data-dir' needs a non-empty value/],
    ['a repeated --data-dir', ['--data-dir', 'X', '--data-dir', 'Y'], /'--data-dir' is given more than once/],
    ['a positional argument', ['X'], /Unexpected argument '.*X'/],
  ])('%s: exit 2, one usage line, no data directory', async (_what, flags, problem) => {
    const entry = await buildApp();
    const dir = path.join(tempDir(), 'X');
    const port = String(await freePort());
    // A free port for the old behaviour (starting anyway) unless the case is about --port.
    const args = flags.map((a) => (a === 'X' || a === 'Y' ? path.join(path.dirname(dir), a) : a));
    const r = run(entry, flags.some((a) => a.startsWith('--port')) ? args : [...args, '--port', port]);
    expectRefused(r, problem);
    expect(fs.existsSync(dir)).toBe(false);
  });

  it('still starts with --data-dir=PATH --port=PORT', async () => {
    const entry = await buildApp();
    const dir = path.join(tempDir(), 'data');
    const port = await freePort();
    let out = '';
    let exit: number | null | undefined;
    const p = spawn(NODE, [entry, `--data-dir=${dir}`, `--port=${port}`], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    p.stdout.on('data', (d) => (out += d));
    p.stderr.on('data', (d) => (out += d));
    const exited = new Promise<number | null>((r) => p.on('exit', (code) => r((exit = code))));
    onCleanup(() => void p.kill('SIGKILL'));
    await untilServing(`http://127.0.0.1:${port}`, () => out, () => exit !== undefined);
    expect(out).toContain(`data directory: ${dir} (flag)`);
    expect((await fetch(`http://127.0.0.1:${port}/ping`)).ok).toBe(true);
    p.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});

describe('backup-cli refuses unknown and malformed flags', () => {
  it.each([
    ['an unknown flag', ['backup', '--data-dir', 'X', '--bogus'], /Unknown option '--bogus'/],
    ['a misspelt --data-dir', ['backup', '--data-dri', 'X'], /Unknown option '--data-dri'/],
    ['--out without a value', ['backup', '--data-dir', 'X', '--out'], /'--out <value>' argument missing/],
    ['a flag of the other command', ['backup', '--data-dir', 'X', '--from', 'Y'], /Unknown option '--from'/],
    ['a value for a switch', ['restore', '--data-dir', 'X', '--from', 'Y', '--accept-warnings=yes'], /'--accept-warnings' does not take an argument/],
    ['restore without --from', ['restore', '--data-dir', 'X'], /restore needs --from/],
    ['an unknown command', ['bakup', '--data-dir', 'X'], /Unknown command 'bakup'/],
    ['no command', [], /Missing the command/],
  ])('%s: exit 2, one usage line, nothing created', async (_what, args, problem) => {
    const entry = await buildBackupCli();
    const base = tempDir();
    const r = run(entry, args.map((a) => (a === 'X' || a === 'Y' ? path.join(base, a) : a)));
    expectRefused(r, problem);
    expect(fs.readdirSync(base)).toEqual([]);
  });
});
