// Generated bad input (issue 14's fault suite): thousands of requests over every operation of the
// contract, built from each operation's zod schema with fast-check, sent as every role over real
// HTTP to one running app (the services and loopback server in this process, as browser mode runs
// them). The server must answer each with a non-5xx status (503 allowed), keep answering /ping,
// raise no uncaught error, and a refused request must leave lab.db's business tables as they were.
// FUZZ_REQUESTS sets the size (nightly), FUZZ_SEED replays a run.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { operationNames, type OperationName } from '../../src/shared/contract';
import { ADMIN, onCleanup, startTestServices, tempDir } from '../support/temp';
import { badInputCases, type Role, type Setting } from './bad-input-cases';

const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 5000);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const BATCH = 250;
const REQUEST_GUARD_MS = 20_000;
const PING_GUARD_MS = 10_000;
/** Tables whose rows are the lab's data (sessions and the audit log are bookkeeping). */
const BUSINESS = ['users', 'inventory_items', 'reagent_orders', 'consumable_orders', 'import_submissions'];

interface Answer {
  status: number;
  body: string;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function send(port: number, req: { method: string; path: string; headers: Record<string, string>; body?: string | Buffer }): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const r = http.request({ host: '127.0.0.1', port, method: req.method, path: req.path, headers: req.headers, agent }, (res) => {
      // The event stream stays open by design: its status is the answer.
      if (String(res.headers['content-type']).startsWith('text/event-stream')) {
        res.destroy();
        return resolve({ status: res.statusCode!, body: '' });
      }
      const chunks: Buffer[] = [];
      res.on('data', (d: Buffer) => chunks.push(d));
      res.on('end', () => resolve({ status: res.statusCode!, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    r.setTimeout(REQUEST_GUARD_MS, () => r.destroy(new Error('hang: no answer within the guard')));
    r.on('error', reject);
    if (req.body !== undefined) r.write(req.body);
    r.end();
  });
}

async function ping(port: number): Promise<boolean> {
  try {
    const r = await fetch(`http://127.0.0.1:${port}/ping`, { signal: AbortSignal.timeout(PING_GUARD_MS) });
    return r.ok;
  } catch {
    return false;
  }
}

/** Every file under `dir` (relative), to notice anything written where it should not be. */
function filesUnder(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true }) as string[]).sort();
}

describe('generated bad input over every operation, as every role', () => {
  it(`answers ${REQUESTS} generated requests without a 5xx, a hang, a crash or a change after a refusal`, async () => {
    const root = tempDir('lab-fuzz-');
    const dataDir = path.join(root, 'data');
    const cwd = path.join(root, 'cwd');
    const scratch = path.join(root, 'scratch');
    for (const d of [dataDir, cwd, scratch, path.join(scratch, 'out')]) fs.mkdirSync(d);
    // Relative paths in the inputs resolve against the working directory: a folder of its own.
    const previousCwd = process.cwd();
    process.chdir(cwd);
    onCleanup(() => process.chdir(previousCwd));
    const crashes: string[] = [];
    const onCrash = (e: unknown) => crashes.push(String((e as Error)?.stack ?? e));
    process.on('uncaughtException', onCrash);
    process.on('unhandledRejection', onCrash);
    onCleanup(() => {
      process.off('uncaughtException', onCrash);
      process.off('unhandledRejection', onCrash);
    });
    const app = await startTestServices({ dataDir });
    // A generated "Back up now" may still be running: it ends before the checks and the clean-up.
    const backupsIdle = async () => {
      for (let k = 0; k < 1200 && app.backups.status().job?.finishedAt === null; k++) await new Promise((r) => setTimeout(r, 50));
    };
    onCleanup(backupsIdle);
    onCleanup(() => agent.destroy());
    const port = app.port;
    const base = { host: `127.0.0.1:${port}` };

    const json = async (method: string, p: string, body: unknown, cookie?: string) => {
      const a = await send(port, { method, path: p, headers: { ...base, 'x-lab-client': '1', 'content-type': 'application/json', ...(cookie ? { cookie } : {}) }, body: JSON.stringify(body) });
      if (a.status !== 200) throw new Error(`${method} ${p}: ${a.status} ${a.body}`);
      return JSON.parse(a.body) as Record<string, unknown>;
    };
    const login = async (username: string, password: string): Promise<string> => {
      for (let attempt = 0; ; attempt++) {
        const a = await new Promise<http.IncomingMessage>((resolve, reject) => {
          const r = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/api/session', headers: { ...base, 'x-lab-client': '1', 'content-type': 'application/json' }, agent }, resolve);
          r.on('error', reject);
          r.end(JSON.stringify({ username, password }));
        });
        a.resume();
        if (a.statusCode === 200) return String(a.headers['set-cookie']![0]!.split(';')[0]);
        // 503 is "busy, try again" (e.g. while a generated backup runs).
        if (a.statusCode !== 503 || attempt >= 20) throw new Error(`login ${username}: ${a.statusCode}`);
        await new Promise((r) => setTimeout(r, 250));
      }
    };

    // The lab: an admin, two members, a public account, a spare account for the user operations.
    await json('POST', '/api/setup', ADMIN);
    const accounts = { admin: { username: ADMIN.username, password: ADMIN.password } } as Record<Exclude<Role, 'anonymous'>, { username: string; password: string }>;
    const adminCookie = await login(ADMIN.username, ADMIN.password);
    const mk = (username: string, role: string) => json('POST', '/api/users', { username, password: `${username}-pass-1`, displayName: username, role }, adminCookie);
    await mk('alice', 'member');
    await mk('bob', 'member');
    await mk('guest', 'public');
    const spare = (await mk('spare', 'member')).id as number;
    accounts.member = { username: 'alice', password: 'alice-pass-1' };
    accounts.public = { username: 'guest', password: 'guest-pass-1' };
    const cookies: Record<Role, string | null> = { admin: adminCookie, member: await login('alice', 'alice-pass-1'), public: await login('guest', 'guest-pass-1'), anonymous: null };
    const bobCookie = await login('bob', 'bob-pass-1');

    // Records of the member, of another member (bob) and the admin: the "other users' ids".
    const recordIds: number[] = [];
    for (const [cookie, who] of [[cookies.member!, 'alice'], [bobCookie, 'bob'], [adminCookie, 'admin']] as const) {
      for (const p of ['/api/inventory', '/api/reagent-orders', '/api/consumable-orders']) {
        recordIds.push((await json('POST', p, { name: `${who} seed ${p}`, quantity: 2 }, cookie)).id as number);
      }
    }
    const existing = path.join(scratch, 'not-a-backup.zip');
    fs.writeFileSync(existing, 'PK\u0003\u0004 not really a zip');
    const setting: Setting = { recordIds, userIds: [spare], outDir: path.join(scratch, 'out'), dataDir, existingFile: existing };

    const db = new Database(path.join(dataDir, 'lab.db'), { readonly: true, fileMustExist: true });
    const dataVersion = () => db.pragma('data_version', { simple: true }) as number;
    const checksum = () => {
      const h = createHash('sha256');
      for (const t of BUSINESS) for (const row of db.prepare(`SELECT * FROM ${t} ORDER BY rowid`).raw().iterate()) h.update(JSON.stringify(row));
      return h.digest('hex');
    };
    const counts = () => Object.fromEntries(BUSINESS.map((t) => [t, db.prepare(`SELECT count(*) FROM ${t}`).pluck().get() as number]));

    const ops: OperationName[] = operationNames;
    const cases = fc.sample(badInputCases(ops, setting), { seed: SEED, numRuns: REQUESTS });
    const perStatus: Record<string, number> = {};
    const perOp = new Map<string, number>();
    const serverErrors: string[] = [];
    const changedAfterRefusal: string[] = [];
    let hangs = 0;
    let sent = 0;
    let dv = dataVersion();
    let sum = checksum();
    const countsBefore = counts();
    const started = Date.now();

    for (let i = 0; i < cases.length; i++) {
      const c = cases[i]!;
      const req = c.request(cookies[c.role]);
      let answer: Answer;
      try {
        answer = await send(port, { ...req, headers: { ...base, ...req.headers } }).catch((e: Error) => {
          // A connection the server closed after its previous answer (e.g. 431 for oversized
          // headers) is not this request's answer: sent again once on a new connection.
          if (/ECONNRESET|socket hang up|EPIPE/.test(e.message)) return send(port, { ...req, headers: { ...base, ...req.headers } });
          throw e;
        });
      } catch (e) {
        hangs++;
        serverErrors.push(`#${i} ${c.op} as ${c.role}: ${(e as Error).message} — ${req.method} ${req.path.slice(0, 200)}`);
        answer = { status: 0, body: '' };
      }
      sent++;
      perStatus[answer.status] = (perStatus[answer.status] ?? 0) + 1;
      perOp.set(c.op, (perOp.get(c.op) ?? 0) + 1);
      if (answer.status >= 500 && answer.status !== 503) {
        serverErrors.push(`#${i} ${c.op} as ${c.role} (${c.kind}): ${answer.status} ${answer.body.slice(0, 300)} — ${req.method} ${req.path.slice(0, 200)} ${String(req.body ?? '').slice(0, 300)}`);
      }
      const now = dataVersion();
      if (now !== dv) {
        dv = now;
        const next = checksum();
        if (next !== sum && (answer.status < 200 || answer.status >= 300)) changedAfterRefusal.push(`#${i} ${c.op} as ${c.role} (${c.kind}): ${answer.status} ${answer.body.slice(0, 200)}`);
        sum = next;
      }
      // A session ended by a generated logout is opened again so the role keeps being exercised.
      if (c.op === 'logout' && answer.status === 200 && c.role !== 'anonymous') cookies[c.role] = await login(accounts[c.role].username, accounts[c.role].password);
      if ((i + 1) % BATCH === 0 || i === cases.length - 1) {
        if (crashes.length) throw new Error(`uncaught error after request #${i} (${c.op}): ${crashes[0]}`);
        if (!(await ping(port))) throw new Error(`hang: /ping did not answer within ${PING_GUARD_MS} ms after request #${i} (${c.op}, seed ${SEED})`);
      }
    }
    const seconds = (Date.now() - started) / 1000;
    await backupsIdle();
    const countsAfter = counts();
    db.close();

    const fives = Object.entries(perStatus).filter(([s]) => Number(s) >= 500 && s !== '503').reduce((n, [, k]) => n + k, 0);
    console.log(
      [
        `bad-input fuzz: seed ${SEED} (FUZZ_SEED=${SEED} FUZZ_REQUESTS=${REQUESTS} to replay), ${sent} requests over ${perOp.size}/${ops.length} operations as admin, member, public, anonymous in ${seconds.toFixed(1)} s`,
        `  per status: ${Object.entries(perStatus).map(([s, n]) => `${s}: ${n}`).join(', ')}`,
        `  5xx other than 503: ${fives}, hangs: ${hangs}, crashes: ${crashes.length}, changes after a refused request: ${changedAfterRefusal.length}`,
        `  business rows before ${JSON.stringify(countsBefore)} after ${JSON.stringify(countsAfter)}`,
      ].join('\n'),
    );
    expect(serverErrors).toEqual([]);
    expect(changedAfterRefusal).toEqual([]);
    expect(hangs).toBe(0);
    expect(crashes).toEqual([]);
    expect(perOp.size).toBe(ops.length);
    // Nothing written beside the data directory: not in the process's working directory, not
    // beside the data directory (the scratch folder holds only what the test put there).
    expect(filesUnder(cwd)).toEqual([]);
    expect(fs.readdirSync(root).sort()).toEqual(['cwd', 'data', 'scratch']);
    expect(filesUnder(scratch).filter((f) => !/^out(\/backup-[^/]+\.zip)?$/.test(f))).toEqual(['not-a-backup.zip']);
  }, 600_000);
});
