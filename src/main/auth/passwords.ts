// scrypt password hashes: "scrypt$N$r$p$salt$hash" (base64), compared in constant time.
// Hashing and checking run on libuv's thread pool (crypto.scrypt), not on the event loop: a login
// takes tens of milliseconds of scrypt, and the server answers every other request meanwhile.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const N = 16384;
const R = 8;
const P = 1;
const KEYLEN = 32;

/**
 * Checked in place of a stored hash when the username is unknown: the same parameters as a real
 * hash, so an unknown user costs the same scrypt work as a wrong password and the answer time does
 * not tell which usernames exist. Its password was random and thrown away; it never matches.
 */
const DUMMY_HASH = 'scrypt$16384$8$1$turJq4C/2Y75YrMqkIkw1A==$ww1ZvHno4MAwZDlNHizg+C4/24WbI1WBEhRP/5l469Y=';

function scryptAsync(password: string, salt: Buffer, keylen: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => scrypt(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))));
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scryptAsync(password, salt, KEYLEN, { N, r: R, p: P });
  return ['scrypt', N, R, P, salt.toString('base64'), hash.toString('base64')].join('$');
}

function parse(stored: string): { salt: Buffer; expected: Buffer; options: ScryptOptions } | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [, n, r, p, saltB64, hashB64] = parts;
  return { salt: Buffer.from(saltB64!, 'base64'), expected: Buffer.from(hashB64!, 'base64'), options: { N: Number(n), r: Number(r), p: Number(p) } };
}

/** Whether `password` matches `stored`; for an unknown user (`stored` undefined) the dummy hash is checked and the answer is false. */
export async function checkPassword(password: string, stored: string | undefined): Promise<boolean> {
  const h = parse(stored ?? DUMMY_HASH);
  if (!h) return false;
  const actual = await scryptAsync(password, h.salt, h.expected.length, h.options);
  return stored !== undefined && timingSafeEqual(actual, h.expected);
}
