// Lint, including the import rules of DESIGN §9: only the shell (and the preload bridge) imports
// electron; the renderer never imports main code; src/shared imports neither; the domain rooms of
// src/main never import the transports (api/, http/) or the shell; no import cycles.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

/** Rooms that hold the app's logic; the composition root, the transports and the shell use them. */
const DOMAIN_ROOMS = ['records', 'completion', 'backup', 'cart-import', 'auth', 'audit', 'db', 'data-dir', 'dashboard', 'controlled', 'labels', 'stocktake'];

const electronOnlyInShell = {
  paths: [{ name: 'electron', message: 'Only the Electron shell (src/main/shell) and the preload may import electron.' }],
};

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
          zones: [
            ...DOMAIN_ROOMS.map((room) => ({
              target: `./src/main/${room}`,
              from: ['./src/main/api', './src/main/http', './src/main/shell', './src/main/app-services.ts'],
              message: 'Domain rooms never import the transports, the shell or the composition root; the composition root (src/main/app-services.ts) passes them what they need.',
            })),
            // db/ opens the files and runs the migrations; what rooms do with the data is passed in
            // (src/main/db/README.md), so no room's change can reach a migration.
            {
              target: './src/main/db',
              from: './src/main',
              except: ['./db'],
              message: 'src/main/db imports no other room: a migration copies what it needs into src/main/db/migrations/frozen/, and work after the upgrade is passed in (openDatabases afterMigrate).',
            },
            {
              target: './src/main/db/migrations',
              from: './src/shared',
              message: "Migrations are frozen: copy the helper into src/main/db/migrations/frozen/ instead of calling the app's src/shared code (src/main/db/README.md).",
            },
            // Type imports count here too: no-cycle skips them, and a handler typed against the whole
            // app is the service locator again.
            ...['api', 'http'].map((room) => ({
              target: `./src/main/${room}`,
              from: ['./src/main/app-services.ts'],
              message: 'Handlers and routes receive their services as parameters; only the shell and browser mode hold the running app.',
            })),
          ],
        },
      ],
    },
  },
  {
    files: ['src/main/**/*.ts'],
    ignores: ['src/main/shell/**'],
    rules: { 'no-restricted-imports': ['error', electronOnlyInShell] },
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
