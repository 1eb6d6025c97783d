// Polls `fn` until `ok` accepts its value or `ms` pass; returns the last value either way, so the
// caller's own assertion on it says what was expected.
export async function until<T>(fn: () => T | Promise<T>, ok: (v: T) => boolean, ms = 30_000, everyMs = 100): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
