// One linter for every workspace (flat config). The rules below keep the project's decisions
// true (docs/how-to-add-a-module.md); `npm test` runs it with zero warnings allowed.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { layoutPlugin } from './scripts/eslint/layoutRules.js';

const QUERY_BUILDER = /^(selectFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto|selectNoFrom)$/;

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
  {
    // docs/architecture/routes.md: a route reads the request, calls a repository or service, answers
    files: ['server/src/routes/**/*.ts'],
    rules: {
      'no-restricted-syntax': ['error', {
        selector: `CallExpression[callee.property.name=${QUERY_BUILDER}]`,
        message: 'Queries live in repositories (server/src/repositories or the area\'s own), not in route files.',
      }],
      'no-restricted-imports': ['error', {
        paths: [{ name: 'kysely', importNames: ['sql'], message: 'SQL lives in repositories, not in route files.' }],
      }],
    },
  },
  {
    // each Playwright worker has a server of its own: specs take `test` (its baseURL) from e2e/test.ts
    files: ['tests/e2e/**/*.ts'],
    ignores: ['tests/e2e/test.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{ name: '@playwright/test', message: "Import test, expect and the types from './test.ts' (one server per worker)." }],
      }],
    },
  },
  {
    // streaming/src/server/peerConnection.ts: werift peers open through newPeerConnection (its DTLS client guard)
    files: ['streaming/src/**/*.ts'],
    ignores: ['streaming/src/server/peerConnection.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{ name: 'werift', importNames: ['RTCPeerConnection'], allowTypeImports: true, message: 'Open werift peers with newPeerConnection (streaming/src/server/peerConnection.ts).' }],
      }],
    },
  },
  {
    // configuration is read once, typed, with its defaults (server/src/config.ts, streaming's config.ts)
    files: ['{server,streaming,shared,admin,portal}/src/**/*.{ts,tsx}'],
    ignores: ['**/config.ts', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read settings from config.ts.' }],
    },
  },
  {
    // docs/admin.md "One editor shape": every form shows refused saves the one way (EditorForm)
    files: ['admin/src/**/*.{ts,tsx}'],
    ignores: ['admin/src/common/editor/**', 'admin/src/common/ResponsiveDatagrid.tsx'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{
          name: 'react-admin',
          importNames: ['SimpleForm', 'TabbedForm'],
          message: 'Use EditorForm / EditorTabbedForm (admin/src/common/editor): the one error presentation and unsaved-changes warning.',
        }, {
          name: 'react-admin',
          importNames: ['DatagridConfigurable'],
          message: 'Use ResponsiveDatagrid (admin/src/common/ResponsiveDatagrid.tsx): columns on a tablet, one line per record on a phone.',
        }],
      }],
    },
  },
  {
    files: ['admin/src/resources/**/*.{ts,tsx}'],
    plugins: { layout: layoutPlugin },
    rules: { 'layout/no-cross-resource-imports': 'error' },
  },
);
