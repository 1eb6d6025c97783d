// Browser mode (`npm run serve -- --data-dir DIR --port PORT`): the same services in plain Node,
// the built renderer and the whole API on 127.0.0.1, the worker as a child_process.
import path from 'node:path';
import { DataDirNotWritableError, MovedDataMissingError, platformUserDataDir, resolveDataDir } from './data-dir/resolve';
import { rendererDirNextTo, startServices } from './app-services';
import { forkNodeWorker } from './worker/fork-node';
import { DataDirInUseError } from './data-dir/instance-lock';
import { PortInUseError } from './http/server';
import { SchemaTooNewError } from './db/migrate';
import { LabDatabaseDamagedError } from './db/databases';
import { appVersion } from './version';
import { MAINTENANCE_WORKER_EXEC_ARGV } from './worker/process-flags';
import { exitWithUsage, parseFlagsOrExit } from './cli-flags';

const USAGE = 'serve.js [--data-dir DIR] [--port PORT]  (npm run serve -- [--data-dir DIR] [--port PORT])';

/** The flags, checked before anything is opened or created (a bad one exits 2 with the usage line). */
function readFlags(argv: readonly string[]): { port: number | undefined } {
  const flags = parseFlagsOrExit(argv, { 'data-dir': 'string', port: 'string' }, USAGE);
  if (flags.port === undefined) return { port: undefined };
  const port = /^\d{1,5}$/.test(flags.port) ? Number(flags.port) : NaN;
  if (!(port >= 1 && port <= 65535)) exitWithUsage(`Option '--port' must be a whole number between 1 and 65535 (got "${flags.port}")`, USAGE);
  return { port };
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const { port } = readFlags(argv);
  // argv passed strict parsing, so the lenient reader in resolveDataDir finds the same --data-dir.
  const { dir, source } = resolveDataDir({ argv, env: process.env, exeDir: null, userDataDir: platformUserDataDir() });
  const here = __dirname;
  const services = await startServices({
    dataDir: dir,
    mode: 'browser',
    version: appVersion(),
    port,
    rendererDir: rendererDirNextTo(here),
    spawnWorker: (onOutput) => forkNodeWorker(path.join(here, 'maintenance-worker.js'), ['--data-dir', dir], onOutput, MAINTENANCE_WORKER_EXEC_ARGV),
    logToStdout: true,
    failOnPortInUse: true,
  });
  console.log(`Lab Desktop (browser mode) is running at http://127.0.0.1:${services.port}/  — data directory: ${dir} (${source})`);
  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    await services.close();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((e: unknown) => {
  if (e instanceof DataDirInUseError || e instanceof PortInUseError || e instanceof SchemaTooNewError || e instanceof MovedDataMissingError || e instanceof DataDirNotWritableError || e instanceof LabDatabaseDamagedError) {
    console.error(e.message);
    process.exit(3);
  }
  console.error('Lab Desktop could not start:', e);
  process.exit(1);
});
