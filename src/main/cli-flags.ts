// Strict flag parsing for the Node command-line entries (serve, backup-cli). A misspelt flag used to
// be ignored, so `--data-dri X` ran on the default data directory as if nothing was said; now an
// unknown, repeated, empty or malformed flag is refused before anything is opened or created.
// The desktop shell does not use this: Electron and Chromium pass switches of their own there.
import { parseArgs } from 'node:util';

export type FlagSpec = Readonly<Record<string, 'string' | 'boolean'>>;
export type FlagValues<S extends FlagSpec> = { [K in keyof S]?: S[K] extends 'string' ? string : boolean };

export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** Parses `argv` (flags only, no positionals); throws UsageError naming the offending flag. */
export function parseFlags<S extends FlagSpec>(argv: readonly string[], spec: S): FlagValues<S> {
  const options = Object.fromEntries(Object.entries(spec).map(([name, type]) => [name, { type }]));
  let parsed: ReturnType<typeof parseArgs<{ options: typeof options; tokens: true; strict: true; allowPositionals: false }>>;
  try {
    parsed = parseArgs({ args: [...argv], options, strict: true, allowPositionals: false, tokens: true });
  } catch (e) {
    // Node's message leads with the flag; its later lines (hints about `--`) only confuse here.
    throw new UsageError((e as Error).message.split('\n').slice(0, 2).join(' '));
  }
  const seen = new Set<string>();
  for (const t of parsed.tokens) {
    if (t.kind !== 'option') continue;
    // The last of two values would win silently: say which one is meant instead.
    if (seen.has(t.name)) throw new UsageError(`Option '--${t.name}' is given more than once`);
    seen.add(t.name);
    if (spec[t.name] === 'string' && t.value === '') throw new UsageError(`Option '--${t.name}' needs a non-empty value`);
  }
  return parsed.values as FlagValues<S>;
}

/** The refusal every entry prints: one line on stderr, exit code 2 (usage). */
export function exitWithUsage(problem: string, usage: string): never {
  process.stderr.write(`${/[.?!]$/.test(problem) ? problem : `${problem}.`} Usage: ${usage}\n`);
  process.exit(2);
}

/** parseFlags, refusing bad input with the entry's usage line. */
export function parseFlagsOrExit<S extends FlagSpec>(argv: readonly string[], spec: S, usage: string): FlagValues<S> {
  try {
    return parseFlags(argv, spec);
  } catch (e) {
    if (e instanceof UsageError) exitWithUsage(e.message, usage);
    throw e;
  }
}
