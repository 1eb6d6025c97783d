// Lint, including the import rules of DESIGN §9: only the shell (and the preload bridge) imports
// electron; the renderer never imports main code; src/shared imports neither.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const electronOnlyInShell = {
  paths: [{ name: 'electron', message: 'Only the Electron shell (src/main/shell) and the preload may import electron.' }],
};

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
    files: ['src/main/**/*.ts'],
    ignores: ['src/main/shell/**'],
    rules: { 'no-restricted-imports': ['error', electronOnlyInShell] },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          ...electronOnlyInShell,
          patterns: [{ group: ['**/main/**', '**/preload/**', 'node:*'], message: 'The renderer talks to main only through the API client (src/renderer/api).' }],
        },
      ],
    },
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
