// Browser mode (`npm run serve`) asks the services to fail when the port is taken: the start is
// refused with the port named, and everything it opened is closed again, so the data directory is
// free for the next start (in-process; the serve entry itself runs in test/foundation/serve-process).
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { PortInUseError } from '../../src/main/http/server';
import { freePort, startTestServices, tempDir } from '../support/temp';

describe('start with failOnPortInUse on a taken port', () => {
  it('is refused with PortInUseError and leaves the data directory free', async () => {
    const dataDir = tempDir();
    const port = await freePort();
    const blocker = http.createServer().listen(port, '127.0.0.1');
    await new Promise((r) => blocker.once('listening', r));
    try {
      const err = await startTestServices({ dataDir, port, failOnPortInUse: true }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(PortInUseError);
      expect((err as PortInUseError).port).toBe(port);
      expect((err as Error).message).toContain(`Port ${port} on 127.0.0.1 is already in use`);
    } finally {
      await new Promise((r) => blocker.close(r));
    }
    // The instance lock and the databases were released: the same directory starts now.
    const s = await startTestServices({ dataDir, port, failOnPortInUse: true });
    expect(s.http).not.toBeNull();
    expect((await fetch(`http://127.0.0.1:${port}/ping`)).status).toBe(200);
  });
});
