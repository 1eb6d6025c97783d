// Login's scrypt runs off the event loop, and an unknown username costs the same scrypt work as a
// wrong password. The real scrypt runs; the test only counts its calls and, for the first test,
// holds back the moment a hash is handed back until the test lets it go (no timing involved).
import { describe, expect, it, vi } from 'vitest';
import { scryptProbe } from '../support/scrypt-probe';
import { http } from '../support/http';
import { ADMIN, setupAdmin, startTestServices } from '../support/temp';

vi.mock('node:crypto', async (original) => (await import('../support/scrypt-probe')).probedCrypto(await original()));

describe('password hashing at login', () => {
  it('answers another request while a login is hashing', async () => {
    const s = await startTestServices();
    await setupAdmin(s);
    const base = `http://127.0.0.1:${s.port}`;
    let release!: () => void;
    scryptProbe.gate = new Promise<void>((r) => (release = r));
    const hashing = new Promise<'hashing'>((r) => (scryptProbe.started = () => r('hashing')));
    let loginDone = false;
    const login = http(base, 'POST', '/api/session', { username: ADMIN.username, password: ADMIN.password }).finally(() => (loginDone = true));
    try {
      // A synchronous hash finishes the login before anything else is answered.
      expect(await Promise.race([hashing, login.then(() => 'login finished first')])).toBe('hashing');
      const ping = await fetch(`${base}/ping`);
      expect(ping.ok).toBe(true);
      // No unit of work is held while the login hashes: other reads and writes of lab.db go on.
      expect(await s.data.labData.read((r) => r.users.anyAdmin())).toBe(true);
      expect(await s.data.labData.withWriteTransaction((tx) => tx.users.anyAdmin())).toBe(true);
      expect(loginDone).toBe(false);
    } finally {
      scryptProbe.started = null;
      scryptProbe.gate = null;
      release();
    }
    expect((await login).status).toBe(200);
  });

  it('an unknown username and a wrong password answer the same 401 after the same hashing', async () => {
    const s = await startTestServices();
    await setupAdmin(s);
    const base = `http://127.0.0.1:${s.port}`;
    const attempt = async (username: string) => {
      const before = scryptProbe.calls;
      const r = await http(base, 'POST', '/api/session', { username, password: 'not-the-password' });
      return { status: r.status, body: r.json, hashes: scryptProbe.calls - before };
    };
    const wrongPassword = await attempt(ADMIN.username);
    const unknownUser = await attempt('nobody-by-this-name');
    expect(wrongPassword.status).toBe(401);
    expect(unknownUser).toEqual(wrongPassword);
    expect(unknownUser.hashes).toBe(1);
  });
});
