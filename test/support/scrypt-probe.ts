// A probe on node:crypto's scrypt for tests of password checks: counts the hashes and can hold
// back the moment a hash is handed back (no timing involved). The real scrypt still runs. Used as
//   vi.mock('node:crypto', async (original) => (await import('../support/scrypt-probe')).probedCrypto(await original()));
// This module must not import node:crypto itself (it would get the probed one).
type Crypto = typeof import('node:crypto');
type Callback = (err: Error | null, key: Buffer) => void;

export const scryptProbe = { calls: 0, gate: null as Promise<void> | null, started: null as (() => void) | null };

export function probedCrypto(real: Crypto): Crypto {
  const scrypt = (...args: unknown[]) => {
    scryptProbe.calls++;
    scryptProbe.started?.();
    const callback = args.pop() as Callback;
    (real.scrypt as (...a: unknown[]) => void)(...args, (err: Error | null, key: Buffer) => {
      const gate = scryptProbe.gate;
      if (gate) void gate.then(() => callback(err, key));
      else callback(err, key);
    });
  };
  // Counted too, so a synchronous check that skips the hash for an unknown user still shows.
  const scryptSync = (...args: Parameters<Crypto['scryptSync']>) => (scryptProbe.calls++, real.scryptSync(...args));
  return { ...real, default: { ...real, scrypt, scryptSync }, scrypt, scryptSync } as unknown as Crypto;
}
