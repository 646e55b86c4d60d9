// One tool for lint and format: ESLint with typescript-eslint (type-aware) and @stylistic.
// The import arrows of docs/architecture.md are enforced on RESOLVED paths by import-x/no-restricted-paths
// (decision 038): `../`, the `@/` alias, `@grove/domain/*`, `import type` and dynamic import() all resolve to
// the same file, so no spelling walks around a zone. Zones are tested in scripts/lint-arrows.test.ts.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import stylistic from '@stylistic/eslint-plugin';
import { resolve as resolveTypeScript } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
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
  {
    group: ['react-i18next'], importNames: ['useTranslation'],
    message: 'Use @/i18n/use-translation.ts: react-i18next\'s hook costs a copy of the i18next instance on every mount.',
  },
];

// Paths are relative to the repository root (basePath below); a target or from with a glob is matched as one.
const web = 'apps/web/src';
const modules = 'apps/server/src/modules';

// Each file resolves with the tsconfig that includes it (`@/` in apps/web and bench/store; workspaces by their
// package exports). Absolute tsconfig paths and the plain resolve() keep this independent of ESLint's cwd: the
// package's createTypeScriptImportResolver drops the tsconfigs when ESLint's cwd differs from process.cwd().
const typeScriptResolverOptions = {
  project: ['tsconfig.json', 'apps/web', 'apps/server', 'packages/domain', 'e2e', 'bench/store', 'bench/bare']
    .map((dir) => path.join(import.meta.dirname, dir.endsWith('.json') ? dir : `${dir}/tsconfig.json`)),
  noWarnOnMultipleProjects: true,
};
const typeScriptResolver = {
  interfaceVersion: 3,
  name: 'grove-typescript',
  resolve: (source, file) => resolveTypeScript(source, file, typeScriptResolverOptions),
};

const arrowZones = [
  // packages/domain imports only zod, yjs (the merge engine, decision 061) and its own files; its tests and testing/
  // (fast-check arbitraries) add test tools.
  {
    target: ['packages/domain/src/!(testing)/**/!(*.test).ts', 'packages/domain/src/!(*.test).ts'],
    from: '.',
    except: ['packages/domain', 'node_modules/zod', 'node_modules/yjs'],
    message: 'packages/domain is pure: it may import only zod, yjs and its own modules.',
  },
  {
    target: ['packages/domain/src/**/*.test.ts', 'packages/domain/src/testing/**'],
    from: '.',
    except: ['packages/domain', 'node_modules/zod', 'node_modules/yjs', 'node_modules/vitest', 'node_modules/@vitest', 'node_modules/fast-check'],
    message: 'Domain tests and testing/ may import only the domain, zod, yjs and the test tools (vitest, fast-check).',
  },
  // Inside the domain, workspace/ (the data model, load, repair, commands' shape) is the ground floor: it imports
  // none of the folders built on it (the features, backup/, commands/...; decision 062). Its tests may add testing/.
  {
    target: 'packages/domain/src/workspace',
    from: 'packages/domain/src',
    except: ['./workspace', './testing'],
    message: 'packages/domain/src/workspace/ is the ground floor: it imports nothing built on it. Move the shared fact down into workspace/, or the rule up.',
  },
  // commands/ (the registry of every command, the Settings commands) is the top floor: no other domain rule imports it.
  {
    target: ['packages/domain/src/!(commands|testing)/**/!(*.test).ts', 'packages/domain/src/!(*.test).ts'],
    from: 'packages/domain/src/commands',
    message: 'packages/domain/src/commands/ lists every feature\'s commands: no domain rule imports it (the apps and tests may).',
  },
  // The domain's testing/ (arbitraries, test data) is for tests: no shipped code of the domain, web app or server uses it.
  {
    target: [
      'packages/domain/src/!(testing)/**/!(*.test).ts',
      'packages/domain/src/!(*.test).ts',
      `${web}/!(test)/**/!(*.test).{ts,tsx}`,
      `${web}/!(*.test).{ts,tsx}`,
      'apps/server/src/**/!(*.test).ts',
    ],
    from: 'packages/domain/src/testing',
    message: 'packages/domain/src/testing/ is test support: only tests import it.',
  },
  // The three apps stay apart: the web app and the server meet over HTTP, e2e drives the browser.
  {
    target: 'apps/web',
    from: ['apps/server', 'e2e', 'bench', 'tooling'],
    message: 'The web app never imports server, e2e, bench or tooling code: it talks to the server over HTTP.',
  },
  {
    target: 'apps/server',
    from: ['apps/web', 'e2e', 'bench', 'tooling'],
    message: 'The server imports the domain contracts, never web, e2e, bench or tooling code.',
  },
  { target: 'e2e', from: 'apps', message: 'e2e tests drive the built app through the browser only.' },
  // The repository's tools: scripts/ and bench/ never import each other; what both use is in tooling/, below both.
  { target: 'scripts', from: 'bench', message: 'scripts/ never imports bench/: move what both use to tooling/.' },
  { target: 'bench', from: 'scripts', message: 'bench/ never imports scripts/: move what both use to tooling/.' },
  { target: 'tooling', from: ['scripts', 'bench'], message: 'tooling/ serves scripts/ and bench/ and imports neither.' },
  // Features never import each other nor app/ (app/ composes features, router.tsx lazily); lib/, components/
  // and i18n/ sit below both.
  ...featureNames.map((name) => ({
    target: `${web}/features/${name}`,
    from: `${web}/features`,
    except: [`./${name}`],
    message: 'Features never import each other: move shared code to components/, lib/ or the domain.',
  })),
  { target: `${web}/features`, from: `${web}/app`, message: 'Features never import app/: app/ composes features.' },
  {
    target: [`${web}/lib`, `${web}/components`, `${web}/i18n`],
    from: [`${web}/features`, `${web}/app`],
    message: 'lib/, components/ and i18n/ never import features or app/: move the shared piece down.',
  },
  // Server layers: <name>.routes.ts -> <name>.service.ts -> <name>.repository.ts. app.ts, the composition root,
  // wires repositories into services and is in no zone.
  {
    target: `${modules}/*/*.routes.ts`,
    from: [`${modules}/*/*.repository.ts`],
    message: 'A routes file never imports a repository: go through the service.',
  },
  {
    target: `${modules}/*/*.service.ts`,
    from: [`${modules}/*/*.routes.ts`],
    message: 'A service never imports routes: routes call services, not the other way.',
  },
  {
    target: `${modules}/*/*.repository.ts`,
    from: [`${modules}/*/*.routes.ts`, `${modules}/*/*.service.ts`],
    message: 'A repository imports neither routes nor services: it is the bottom layer.',
  },
  {
    target: ['apps/server/src/realtime', 'apps/server/src/http'],
    from: [`${modules}/*/*.repository.ts`],
    message: 'realtime/ and http/ never reach into a repository: use the module\'s service.',
  },
  {
    target: ['apps/server/src/realtime', 'apps/server/src/http'],
    from: [`${modules}/*/*.routes.ts`],
    message: 'realtime/ and http/ never import a module\'s routes: what both need (a cookie name) is a module of its own.',
  },
];

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/dist-ssr/**', '**/node_modules/**', 'test-results/**', 'playwright-report/**', '.reports/**', 'apps/web/public/**', 'data/**'],
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
    files: ['scripts/**', 'bench/**', 'tooling/**'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'bench/bare/**/*.tsx'],
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
  // The arrows, on resolved paths: one zone list for every file (each zone names its own targets).
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [typeScriptResolver],
    },
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: arrowZones }] },
  },
  // Node built-ins resolve to no file, so the domain zone cannot see them: refused by name (static, dynamic, require).
  {
    files: ['packages/domain/src/**/*.ts'],
    ignores: ['packages/domain/src/**/*.test.ts', 'packages/domain/src/testing/**'],
    rules: { 'import-x/no-nodejs-modules': 'error' },
  },
  // A computed import() or Vite's import.meta.glob resolves to no single file, so no zone could check it.
  {
    files: ['apps/web/src/**/*.{ts,tsx}', 'packages/domain/src/**/*.ts'],
    rules: {
      'no-restricted-syntax': ['error',
        { selector: 'ImportExpression:not([source.type="Literal"])', message: 'import() takes a literal path here, so the import arrows can check it.' },
        { selector: 'MemberExpression[object.type="MetaProperty"][property.name=/^glob/]', message: 'import.meta.glob is not used here: its files escape the import arrows.' },
      ],
    },
  },
  // The web app never imports server-only libraries (by package name: a bare specifier is the package).
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: webPatterns }] },
  },
  // Inside a feature, go down with ./ or use @/features/<own>/: `../` is refused so the boundary stays visible.
  {
    files: [`${web}/features/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          ...webPatterns,
          { regex: '^\\.\\./', message: 'Inside a feature import with ./ or @/features/<own>/ so the feature boundary stays visible.' },
        ],
      }],
    },
  },
  // The server renders no React; the web app's `@/` alias does not resolve here, so it is refused by its text.
  {
    files: ['apps/server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { regex: '^@/', message: 'The server never imports web code.' },
          { group: ['react', 'react-dom', 'react-*'], message: 'The server renders no React.' },
        ],
      }],
    },
  },
);
