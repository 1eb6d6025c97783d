// Lint, including the import rules (docs/layers.md): only the shell (and the preload bridge) imports
// electron; the renderer never imports main code; src/shared imports neither; the domain rooms of
// src/main never import the transports (api/, http/) or the shell; a child process's code is
// imported only by its entry and other child code; no import cycles.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

/**
 * The layers of src/main, bottom to top (docs/layers.md): a file imports only from its own layer or
 * those below it, and src/shared from anywhere. Each layer lists what it may import (an allow-list,
 * one per target), so a new folder is refused until it is given a layer here.
 */
/** The one owner of each table's SQL (docs/stores.md): stores import only db/ and src/shared. */
const STORES = ['stores'];
const BASE = ['data-dir', 'logging.ts', 'log-file.ts', 'events.ts', 'settings.ts', 'lab-time-zone.ts', 'version.ts', 'completion-hooks.ts', 'cli-flags.ts'];
/** Rooms that hold the app's logic; the transports, the composition root and the shell use them. */
const DOMAIN_ROOMS = ['records', 'stock', 'locations', 'bulk-import', 'list-export', 'completion', 'backup', 'cart-import', 'auth', 'audit', 'dashboard', 'controlled', 'labels', 'stocktake', 'notifications', 'reference', 'worker'];
const TRANSPORTS = ['api', 'http'];
const COMPOSITION_ROOT = ['app-services.ts', 'serve.ts'];

/** One zone: files under `targets` may import from src/main only what `allowed` names. */
function layer(targets, allowed, message) {
  return { target: targets.map((t) => `./src/main/${t}`), from: './src/main', except: allowed.map((a) => `./${a}`), message };
}

const LAYERS = [
  // db/ opens the files and runs the migrations; what rooms do with the data is passed in
  // (src/main/db/README.md), so no room's change can reach a migration.
  layer(['db'], ['db'], 'src/main/db imports no other room: a migration copies what it needs into src/main/db/migrations/frozen/, and work after the upgrade is passed in (openDatabases afterMigrate).'),
  {
    target: './src/main/db/migrations',
    from: './src/shared',
    message: "Migrations are frozen: copy the helper into src/main/db/migrations/frozen/ instead of calling the app's src/shared code (src/main/db/README.md).",
  },
  layer(STORES, ['db', ...STORES], 'A store (src/main/stores) imports only db/, other stores and src/shared: it owns its tables\' SQL and knows no room.'),
  layer(BASE, ['db', ...BASE], 'The base layer (data directory, logging, events, settings, version) imports only itself and src/shared.'),
  layer(DOMAIN_ROOMS, ['db', ...STORES, ...BASE, ...DOMAIN_ROOMS], 'Domain rooms never import the transports (api/, http/), the composition root or the shell; the composition root (src/main/app-services.ts) passes them what they need.'),
  layer(TRANSPORTS, ['db', ...STORES, ...BASE, ...DOMAIN_ROOMS, ...TRANSPORTS], 'Handlers and routes receive their services as parameters; only the composition root and the shell hold the running app.'),
  layer(COMPOSITION_ROOT, ['db', ...STORES, ...BASE, ...DOMAIN_ROOMS, ...TRANSPORTS, ...COMPOSITION_ROOT], 'The composition root never imports the Electron shell.'),
];

const NO_TRANSACTION_OUTSIDE_DB = {
  selector: "CallExpression[callee.property.name='transaction']",
  message: 'Use writeTransaction (BEGIN IMMEDIATE) or readSnapshot from src/main/db/transaction.ts (docs/stores.md).',
};
const SQL_MESSAGE = "SQL belongs to the store that owns the table (src/main/stores; docs/stores.md): call the store's typed functions.";
const NO_SQL_OUTSIDE_STORES = [
  { selector: "CallExpression[callee.property.name='prepare']", message: SQL_MESSAGE },
  { selector: "CallExpression[callee.name='prepareCached']", message: SQL_MESSAGE },
  { selector: "CallExpression[callee.property.name='pragma']", message: SQL_MESSAGE },
  { selector: "CallExpression[callee.property.name='exec'][arguments.0.type=/^(Literal|TemplateLiteral)$/]", message: SQL_MESSAGE },
];

/**
 * Code of a child process or worker thread (docs/layers.md): the module a child starts from ends in
 * `-entry.ts`, a module that runs only inside a child ends in `.child.ts`, and only those two import
 * a `.child.ts` module, dynamically or not. So the main process never loads what a child runs (its
 * heap and blocking work are the child's, not the server's). A type-only import loads nothing and is
 * allowed: the parent names what its child takes and answers.
 */
const childImports = {
  meta: {
    type: 'problem',
    schema: [],
    messages: { child: "'{{source}}' runs only inside a child process or worker: only an -entry.ts or another .child.ts module imports it (docs/layers.md)." },
  },
  create(context) {
    if (/(-entry|\.child)\.ts$/.test(context.filename)) return {};
    const check = (source, typeOnly) => {
      if (!typeOnly && source?.type === 'Literal' && typeof source.value === 'string' && /\.child(\.ts)?$/.test(source.value)) {
        context.report({ node: source, messageId: 'child', data: { source: source.value } });
      }
    };
    const allTypes = (specifiers) => specifiers.length > 0 && specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type');
    return {
      ImportDeclaration: (n) => check(n.source, n.importKind === 'type' || allTypes(n.specifiers)),
      ExportNamedDeclaration: (n) => check(n.source, n.exportKind === 'type' || allTypes(n.specifiers)),
      ExportAllDeclaration: (n) => check(n.source, n.exportKind === 'type'),
      ImportExpression: (n) => check(n.source, false),
    };
  },
};
const lab = { rules: { 'child-imports': childImports } };

const electronOnlyInShell = {
  paths: [{ name: 'electron', message: 'Only the Electron shell (src/main/shell) and the preload may import electron.' }],
};

/** The rooms whose facts live in lab.db: their services see only the seam (docs/stores.md). */
const SEAM_ROOMS = ['records', 'stock', 'locations', 'bulk-import', 'list-export', 'cart-import', 'auth', 'audit', 'dashboard', 'controlled', 'labels', 'stocktake', 'notifications'];
/** Files of those rooms that hold a connection on purpose (the rule's comment says why). */
const CONNECTION_HOLDERS = ['src/main/records/search-index.ts', 'src/main/records/letter-index.ts', 'src/main/records/search.ts', 'src/main/auth/session-carry.ts', 'src/main/list-export/export-job.ts', 'src/main/bulk-import/import-locations.ts'];

/**
 * The renderer's import rules. antd's own Form drops a submit that a newer check overtook (it reaches
 * onFinishFailed as `outOfDate`, with no errors); src/renderer/app/Form.tsx submits it again, so
 * every other renderer file imports that Form instead.
 */
function rendererImports(noAntdForm) {
  return {
    paths: [
      ...electronOnlyInShell.paths,
      ...(noAntdForm ? [{ name: 'antd', importNames: ['Form'], message: "Import Form from src/renderer/app/Form: it submits again a click that a newer check overtook." }] : []),
    ],
    patterns: [{ group: ['**/main/**', '**/preload/**', 'node:*'], message: 'The renderer talks to main only through the API client (src/renderer/api).' }],
  };
}

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'release/**', 'node_modules/**', 'extension/dist/**', 'extension/build/**', 'reports/**', 'test-results/**', 'bench-results/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2024, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'extension/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['src/main/**/*.ts'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          // Type imports count here too: no-cycle skips them, and a handler typed against the whole
          // app is the service locator again.
          zones: LAYERS,
        },
      ],
    },
  },
  {
    files: ['src/main/**/*.ts'],
    plugins: { lab },
    rules: { 'lab/child-imports': 'error' },
  },
  {
    // The services await their stores (docs/stores.md): a promise left unawaited, or tested as a
    // truth value, is a write that may land after its answer or a check that always passes. These
    // rules need the types, so they run only where promises cross the seam.
    files: ['src/main/**/*.ts', 'test/**/*.ts', 'bench/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    // Stores (docs/stores.md): SQL lives in the store that owns the table (src/main/stores), in db/
    // (opening, migrations). Every transaction goes through db/transaction.ts (a write begins IMMEDIATE).
    files: ['src/main/**/*.ts'],
    ignores: ['src/main/db/**', 'src/main/stores/**'],
    rules: { 'no-restricted-syntax': ['error', NO_TRANSACTION_OUTSIDE_DB, ...NO_SQL_OUTSIDE_STORES] },
  },
  {
    files: ['src/main/stores/**/*.ts'],
    ignores: ['src/main/db/**'],
    rules: { 'no-restricted-syntax': ['error', NO_TRANSACTION_OUTSIDE_DB] },
  },
  {
    files: ['src/main/**/*.ts'],
    ignores: ['src/main/shell/**'],
    rules: { 'no-restricted-imports': ['error', electronOnlyInShell] },
  },
  {
    // The rooms on lab.db get the seam (docs/stores.md): units of work with the stores inside, never
    // a connection or a synchronous transaction. What holds a connection on purpose is named here:
    // child-process code, the start-up check of the search indexes (before any service exists), the
    // sessions carried across a restore (a staged directory's own file), the export's snapshot held
    // across chunks, and the import writer's place lookup.
    files: SEAM_ROOMS.map((r) => `src/main/${r}/**/*.ts`),
    ignores: ['src/main/**/*.child.ts', 'src/main/**/*-entry.ts', ...CONNECTION_HOLDERS],
    rules: {
      'no-restricted-imports': ['error', { ...electronOnlyInShell, patterns: [{ group: ['**/db/open', '**/db/transaction', '**/db/unit-of-work'], message: 'A room on lab.db gets the seam (deps.data: read / withWriteTransaction), not a connection or a transaction helper (docs/stores.md).' }] }],
    },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', rendererImports(true)] },
  },
  {
    // The one place that wraps antd's Form.
    files: ['src/renderer/app/Form.tsx'],
    rules: { 'no-restricted-imports': ['error', rendererImports(false)] },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { ...electronOnlyInShell, patterns: [{ group: ['**/main/**', '**/renderer/**', '**/preload/**'], message: 'src/shared is imported by everyone and imports none of them.' }] },
      ],
    },
  },
  {
    files: ['extension/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { ...electronOnlyInShell, patterns: [{ group: ['**/src/main/**', '**/src/renderer/**'], message: 'The extension may share only src/shared.' }] }] },
  },
  {
    files: ['**/*.mjs', '**/*.cjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', __dirname: 'readonly', URL: 'readonly', setTimeout: 'readonly', fetch: 'readonly' } },
  },
);
