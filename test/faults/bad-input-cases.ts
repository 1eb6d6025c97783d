// Generated requests for the bad-input fuzz test: for each contract operation, an input built from
// its zod schema and then spoiled in one way (a hostile value in one field, a missing or unknown
// field, another body altogether, a body that is not JSON or not declared as JSON), or left
// valid-shaped with hostile ids (records that do not exist, other users' records).
import fc from 'fast-check';
import type { z } from 'zod';
import { contract, type OperationName } from '../../src/shared/contract';

export type Role = 'admin' | 'member' | 'public' | 'anonymous';
export const ROLES: Role[] = ['admin', 'member', 'public', 'anonymous'];

/** What the lab holds when the requests are made. */
export interface Setting {
  /** Records of the member, of another member and of the admin. */
  recordIds: number[];
  /** Accounts the user operations may change (not those the roles log in with). */
  userIds: number[];
  /** The one folder a valid-shaped backup may be written to. */
  outDir: string;
  dataDir: string;
  /** A file that exists and is not a backup. */
  existingFile: string;
}

export interface Case {
  op: OperationName;
  role: Role;
  kind: string;
  request(cookie: string | null): { method: string; path: string; headers: Record<string, string>; body?: string | Buffer };
}

type Def = { method: string; path: string; input: z.ZodType; httpOnly?: boolean };
type Any = { def: Record<string, unknown> & { type: string } };

// Values JSON.stringify cannot write; put into the body text as raw number literals.
const RAW = { '\u0000raw:-0': '-0', '\u0000raw:1e400': '1e400', '\u0000raw:-1e400': '-1e400', '\u0000raw:tiny': '1e-400', '\u0000raw:long': '123456789012345678901234567890123456789' } as const;
const DEEP = '\u0000raw:deep';
const deepText = (n: number) => '{"a":'.repeat(n) + '{"__proto__":{"x":1}}' + '}'.repeat(n);

const hostileNumbers = fc.constantFrom<unknown>(1e308, -1e308, 1.7976931348623157e308, 5e-324, -0.5, 0.5, 1.5, -1, 0, 2 ** 31, 2 ** 53 + 2, 2 ** 64, 1e21, 999_999_999, ...Object.keys(RAW));
const hostileStrings = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\t\n',
    'x'.repeat(100_000),
    '名'.repeat(30_000),
    'a\u0000b',
    '\u0000',
    '\u0001\u0007\u001b[31m\u007f\u0085',
    '\ud800',
    'x\udc00y',
    '\udbff\udbff',
    '\u202eevil\u200b',
    '\ufeff',
    '../../../../etc/passwd',
    '..\\..\\x',
    '/proc/forbidden',
    '/proc/self/mem',
    '/sys/kernel/x',
    '/dev/null',
    '/dev/zero/x',
    'C:\\Windows\\x',
    '\\\\server\\share\\x',
    'relative/folder',
    '.',
    '~',
    "'; DROP TABLE users; --",
    '%00%2e%2e%2f',
    '<script>alert(1)</script>',
    '1e308',
    '-0',
    'NaN',
    'Infinity',
    '0x10',
    '１２３',
    '__proto__',
    'constructor',
    'true',
    'null',
  ),
  fc.array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 40 }).map((a) => String.fromCharCode(...a)),
  fc.string({ unit: 'binary', maxLength: 40 }),
);
const wrongTypes = fc.constantFrom<unknown>(null, true, false, [], {}, [1, 2], [{}], { a: 1 }, [[['x']]], { __proto__x: 1 }, DEEP);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(hostileNumbers, hostileStrings, wrongTypes, fc.jsonValue({ maxDepth: 3 }));

function unwrap(s: Any): Any {
  for (let i = 0; i < 20; i++) {
    const t = s.def.type;
    if (['optional', 'default', 'nullable', 'prefault', 'readonly', 'catch', 'nonoptional'].includes(t) && s.def.innerType) s = s.def.innerType as Any;
    else if (t === 'pipe') s = ((s.def.in as Any).def.type === 'transform' ? s.def.out : s.def.in) as Any;
    else return s;
  }
  return s;
}

const isOptional = (s: Any): boolean => ['optional', 'default', 'prefault'].includes(s.def.type) || (s.def.type === 'pipe' && isOptional(s.def.in as Any));

/** A value of the schema's shape (not necessarily passing its refinements). */
function shaped(schema: z.ZodType, field: string, setting: Setting): fc.Arbitrary<unknown> {
  const s = unwrap(schema as unknown as Any);
  if (field === 'id') return fc.constantFrom(...setting.recordIds, 999_999, 2 ** 31 - 1);
  if (['source', 'target', 'outDir'].includes(field)) {
    // Paths that must be refused; a backup may also go to the one folder made for it (a move
    // that succeeds would leave the app waiting for a restart, so none is offered).
    const refused = [setting.dataDir, setting.existingFile, `${setting.dataDir}/lab.db`, `${setting.dataDir}/sub`, '/proc/forbidden', '/sys/x', '/dev/null', 'relative', '.'];
    return fc.constantFrom(...(field === 'outDir' ? [setting.outDir, `${setting.outDir}/missing`, ...refused] : field === 'source' ? [`${setting.outDir}/missing.zip`, ...refused] : refused));
  }
  switch (s.def.type) {
    case 'string':
      return fc.oneof(fc.constantFrom('Ethanol', '乙醇', 'x', 'admin', 'alice'), fc.string({ maxLength: 12 }));
    case 'number':
    case 'int':
      return fc.oneof(fc.integer({ min: 1, max: 20 }), fc.constantFrom(0, 0.5, 1e9));
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(s.def.entries as Record<string, string>));
    case 'literal':
      return fc.constantFrom(...(s.def.values as unknown[]));
    case 'union':
      return fc.oneof(...(s.def.options as z.ZodType[]).map((o) => shaped(o, field, setting)));
    case 'array':
      return fc.array(shaped(s.def.element as z.ZodType, field, setting), { maxLength: 3 });
    case 'record': {
      const key = unwrap(s.def.keyType as Any);
      const keys = key.def.type === 'enum' ? fc.constantFrom(...Object.values(key.def.entries as Record<string, string>)) : fc.string({ maxLength: 8 });
      return fc.dictionary(keys, shaped(s.def.valueType as z.ZodType, field, setting), { maxKeys: 4 });
    }
    case 'object':
      return objectOf(s.def.shape as Record<string, z.ZodType>, setting);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function objectOf(shape: Record<string, z.ZodType>, setting: Setting): fc.Arbitrary<Record<string, unknown>> {
  const entries = Object.entries(shape);
  const arbs = Object.fromEntries(entries.map(([k, v]) => [k, shaped(v, k, setting)]));
  const required = entries.filter(([, v]) => !isOptional(v as unknown as Any)).map(([k]) => k);
  return fc.record(arbs, { requiredKeys: required }) as fc.Arbitrary<Record<string, unknown>>;
}

/** The operations' user-account ids point at the spare account or none (the roles keep their own). */
function fieldsOf(op: OperationName): Record<string, z.ZodType> {
  const s = unwrap((contract[op] as Def).input as unknown as Any);
  return s.def.type === 'object' ? (s.def.shape as Record<string, z.ZodType>) : {};
}

type Spoil = { kind: string; apply(input: Record<string, unknown>): Record<string, unknown> | { raw: unknown } };

function spoilers(op: OperationName): fc.Arbitrary<Spoil> {
  const fields = Object.keys(fieldsOf(op));
  const field = fields.length ? fc.constantFrom(...fields) : fc.constant('zz');
  return fc.oneof(
    { weight: 4, arbitrary: fc.constant<Spoil>({ kind: 'valid-shaped', apply: (i) => i }) },
    { weight: 5, arbitrary: fc.tuple(field, hostileValue).map(([f, v]): Spoil => ({ kind: `hostile ${f}`, apply: (i) => ({ ...i, [f]: v }) })) },
    { weight: 1, arbitrary: field.map((f): Spoil => ({ kind: `missing ${f}`, apply: (i) => Object.fromEntries(Object.entries(i).filter(([k]) => k !== f)) })) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom('zz_unknown', '__proto__', 'constructor', 'role', 'created_by', 'id'), hostileValue).map(([f, v]): Spoil => ({ kind: `extra ${f}`, apply: (i) => ({ ...i, [f]: v }) })) },
    { weight: 1, arbitrary: fc.constantFrom<unknown>([], [{}], 'text', 42, null, true, DEEP).map((raw): Spoil => ({ kind: 'body not an object', apply: () => ({ raw }) })) },
  );
}

type Encoding = 'json' | 'malformed json' | 'text/plain' | 'form' | 'no content type' | 'binary' | 'empty json' | 'json utf-16' | 'no client header';
const encodings = fc.constantFrom<Encoding>(...Array<Encoding>(10).fill('json'), 'malformed json', 'text/plain', 'form', 'no content type', 'binary', 'empty json', 'json utf-16', 'no client header');

function jsonText(v: unknown): string {
  let t = JSON.stringify(v) ?? 'null';
  for (const [marker, raw] of Object.entries(RAW)) t = t.split(JSON.stringify(marker)).join(raw);
  return t.split(JSON.stringify(DEEP)).join(deepText(2000));
}

/** A value as query-string or path text, raw percent-escapes where it is not valid UTF-16. */
function asText(v: unknown): string {
  const s = v === DEEP ? deepText(50) : typeof v === 'string' ? (Object.hasOwn(RAW, v) ? RAW[v as keyof typeof RAW] : v) : typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v);
  try {
    return encodeURIComponent(s);
  } catch {
    return '%ED%A0%80' + encodeURIComponent(s.replace(/[\ud800-\udfff]/g, ''));
  }
}

function build(op: OperationName, input: Record<string, unknown> | { raw: unknown }, encoding: Encoding, cookie: string | null): ReturnType<Case['request']> {
  const def = contract[op] as Def;
  const rest: Record<string, unknown> = 'raw' in input && Object.keys(input).length === 1 ? {} : { ...(input as Record<string, unknown>) };
  const url = def.path.replace(/:([A-Za-z]+)/g, (_m, key: string) => {
    // A path cannot lack its segment: a missing one names no record.
    const v = key in rest ? rest[key] : 999_999;
    delete rest[key];
    return asText(v);
  });
  const headers: Record<string, string> = encoding === 'no client header' ? {} : { 'x-lab-client': '1' };
  if (cookie) headers.cookie = cookie;
  if (def.method === 'GET' || def.method === 'DELETE') {
    const parts: string[] = [];
    for (const [k, v] of Object.entries(rest)) {
      if (v === undefined) continue;
      // An array becomes a repeated key (which the server reads as an array).
      for (const x of Array.isArray(v) && v.length ? v : [v]) parts.push(`${asText(k)}=${asText(x)}`);
    }
    return { method: def.method, path: `/api${url}${parts.length ? `?${parts.join('&')}` : ''}`, headers };
  }
  const value = 'raw' in input && Object.keys(input).length === 1 ? input.raw : rest;
  const text = jsonText(value);
  switch (encoding) {
    case 'malformed json':
      return { method: def.method, path: `/api${url}`, headers: { ...headers, 'content-type': 'application/json' }, body: text.slice(0, Math.max(1, text.length - 1)) + ',' };
    case 'text/plain':
      return { method: def.method, path: `/api${url}`, headers: { ...headers, 'content-type': 'text/plain' }, body: text };
    case 'form':
      return { method: def.method, path: `/api${url}`, headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' }, body: Object.entries(rest).map(([k, v]) => `${asText(k)}=${asText(v)}`).join('&') };
    case 'no content type':
      return { method: def.method, path: `/api${url}`, headers, body: text };
    case 'binary':
      return { method: def.method, path: `/api${url}`, headers: { ...headers, 'content-type': 'application/octet-stream' }, body: Buffer.from([0, 0xff, 0xfe, 0x80, 0x7b, 0x22, 0x00]) };
    case 'empty json':
      return { method: def.method, path: `/api${url}`, headers: { ...headers, 'content-type': 'application/json' }, body: '' };
    case 'json utf-16':
      return { method: def.method, path: `/api${url}`, headers: { ...headers, 'content-type': 'application/json; charset=utf-16' }, body: Buffer.from(text, 'utf16le') };
    default:
      return { method: def.method, path: `/api${url}`, headers: { ...headers, 'content-type': 'application/json' }, body: text };
  }
}

/** One generated request: an operation, a role, an input from its schema, one way of spoiling it. */
export function badInputCases(ops: OperationName[], setting: Setting): fc.Arbitrary<Case> {
  return fc.constantFrom(...ops).chain((op) => {
    const userOp = op === 'updateUser' || op === 'resetPassword';
    const shape = fieldsOf(op);
    const s: Setting = userOp ? { ...setting, recordIds: setting.userIds } : setting;
    return fc.record({ role: fc.constantFrom(...ROLES), input: objectOf(shape, s), spoil: spoilers(op), encoding: encodings }).map(
      ({ role, input, spoil, encoding }): Case => {
        let spoiled = spoil.apply(input);
        // The roles' own accounts stay as they are: a user operation never names them in its path.
        if (userOp && !('raw' in spoiled)) {
          const n = Number(typeof spoiled.id === 'string' ? spoiled.id.trim() : spoiled.id);
          if (Number.isInteger(n) && n > 0 && n < 999_999 && !setting.userIds.includes(n)) spoiled = { ...spoiled, id: setting.userIds[0] };
        }
        return { op, role, kind: `${spoil.kind}, ${encoding}`, request: (cookie) => build(op, spoiled, encoding, cookie) };
      },
    );
  });
}
