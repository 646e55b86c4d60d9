// The import arrows of docs/architecture.md, tested through the real eslint.config.js: each forbidden import
// (static, relative, `import type`, dynamic import()) must be reported by the named rule, each allowed one not.
// Fixture texts are linted as if they were a file inside the real tree (lintText with a filePath), so the
// resolver and the zones see the real folders; the files they import are looked up, not named, so a rename
// elsewhere does not break this test.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const ZONE = 'import-x/no-restricted-paths';
const NODE = 'import-x/no-nodejs-modules';
const TEXT = 'no-restricted-imports';
const SYNTAX = 'no-restricted-syntax';
const arrowRules = new Set([ZONE, NODE, TEXT, SYNTAX]);

/** One source file (not a test) directly in `dir`, relative to the root; `suffix` picks a role such as `.routes.ts`. */
function fileIn(dir: string, suffix = ''): string {
  const name = readdirSync(path.join(root, dir))
    .filter((entry) => /\.tsx?$/.test(entry) && !entry.includes('.test.') && entry.endsWith(suffix))
    .sort()[0];
  if (!name) throw new Error(`no ${suffix || 'source'} file in ${dir}`);
  return `${dir}/${name}`;
}

/** The specifier that reaches `target` from `from` with a relative path (both relative to the root). */
function relative(from: string, target: string): string {
  const spec = path.posix.relative(path.posix.dirname(from), target);
  return spec.startsWith('.') ? spec : `./${spec}`;
}

const web = 'apps/web/src';
const features = readdirSync(path.join(root, web, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();
const [featureA = '', featureB = ''] = features;
const featureAFile = `${web}/features/${featureA}/fixture.tsx`;
const featureBTarget = fileIn(`${web}/features/${featureB}`);
const featureAOwn = fileIn(`${web}/features/${featureA}`);
const alias = (file: string) => `@/${file.slice(web.length + 1)}`;

const modules = 'apps/server/src/modules';
const postsRoutes = fileIn(`${modules}/posts`, '.routes.ts');
const postsService = fileIn(`${modules}/posts`, '.service.ts');
const postsRepository = fileIn(`${modules}/posts`, '.repository.ts');
const webLib = fileIn(`${web}/lib`);
const webApp = `${web}/app/router.tsx`;
const serverApp = 'apps/server/src/app.ts';
const scriptsFile = fileIn('scripts');
const benchLib = fileIn('bench/lib');
const toolingFile = fileIn('tooling');
const domain = 'packages/domain/src';
const workspaceFixture = `${domain}/workspace/fixture.ts`;
const workspaceOwn = fileIn(`${domain}/workspace`);
const kanbanRule = fileIn(`${domain}/kanban`);
const pagesRule = fileIn(`${domain}/pages`);
const backupRule = fileIn(`${domain}/backup`);
const commandsFile = fileIn(`${domain}/commands`);
const testingFile = fileIn(`${domain}/testing`);

interface Case {
  name: string;
  file: string;
  code: string;
  /** The rule that must report the import; undefined: no arrow rule may report it. */
  rule?: string;
}

const spec = (from: string, target: string) => JSON.stringify(relative(from, target));

const cases: Case[] = [
  // packages/domain imports only zod and its own files.
  { name: 'domain: zod and its own files are allowed', file: 'packages/domain/src/content/fixture.ts', code: 'import { z } from "zod";\nimport "./blog-post.ts";\nexport const s = z.string();' },
  { name: 'domain: a relative path into apps/web', file: 'packages/domain/src/content/fixture.ts', code: `import ${spec('packages/domain/src/content/fixture.ts', webLib)};`, rule: ZONE },
  { name: 'domain: a package other than zod', file: 'packages/domain/src/content/fixture.ts', code: 'import "react";', rule: ZONE },
  { name: 'domain: dynamic import() of a package', file: 'packages/domain/src/content/fixture.ts', code: 'export const r = import("react");', rule: ZONE },
  { name: 'domain: a Node built-in', file: 'packages/domain/src/content/fixture.ts', code: 'import "node:fs";', rule: NODE },
  { name: 'domain: dynamic import() of a Node built-in', file: 'packages/domain/src/content/fixture.ts', code: 'export const p = import("node:path");', rule: NODE },
  { name: 'domain testing/: test tools are allowed', file: 'packages/domain/src/testing/fixture.ts', code: 'import fc from "fast-check";\nimport { z } from "zod";\nexport const a = [fc, z];' },
  { name: 'domain tests: vitest is allowed', file: 'packages/domain/src/content/fixture.test.ts', code: 'import { it } from "vitest";\nexport const t = it;' },
  { name: 'domain: a rule never imports testing/', file: 'packages/domain/src/content/fixture.ts', code: 'import "../testing/time-zones.ts";', rule: ZONE },
  { name: 'domain tests: testing/ is allowed', file: 'packages/domain/src/content/fixture.test.ts', code: 'import "../testing/time-zones.ts";' },
  { name: 'web: app code never imports the domain\'s testing/', file: `${web}/lib/fixture.ts`, code: 'import "@grove/domain/testing/time-zones";', rule: ZONE },
  { name: 'web: a root file never imports the domain\'s testing/', file: `${web}/fixture.tsx`, code: 'import "@grove/domain/testing/time-zones";', rule: ZONE },
  { name: 'web tests: the domain\'s testing/ is allowed', file: `${web}/lib/fixture.test.ts`, code: 'import "@grove/domain/testing/time-zones";' },
  { name: 'web test set-up: the domain\'s testing/ is allowed', file: `${web}/test/fixture.ts`, code: 'import "@grove/domain/testing/time-zones";' },
  { name: 'server: the domain\'s testing/', file: 'apps/server/src/http/fixture.ts', code: 'import "@grove/domain/testing/time-zones";', rule: ZONE },
  { name: 'domain testing/: still no web code', file: 'packages/domain/src/testing/fixture.ts', code: `import ${spec('packages/domain/src/testing/fixture.ts', webLib)};`, rule: ZONE },

  // Inside the domain, workspace/ is the ground floor: it imports nothing built on it; commands/ is the top floor.
  { name: 'domain workspace/: its own files are allowed', file: workspaceFixture, code: `import ${spec(workspaceFixture, workspaceOwn)};` },
  { name: 'domain workspace/: a feature by a relative path', file: workspaceFixture, code: `import ${spec(workspaceFixture, kanbanRule)};`, rule: ZONE },
  { name: 'domain workspace/: a feature by import type', file: workspaceFixture, code: `import type * as P from ${spec(workspaceFixture, pagesRule)};\nexport type T = typeof P;`, rule: ZONE },
  { name: 'domain workspace/: a feature by dynamic import()', file: workspaceFixture, code: `export const k = import(${spec(workspaceFixture, kanbanRule)});`, rule: ZONE },
  { name: 'domain workspace/: a feature through its package name', file: workspaceFixture, code: `import '@grove/domain/${kanbanRule.slice(domain.length + 1, -3)}';`, rule: ZONE },
  { name: 'domain workspace/: backup/', file: workspaceFixture, code: `import ${spec(workspaceFixture, backupRule)};`, rule: ZONE },
  { name: 'domain workspace/: commands/', file: workspaceFixture, code: `import ${spec(workspaceFixture, commandsFile)};`, rule: ZONE },
  { name: 'domain workspace/migrations: a feature', file: `${domain}/workspace/migrations/fixture.ts`, code: `import ${spec(`${domain}/workspace/migrations/fixture.ts`, pagesRule)};`, rule: ZONE },
  { name: 'domain workspace/ tests: testing/ is allowed', file: `${domain}/workspace/fixture.test.ts`, code: `import ${spec(`${domain}/workspace/fixture.test.ts`, testingFile)};` },
  { name: 'domain workspace/ tests: still no feature', file: `${domain}/workspace/fixture.test.ts`, code: `import ${spec(`${domain}/workspace/fixture.test.ts`, kanbanRule)};`, rule: ZONE },
  { name: 'domain: a feature imports workspace/', file: `${domain}/kanban/fixture.ts`, code: `import ${spec(`${domain}/kanban/fixture.ts`, workspaceOwn)};` },
  { name: 'domain commands/: the features are allowed', file: `${domain}/commands/fixture.ts`, code: `import ${spec(`${domain}/commands/fixture.ts`, kanbanRule)};` },
  { name: 'domain: a feature rule never imports commands/', file: `${domain}/kanban/fixture.ts`, code: `import ${spec(`${domain}/kanban/fixture.ts`, commandsFile)};`, rule: ZONE },
  { name: 'domain tests: commands/ is allowed', file: `${domain}/kanban/fixture.test.ts`, code: `import ${spec(`${domain}/kanban/fixture.test.ts`, commandsFile)};` },
  { name: 'web: commands/ is allowed', file: `${web}/lib/fixture.ts`, code: `import '@grove/domain/${commandsFile.slice(domain.length + 1, -3)}';` },

  // Features never import each other nor app/.
  { name: 'feature: its own files by alias and ./ are allowed', file: featureAFile, code: `import '${alias(featureAOwn)}';\nimport ${spec(featureAFile, featureAOwn)};` },
  { name: 'feature: domain, lib and components are allowed', file: featureAFile, code: `import '@grove/domain/content/blog-post';\nimport '${alias(webLib)}';\nimport '${alias(fileIn(`${web}/components`))}';` },
  { name: 'feature: another feature by alias', file: featureAFile, code: `import '${alias(featureBTarget)}';`, rule: ZONE },
  { name: 'feature: another feature by a relative path', file: featureAFile, code: `import ${spec(featureAFile, featureBTarget)};`, rule: ZONE },
  { name: 'feature: `../` inside a feature is refused by text too', file: featureAFile, code: `import ${spec(featureAFile, featureBTarget)};`, rule: TEXT },
  { name: 'feature: another feature by import type', file: featureAFile, code: `import type * as B from '${alias(featureBTarget)}';\nexport type T = typeof B;`, rule: ZONE },
  { name: 'feature: another feature by dynamic import()', file: featureAFile, code: `export const b = import('${alias(featureBTarget)}');`, rule: ZONE },
  { name: 'feature: another feature by a re-export', file: featureAFile, code: `export * from '${alias(featureBTarget)}';`, rule: ZONE },
  { name: 'feature: another feature by require()', file: featureAFile, code: `declare const require: (id: string) => unknown;\nexport const b = require('${alias(featureBTarget)}');`, rule: ZONE },
  { name: 'feature: a computed import() path', file: featureAFile, code: `const name = '${featureB}';\nexport const b = import(\`@/features/\${name}/x.tsx\`);`, rule: SYNTAX },
  { name: 'lib: import.meta.glob', file: `${web}/lib/fixture.ts`, code: 'export const all = import.meta.glob("@/features/**/*.tsx");', rule: SYNTAX },
  { name: 'feature: app/', file: featureAFile, code: `import '${alias(webApp)}';`, rule: ZONE },
  { name: 'feature: a server-only library', file: featureAFile, code: 'import "fastify";', rule: TEXT },

  // lib/ and components/ sit below features and app/.
  { name: 'lib: a feature by a relative path', file: `${web}/lib/fixture.ts`, code: `import ${spec(`${web}/lib/fixture.ts`, featureBTarget)};`, rule: ZONE },
  { name: 'lib: a feature by dynamic import()', file: `${web}/lib/fixture.ts`, code: `export const f = import('${alias(featureBTarget)}');`, rule: ZONE },
  { name: 'components: app/', file: `${web}/components/fixture.tsx`, code: `import '${alias(webApp)}';`, rule: ZONE },
  { name: 'app/router.tsx: features lazily (the composition root)', file: webApp, code: `export const lazy = () => import('${alias(featureBTarget)}');` },

  // The web app and the server stay apart.
  { name: 'web: a relative path into apps/server', file: `${web}/lib/fixture.ts`, code: `import ${spec(`${web}/lib/fixture.ts`, serverApp)};`, rule: ZONE },
  { name: 'web: dynamic import() of server code', file: `${web}/lib/fixture.ts`, code: `export const s = import(${spec(`${web}/lib/fixture.ts`, serverApp)});`, rule: ZONE },
  { name: 'server: the domain contracts are allowed', file: 'apps/server/src/http/fixture.ts', code: 'import "@grove/domain/content/blog-post";' },
  { name: 'server: a relative path into web code', file: 'apps/server/src/http/fixture.ts', code: `import ${spec('apps/server/src/http/fixture.ts', webLib)};`, rule: ZONE },
  // `@/` does not resolve from the server (its tsconfig has no such path), so the zone cannot see it: refused by text.
  { name: 'server: the web alias', file: 'apps/server/src/http/fixture.ts', code: `import '${alias(webLib)}';`, rule: TEXT },
  { name: 'server: web code through its workspace package', file: 'apps/server/src/http/fixture.ts', code: `import '@grove/web/${webLib.slice('apps/web/'.length)}';`, rule: ZONE },
  { name: 'server: dynamic import() of web code', file: 'apps/server/src/http/fixture.ts', code: `export const w = import(${spec('apps/server/src/http/fixture.ts', webLib)});`, rule: ZONE },
  { name: 'e2e: app code by a relative path', file: 'e2e/fixture.spec.ts', code: `import ${spec('e2e/fixture.spec.ts', webLib)};`, rule: ZONE },

  // The repository's tools: scripts/ and bench/ never import each other; both may use tooling/.
  { name: 'scripts: tooling/ is allowed', file: 'scripts/fixture.ts', code: `import ${spec('scripts/fixture.ts', toolingFile)};` },
  { name: 'bench: tooling/ is allowed', file: 'bench/fixture.ts', code: `import ${spec('bench/fixture.ts', toolingFile)};` },
  { name: 'scripts: bench code', file: 'scripts/screenshots/fixture.ts', code: `import ${spec('scripts/screenshots/fixture.ts', benchLib)};`, rule: ZONE },
  { name: 'scripts: bench code by dynamic import()', file: 'scripts/fixture.ts', code: `export const b = import(${spec('scripts/fixture.ts', benchLib)});`, rule: ZONE },
  { name: 'bench: scripts code', file: 'bench/fixture.ts', code: `import ${spec('bench/fixture.ts', scriptsFile)};`, rule: ZONE },
  { name: 'tooling: bench code', file: 'tooling/fixture.ts', code: `import ${spec('tooling/fixture.ts', benchLib)};`, rule: ZONE },
  { name: 'tooling: scripts code', file: 'tooling/fixture.ts', code: `import ${spec('tooling/fixture.ts', scriptsFile)};`, rule: ZONE },
  { name: 'server: tooling code', file: 'apps/server/src/http/fixture.ts', code: `import ${spec('apps/server/src/http/fixture.ts', toolingFile)};`, rule: ZONE },

  // Server layers: routes -> service -> repository.
  { name: 'routes: its service is allowed', file: `${modules}/posts/fixture.routes.ts`, code: `import ${spec(postsRoutes, postsService)};` },
  { name: 'routes: a repository', file: `${modules}/posts/fixture.routes.ts`, code: `import ${spec(postsRoutes, postsRepository)};`, rule: ZONE },
  { name: 'routes: a repository by import type', file: `${modules}/posts/fixture.routes.ts`, code: `import type * as R from ${spec(postsRoutes, postsRepository)};\nexport type T = typeof R;`, rule: ZONE },
  { name: 'service: its repository is allowed', file: `${modules}/posts/fixture.service.ts`, code: `import ${spec(postsService, postsRepository)};` },
  { name: 'service: routes', file: `${modules}/posts/fixture.service.ts`, code: `import ${spec(postsService, postsRoutes)};`, rule: ZONE },
  { name: 'repository: a service', file: `${modules}/posts/fixture.repository.ts`, code: `import ${spec(postsRepository, postsService)};`, rule: ZONE },
  { name: 'repository: routes by dynamic import()', file: `${modules}/posts/fixture.repository.ts`, code: `export const r = import(${spec(postsRepository, postsRoutes)});`, rule: ZONE },
  { name: 'realtime: a service is allowed', file: 'apps/server/src/realtime/fixture.ts', code: `import ${spec('apps/server/src/realtime/fixture.ts', postsService)};` },
  { name: 'realtime: a repository', file: 'apps/server/src/realtime/fixture.ts', code: `import ${spec('apps/server/src/realtime/fixture.ts', postsRepository)};`, rule: ZONE },
  { name: 'realtime: a routes file', file: 'apps/server/src/realtime/fixture.ts', code: `import ${spec('apps/server/src/realtime/fixture.ts', postsRoutes)};`, rule: ZONE },
  { name: 'http: a routes file by import type', file: 'apps/server/src/http/fixture.ts', code: `import type * as R from ${spec('apps/server/src/http/fixture.ts', postsRoutes)};\nexport type T = typeof R;`, rule: ZONE },
  { name: 'http: a repository', file: 'apps/server/src/http/fixture.ts', code: `import ${spec('apps/server/src/http/fixture.ts', postsRepository)};`, rule: ZONE },
  { name: 'app.ts: the composition root may import a repository', file: serverApp, code: `import ${spec(serverApp, postsRepository)};` },
];

let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({
    cwd: root,
    // Only the arrow rules run, so no type information is needed: the parser skips building TypeScript programs.
    ruleFilter: ({ ruleId }) => arrowRules.has(ruleId),
    overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: null } } },
  });
});

async function arrowReports(file: string, code: string) {
  const [result] = await eslint.lintText(`${code}\n`, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((message) => ({ rule: message.ruleId, line: message.line, text: message.message }));
}

describe('import arrows (eslint.config.js)', () => {
  it('finds the folders the fixtures need', () => {
    expect(features.length).toBeGreaterThanOrEqual(2);
    expect(featureAOwn).not.toBe(featureBTarget);
  });

  it.each(cases)('$name', async ({ file, code, rule }) => {
    const reports = await arrowReports(file, code);
    if (rule) {
      expect(reports.map((report) => report.rule)).toContain(rule);
    } else {
      expect(reports).toEqual([]);
    }
  });
});
