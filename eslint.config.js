// One linter for every workspace (flat config). The rules below keep the project's decisions
// true (docs/how-to-add-a-module.md); `npm test` runs it with zero warnings allowed.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**', '**/dist/**', '**/coverage/**', '**/test-results/**', '**/playwright-report/**',
      'data/**', '**/.tmp/**', 'tests/.*.mjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: {
        // node and browser code share the repository; the type-checker guards which is which
        console: 'readonly', process: 'readonly', URL: 'readonly', URLSearchParams: 'readonly', setTimeout: 'readonly',
        clearTimeout: 'readonly', setInterval: 'readonly', clearInterval: 'readonly', Buffer: 'readonly',
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // the type-checker owns undefined names (globals differ per workspace)
      'no-undef': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    // plain ES5 served to package pages: its one function is called by the launch script around it
    files: ['server/src/contentOrigin/scormBridge.js'],
    rules: { '@typescript-eslint/no-unused-vars': ['error', { varsIgnorePattern: '^lpScormBridge$' }] },
  },
  {
    files: ['admin/src/**/*.{ts,tsx}', 'portal/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      // an effect that runs once per item on purpose says so beside its disable directive
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
