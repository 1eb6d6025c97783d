// Users and sessions: setup once, scrypt hashes, roles, deactivate and reset end sessions.
import { readHistory } from '../../src/main/audit/audit-log';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/shared/errors';
import { ADMIN, setupAdmin, startTestServices } from '../support/temp';

describe('users', () => {
  it('setup creates the admin once; the hash is scrypt and never the password', async () => {
    const s = await startTestServices();
    expect(await s.data.auth.setupNeeded()).toBe(true);
    await s.data.auth.setup(ADMIN);
    expect(await s.data.auth.setupNeeded()).toBe(false);
    await expect(s.data.auth.setup({ ...ADMIN, username: 'other' })).rejects.toThrow(AppError);
    const row = s.data.dbs.lab.prepare('SELECT password_hash FROM users').get() as { password_hash: string };
    expect(row.password_hash).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(row.password_hash).not.toContain(ADMIN.password);
  });

  it('wrong password and unknown user give the same message', async () => {
    const s = await startTestServices();
    await setupAdmin(s);
    const msg = async (f: () => Promise<unknown>) => {
      try {
        await f();
      } catch (e) {
        return (e as AppError).message;
      }
      return null;
    };
    expect(await msg(() => s.data.auth.login('admin', 'wrong-password'))).toBe(await msg(() => s.data.auth.login('nobody', 'wrong-password')));
  });

  it('deactivating a user ends their sessions and blocks login; reset password ends sessions too', async () => {
    const s = await startTestServices();
    await setupAdmin(s);
    const alice = await s.data.auth.createUser({ username: 'alice', password: 'alice-pass-1', displayName: 'Alice', role: 'member' }, 1);
    const { token } = await s.data.auth.login('alice', 'alice-pass-1');
    expect((await s.data.auth.userForToken(token))?.username).toBe('alice');
    await s.data.auth.update(alice.id, { active: false }, 1);
    expect(await s.data.auth.userForToken(token)).toBeNull();
    await expect(s.data.auth.login('alice', 'alice-pass-1')).rejects.toThrow(/deactivated/);
    await s.data.auth.update(alice.id, { active: true }, 1);
    const t2 = (await s.data.auth.login('alice', 'alice-pass-1')).token;
    await s.data.auth.resetPassword(alice.id, 'new-pass-123', 1);
    expect(await s.data.auth.userForToken(t2)).toBeNull();
    expect((await s.data.auth.login('alice', 'new-pass-123')).user.username).toBe('alice');
    // Every change is audited.
    const actions = (await s.data.labData.read((r) => readHistory(r, 'user', alice.id))).map((e) => e.action);
    expect(actions).toEqual(['create', 'update', 'update', 'reset_password']);
  });

  it('an admin cannot deactivate or demote themselves; usernames are unique ignoring case', async () => {
    const s = await startTestServices();
    await setupAdmin(s);
    await expect(s.data.auth.update(1, { active: false }, 1)).rejects.toThrow(/own account/);
    await expect(s.data.auth.update(1, { role: 'member' }, 1)).rejects.toThrow(/own account/);
    await expect(s.data.auth.createUser({ username: 'ADMIN', password: 'password12', displayName: 'X', role: 'member' }, 1)).rejects.toThrow(/already taken/);
  });

  it('sessions survive a restart of the services (stored hashed in lab.db)', async () => {
    const s = await startTestServices();
    const token = await setupAdmin(s);
    const dir = s.dataDir;
    await s.close();
    const again = await startTestServices({ dataDir: dir });
    expect((await again.data.auth.userForToken(token))?.username).toBe('admin');
    const stored = again.data.dbs.lab.prepare('SELECT token_hash FROM sessions').all() as Array<{ token_hash: string }>;
    expect(stored.map((r) => r.token_hash)).not.toContain(token);
  });
});
