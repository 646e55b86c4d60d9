// One tool for lint and format: ESLint with typescript-eslint (type-aware) and @stylistic.
// The import arrows of docs/architecture.md are enforced here with no-restricted-imports.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import stylistic from '@stylistic/eslint-plugin';
import reactHooks from 'eslint-plugin-react-hooks';
import i18next from 'eslint-plugin-i18next';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const featureNames = (() => {
  try {
    return readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
})();

const serverOnly = ['fastify', '@fastify/*', 'pg', '@electric-sql/*', 'drizzle-orm', 'drizzle-orm/*', 'node:*', 'ws', 'sanitize-html'];

const webPatterns = [
  { group: serverOnly, message: 'Server-only module: the web app talks to the server over HTTP.' },
  { regex: 'apps/server', message: 'The web app never imports server code.' },
];

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', 'test-results/**', 'playwright-report/**', '.reports/**', 'apps/web/public/**', 'data/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  stylistic.configs.customize({ semi: true, quotes: 'single', indent: 2, arrowParens: true, braceStyle: '1tbs', jsx: true }),
  {
    languageOptions: {
      parserOptions: { projectService: { allowDefaultProject: ['*.js', '*.mjs', 'scripts/*.mjs'] }, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@stylistic/max-len': ['error', { code: 140, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreUrls: true }],
      '@stylistic/operator-linebreak': 'off',
      '@stylistic/multiline-ternary': 'off',
      '@stylistic/jsx-one-expression-per-line': 'off',
      '@stylistic/quote-props': ['error', 'as-needed'],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['scripts/**', 'bench/**'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // Every user-visible text goes through i18next: no literal text in JSX ('My Garden' is data, not JSX text).
  {
    files: ['apps/web/src/**/*.tsx'],
    ignores: ['apps/web/src/**/*.test.tsx'],
    plugins: { i18next },
    rules: { 'i18next/no-literal-string': ['error', { mode: 'jsx-text-only' }] },
  },
  // packages/domain imports only zod and itself.
  {
    files: ['packages/domain/**/*.ts'],
    // Test support (fast-check arbitraries) may import test tools.
    ignores: ['packages/domain/**/*.test.ts', 'packages/domain/vitest.config.ts', 'packages/domain/src/testing/**'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ regex: '^(?!zod$|zod/|\\.{1,2}/)', message: 'packages/domain is pure: it may import only zod and its own modules.' }],
      }],
    },
  },
  // The web app never imports server code or server-only libraries.
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: webPatterns }] },
  },
  // lib/, components/ and i18n/ sit below the features and app/: they import neither.
  {
    files: ['apps/web/src/{lib,components,i18n}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          ...webPatterns,
          { regex: '^@/(features|app)(/|$)', message: 'lib/, components/ and i18n/ never import features or app/: move the shared piece down.' },
        ],
      }],
    },
  },
  // Features never import each other nor app/; inside a feature, go down with ./ or use @/features/<own>/.
  ...featureNames.map((name) => ({
    files: [`apps/web/src/features/${name}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          ...webPatterns,
          { group: ['@/app', '@/app/**'], message: 'Features never import app/: app/ composes features.' },
          { regex: `^@/features/(?!${name}/)`, message: 'Features never import each other: move shared code to components/, lib/ or the domain.' },
          { regex: '^\\.\\./', message: 'Inside a feature import with ./ or @/features/<own>/ so the feature boundary stays visible.' },
        ],
      }],
    },
  })),
  // The server imports the domain contracts, never web code.
  {
    files: ['apps/server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { regex: '(^@/|apps/web|@grove/web)', message: 'The server never imports web code.' },
          { group: ['react', 'react-dom', 'react-*'], message: 'The server renders no React.' },
        ],
      }],
    },
  },
  // e2e tests drive the built app through the browser only.
  {
    files: ['e2e/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ regex: '(apps/|@grove/(web|server)|^@/)', message: 'e2e tests drive the built app through the browser only.' }],
      }],
    },
  },
);
