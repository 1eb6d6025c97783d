// A free loopback port, for tests, e2e fixtures and benchmarks (no test-runner imports here, so
// the benchmarks can use it too).
import net from 'node:net';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** What serve.js prints when the port it was given is taken (start-failure `portInUse`). */
export const portTaken = (output: string): boolean => output.includes('already in use');

/**
 * Waits until a server process reports serving `url` in what it printed (`output()`): serve.js
 * prints `is running at URL/` once its port is bound. A /ping answer alone is no proof: another
 * test's server may hold the port this one was given. Rejects with the output once `exited()` says
 * the process is gone, or after `timeoutMs`: a hang guard, not a timing. A start costs ~2 s of CPU
 * (fresh data directory), and a CI machine under `stress --cpu 2` plus parallel test files gives a
 * process a tenth of a core at times: 30 s was seen to run out there.
 */
export async function untilServing(url: string, output: () => string, exited: () => unknown, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (output().includes(`is running at ${url}/`)) return;
    const gone = exited();
    if (gone) throw new Error(`server exited (${JSON.stringify(gone)}) before serving ${url}:\n${output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`server did not serve ${url} within ${timeoutMs} ms:\n${output()}`);
}

/** Tries on a picked port, when another server took it between the pick and the bind. */
export const PORT_TRIES = 5;
