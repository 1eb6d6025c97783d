// The app log when its file cannot be written (src/main/log-file.ts), in-process: lines are
// dropped and counted, nothing throws, and once the folder is usable again a timer opens a new
// file whose first line says how many lines were lost. The folder is made unusable by putting a
// regular file where a parent directory should be (ENOTDIR), which holds for root as well.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLogFile } from '../../src/main/log-file';
import { tempDir } from '../support/temp';
import { until } from '../support/until';

const line = (msg: string) => `${JSON.stringify({ level: 30, time: Date.now(), msg })}\n`;
const readLines = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as { level: number; msg: string }) : []);

describe('log file that cannot be written', () => {
  it('drops and counts lines while broken, then a retry opens a new file that says how many were dropped', async () => {
    const root = tempDir();
    const blocker = path.join(root, 'blocker');
    fs.writeFileSync(blocker, 'a file where the log folder should be');
    const dir = path.join(blocker, 'logs');
    const failures: Error[] = [];
    const log = createLogFile(dir, 'app.log', { retryMs: 150, onFailure: (e) => failures.push(e) });

    log.write(line('first'));
    await until(() => failures.length, (n) => n >= 1, 5000, 10);
    expect((failures[0] as NodeJS.ErrnoException).code).toBe('ENOTDIR');
    // Broken: every line is counted and dropped, and writing never throws.
    for (let i = 0; i < 7; i++) expect(() => log.write(line(`lost ${i}`))).not.toThrow();
    expect(log.dropped).toBeGreaterThanOrEqual(7);
    // Still broken when the timer fires: the new stream fails too and the timer tries again.
    await until(() => failures.length, (n) => n >= 2, 5000, 10);
    const droppedBeforeRepair = log.dropped;
    for (let i = 0; i < 3; i++) log.write(line(`lost later ${i}`));
    expect(log.dropped).toBe(droppedBeforeRepair + 3);

    // Repair: the folder exists again. The next retry opens a stream without any further write.
    fs.rmSync(blocker);
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, 'app.log');
    const lines = await until(() => readLines(file), (l) => l.length >= 1, 5000, 20);
    expect(lines[0]!.level).toBe(40);
    expect(lines[0]!.msg).toMatch(/^log file could not be written \(ENOTDIR\); \d+ log lines were dropped$/);
    const reported = Number(/; (\d+) log lines/.exec(lines[0]!.msg)![1]);
    expect(reported).toBeGreaterThanOrEqual(droppedBeforeRepair + 3);
    expect(log.dropped).toBe(0);

    // Working again: lines reach the file, none dropped.
    log.write(line('after repair'));
    const after = await until(() => readLines(file), (l) => l.some((x) => x.msg === 'after repair'), 5000, 20);
    expect(after.map((x) => x.msg)).toContain('after repair');
    expect(log.dropped).toBe(0);
  });

  it('a working folder: no file until the first line, then every line in order, nothing dropped', async () => {
    const dir = path.join(tempDir(), 'logs');
    fs.mkdirSync(dir);
    const log = createLogFile(dir, 'app.log', { retryMs: 50 });
    expect(fs.readdirSync(dir)).toEqual([]);
    for (let i = 0; i < 5; i++) log.write(line(`line ${i}`));
    const lines = await until(() => readLines(path.join(dir, 'app.log')), (l) => l.length === 5, 5000, 20);
    expect(lines.map((l) => l.msg)).toEqual(['line 0', 'line 1', 'line 2', 'line 3', 'line 4']);
    expect(log.dropped).toBe(0);
  });
});
