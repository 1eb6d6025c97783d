// The desktop worker spawn against the recording stand-in: the entry, arguments and options given
// to utilityProcess.fork, the piped output, and the supervisor's restart after the child exits.
import path from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { recorded, resetStandIn } from './electron-stand-in';
import { forkUtilityWorker } from '../../src/main/shell/utility-worker';
import { WorkerSupervisor } from '../../src/main/worker/supervisor';
import type { Logger } from '../../src/main/logging';

vi.mock('electron', () => import('./electron-stand-in'));

const shellDir = path.resolve(__dirname, '../../src/main/shell');
const quietLog = { info: () => {}, warn: () => {}, error: () => {}, debug: () => {} } as unknown as Logger;

beforeEach(() => resetStandIn());

describe('utility worker spawn', () => {
  it('forks the bundled maintenance entry beside main with the data directory and piped output', () => {
    forkUtilityWorker('/data/lab', () => {});
    expect(recorded.forks).toHaveLength(1);
    const fork = recorded.forks[0]!;
    // The build puts maintenance-worker.js beside the main bundle (out/main).
    expect(fork.modulePath).toBe(path.join(shellDir, 'maintenance-worker.js'));
    expect(fork.args).toEqual(['--data-dir', '/data/lab']);
    expect(fork.options).toEqual({ serviceName: 'Lab completion maintenance', stdio: 'pipe' });
  });

  it('forwards the child output line by line, naming the stream', async () => {
    const lines: Array<[string, string]> = [];
    forkUtilityWorker('/data/lab', (line, stream) => lines.push([stream, line]));
    const child = recorded.forks[0]!.child;
    child.stdout.write('first\nsec');
    child.stdout.write('ond\n');
    child.stderr.write('oops\n');
    await new Promise((r) => setImmediate(r));
    expect(lines).toEqual([
      ['stdout', 'first'],
      ['stdout', 'second'],
      ['stderr', 'oops'],
    ]);
  });

  it('passes messages both ways and kills the child', () => {
    const handle = forkUtilityWorker('/data/lab', () => {});
    const child = recorded.forks[0]!.child;
    const got: unknown[] = [];
    handle.onMessage((m) => got.push(m));
    child.emit('message', { type: 'health', id: 1 });
    handle.send({ type: 'health', id: 2 });
    handle.kill();
    expect(got).toEqual([{ type: 'health', id: 1 }]);
    expect(child.posted).toEqual([{ type: 'health', id: 2 }]);
    expect(child.killed).toBe(true);
  });

  it('is forked again after it exits, and not after a deliberate stop', async () => {
    const sup = new WorkerSupervisor(() => forkUtilityWorker('/data/lab', () => {}), quietLog, [10]);
    sup.start();
    recorded.forks[0]!.child.emit('spawn');
    expect(sup.state).toBe('running');
    recorded.forks[0]!.child.emit('exit', 1);
    expect(sup.state).toBe('restarting');
    await vi.waitFor(() => expect(recorded.forks).toHaveLength(2));
    expect(recorded.forks[1]!.args).toEqual(['--data-dir', '/data/lab']);
    recorded.forks[1]!.child.emit('spawn');
    sup.stop();
    expect(recorded.forks[1]!.child.killed).toBe(true);
    recorded.forks[1]!.child.emit('exit', null);
    expect(sup.state).toBe('stopped');
    await new Promise((r) => setTimeout(r, 30));
    expect(recorded.forks).toHaveLength(2);
  });
});
