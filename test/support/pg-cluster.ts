// Vitest global setup: one throw-away PostgreSQL cluster per test run. initdb in a temp directory
// owned by the postgres OS user (initdb refuses root, so as root it runs through runuser), started
// on its own port with its unix socket in that directory and no TCP listener, stopped and removed
// at the end, also when the run fails or is interrupted. Test files get its coordinates with
// inject('pg') and make a database of their own (test/support/pg.ts). Without the binaries the run
// says so in one line and goes on without test/pg/ (vitest.config.mts); with CI=true it fails.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import type { TestProject } from 'vitest/node';
import { findPgBin, PG_MISSING } from './pg-binaries.mjs';
import { freePort } from './ports';

export interface PgClusterInfo {
  /** The unix socket's directory (the connection's `host`). */
  socketDir: string;
  port: number;
  superuser: string;
  /** Owns the schema and runs the migrations. */
  ownerRole: string;
  /** What the app connects as: not the owner, no superuser, no BYPASSRLS. */
  appRole: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's PostgreSQL cluster; null when PostgreSQL is not installed (outside CI). */
    pg: PgClusterInfo | null;
  }
}

const asRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL binary as the postgres OS user. */
function runAsPostgres(file: string, args: string[]): void {
  const [cmd, ...rest] = asRoot ? ['runuser', '-u', 'postgres', '--', file, ...args] : [file, ...args];
  execFileSync(cmd!, rest, { stdio: 'pipe', cwd: os.tmpdir() });
}

function ownByPostgres(dir: string): void {
  if (!asRoot) return;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  fs.chownSync(dir, id('-u'), id('-g'));
}

const settings = (socketDir: string, port: number) => `
# throw-away test cluster (test/support/pg-cluster.ts)
listen_addresses = ''
unix_socket_directories = '${socketDir}'
port = ${port}
max_connections = 100
fsync = off
synchronous_commit = off
full_page_writes = off
`;

async function createRoles(info: PgClusterInfo): Promise<void> {
  const admin = new Client({ host: info.socketDir, port: info.port, user: info.superuser, database: 'postgres' });
  await admin.connect();
  try {
    await admin.query(`CREATE ROLE ${info.ownerRole} LOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE`);
    await admin.query(`CREATE ROLE ${info.appRole} LOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE`);
  } finally {
    await admin.end();
  }
}

export interface PgCluster {
  info: PgClusterInfo;
  stop(): void;
}

/** Starts a cluster with the binaries in `bin`; `stop` ends it and removes its directory. */
export async function startCluster(bin: string): Promise<PgCluster> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-pg-'));
  ownByPostgres(root);
  const data = path.join(root, 'data');
  const info: PgClusterInfo = { socketDir: root, port: await freePort(), superuser: 'postgres', ownerRole: 'lab_owner', appRole: 'lab_app' };
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    try {
      if (fs.existsSync(path.join(data, 'postmaster.pid'))) runAsPostgres(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  };
  try {
    runAsPostgres(path.join(bin, 'initdb'), ['-D', data, '-U', info.superuser, '--auth=trust', '--encoding=UTF8', '--locale=C', '--no-sync']);
    fs.appendFileSync(path.join(data, 'postgresql.conf'), settings(root, info.port));
    runAsPostgres(path.join(bin, 'pg_ctl'), ['-D', data, '-l', path.join(root, 'server.log'), '-w', '-t', '60', 'start']);
    await createRoles(info);
    return { info, stop };
  } catch (e) {
    const log = fs.existsSync(path.join(root, 'server.log')) ? fs.readFileSync(path.join(root, 'server.log'), 'utf8') : '';
    stop();
    const out = (e as { stderr?: Buffer }).stderr?.toString() ?? '';
    throw new Error(`the test PostgreSQL cluster did not start: ${(e as Error).message}\n${out}\n${log}`, { cause: e });
  }
}

/** What the global setup does, for `env`: start the cluster, or say once that there is none. */
export async function setupPgCluster(project: Pick<TestProject, 'provide'>, env: NodeJS.ProcessEnv): Promise<(() => void) | undefined> {
  const bin = findPgBin(env);
  if (!bin) {
    if (env.CI === 'true') throw new Error(`${PG_MISSING}, and CI must run them: install Debian's postgresql (.ci/run does)`);
    console.log(PG_MISSING);
    project.provide('pg', null);
    return undefined;
  }
  const cluster = await startCluster(bin);
  // Teardown does not run when the run is interrupted; the cluster must not outlive it either.
  process.once('exit', cluster.stop);
  project.provide('pg', cluster.info);
  return () => {
    process.off('exit', cluster.stop);
    cluster.stop();
  };
}

export default function setup(project: TestProject): Promise<(() => void) | undefined> {
  return setupPgCluster(project, process.env);
}
