/**
 * The published package as a user gets it: `npm pack`, then `npm i -g` of the tarball into a
 * temporary prefix with an empty cache and `--offline`, so any dependency the package still
 * declared would fail the install (the bundles carry everything). Then the installed `mol` runs,
 * the library imports with nothing beside it, and a TypeScript file importing the package by name
 * type-checks against its declaration files. The LangGraph entry works once the user's project
 * has @langchain/langgraph (an optional peer), and says what is missing before.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect, type MolResult } from '../helpers/cli.js';

const ROOT = resolve(import.meta.dirname, '../..');
const NAME = '@molecular-dev/molecular';
// Packing builds the declaration files (tsc over the library) and the machine is shared: be patient.
const SLOW = 600_000;

let dir: string;
let tarball: string;
let prefix: string;
let cache: string;

/** npm's own variables from an enclosing `npm test` (prefix, cache, lifecycle) stay out. */
function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key)));
  return { ...env, npm_config_update_notifier: 'false', npm_config_fund: 'false', ...extra };
}

async function run(command: string, args: string[], cwd: string, env = cleanEnv()): Promise<MolResult> {
  const result = await collect(spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] }));
  return result;
}

function expectSuccess(result: MolResult, what: string): void {
  if (result.code !== 0)
    throw new Error(`${what} exited ${result.code}:\n${result.stdout}\n${result.stderr}`);
}

/** A project of its own with the packed package installed (offline, from the tarball). */
async function projectWithPackage(name: string): Promise<string> {
  const project = join(dir, name);
  await mkdir(project);
  await writeFile(join(project, 'package.json'), JSON.stringify({ private: true, type: 'module' }));
  const local = await run(
    'npm',
    ['install', '--cache', cache, '--offline', '--no-audit', '--no-package-lock', tarball],
    project,
  );
  expectSuccess(local, `npm install (${name})`);
  return project;
}

/**
 * `check.ts` of these lines type-checks in the project, with the package's declaration files
 * checked too. Nothing but Node's types beside the package (the repository's own copy): zod's
 * declarations travel inside it and Octokit's are not needed, so the optional peers, which a user
 * who installed only this package does not have, are not there either.
 */
async function expectTypeChecks(project: string, lines: string[]): Promise<void> {
  for (const peer of ['@types/node']) {
    await mkdir(join(project, 'node_modules', peer, '..'), { recursive: true });
    await symlink(join(ROOT, 'node_modules', peer), join(project, 'node_modules', peer));
  }
  await writeFile(
    join(project, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        lib: ['ES2023'],
        types: ['node'],
        strict: true,
        noEmit: true,
        skipLibCheck: false,
      },
      include: ['check.ts'],
    }),
  );
  await writeFile(join(project, 'check.ts'), lines.join('\n'));
  const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
  const checked = await run(process.execPath, [tsc, '-p', project], project);
  expect(checked.stdout + checked.stderr).toBe('');
  expect(checked.code).toBe(0);
}

beforeAll(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), 'mol-package-')));
  prefix = join(dir, 'prefix');
  cache = join(dir, 'npm-cache');
  const packed = await run('npm', ['pack', '--pack-destination', dir, '--cache', cache], ROOT);
  expectSuccess(packed, 'npm pack');
  const name = readdirSync(dir).find((file) => file.endsWith('.tgz'));
  if (!name) throw new Error(`npm pack wrote no tarball:\n${packed.stdout}\n${packed.stderr}`);
  tarball = join(dir, name);
  const installed = await run(
    'npm',
    ['install', '--global', '--prefix', prefix, '--cache', cache, '--offline', '--no-audit', tarball],
    dir,
  );
  expectSuccess(installed, 'npm install --global --offline');
}, SLOW);

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('the packed package', () => {
  it('installs with no dependencies, its declaration files, licence and changelog included', async () => {
    const home = join(prefix, 'lib/node_modules', NAME);
    const manifest = JSON.parse(await readFile(join(home, 'package.json'), 'utf8'));
    expect(manifest.name).toBe(NAME);
    expect(manifest.dependencies ?? {}).toEqual({});
    expect(existsSync(join(home, 'node_modules'))).toBe(false);
    for (const file of ['dist/mol.js', 'dist/lib.js', 'dist/app.js', 'LICENSE', 'CHANGELOG.md', 'formulas']) {
      expect(existsSync(join(home, file)), file).toBe(true);
    }
    // The Action runs from a git ref, never from npm: its bundle stays out of the package.
    expect(existsSync(join(home, 'dist/index.js'))).toBe(false);
    expect(existsSync(join(home, manifest.types))).toBe(true);
    expect(existsSync(join(home, manifest.exports['.'].types))).toBe(true);
    for (const file of Object.values<string>(manifest.exports['./langgraph']))
      expect(existsSync(join(home, file)), file).toBe(true);
    // LangGraph is the user's to install: an optional peer, never installed with the package.
    expect(manifest.peerDependenciesMeta['@langchain/langgraph']).toEqual({ optional: true });
    expect(existsSync(join(prefix, 'lib/node_modules/@langchain'))).toBe(false);
  });

  it(
    'puts a working `mol` on the PATH: help, and the demo end to end',
    async () => {
      const mol = join(prefix, 'bin/mol');
      const help = await run(mol, ['help'], dir);
      expectSuccess(help, 'mol help');
      expect(help.stdout).toMatch(/\bmol\b/);
      expect(help.stdout).toMatch(/\bdemo\b/);

      // The demo keeps its repository for the user to look at: made under this test's folder, it
      // goes with it.
      const demo = await run(mol, ['demo'], dir, cleanEnv({ TMPDIR: dir }));
      expectSuccess(demo, 'mol demo');
      expect(demo.stdout).toMatch(/HELLO, MOLECULAR!/);
    },
    SLOW,
  );

  it(
    'is a library that imports with nothing beside it and type-checks by its name',
    async () => {
      const project = await projectWithPackage('project');

      const formula = [
        'formula = "pair"',
        '[[steps]]',
        'id = "first"',
        'title = "First"',
        '[[steps]]',
        'id = "second"',
        'title = "Second"',
        'needs = ["first"]',
      ].join('\n');
      await writeFile(
        join(project, 'use.mjs'),
        [
          `import { cook, parseFormula } from '${NAME}';`,
          `const parsed = parseFormula(${JSON.stringify(formula)}, 'pair.formula.toml');`,
          'if (!parsed.ok) throw new Error(parsed.error.message);',
          'const cooked = cook(parsed.value);',
          'if (!cooked.ok) throw new Error(cooked.error.message);',
          "console.log(cooked.value.proto.steps.map((step) => step.id).join(' -> '));",
        ].join('\n'),
      );
      const used = await run(process.execPath, ['use.mjs'], project);
      expectSuccess(used, 'node use.mjs');
      expect(used.stdout.trim()).toBe('first -> second');

      await expectTypeChecks(project, [
        `import { cook, createCommentStore, createMoleculeManager, parseFormula, type Molecule, type Proto } from '${NAME}';`,
        '',
        `const parsed = parseFormula('formula = "x"', 'x.formula.toml');`,
        'if (parsed.ok) {',
        '  const cooked = cook(parsed.value, { vars: { name: "value" } });',
        '  if (cooked.ok) {',
        '    const proto: Proto = cooked.value.proto;',
        '    const ids: string[] = proto.steps.map((step) => step.id);',
        '    // @ts-expect-error a step of a proto has no such field: the types are real, not `any`',
        '    proto.steps[0]?.noSuchField;',
        '    void ids;',
        '  }',
        '}',
        'export const idOf = (mol: Molecule): string => mol.id;',
        'export type Manager = ReturnType<typeof createMoleculeManager>;',
        'export type CommentStoreOf = typeof createCommentStore;',
        '// @ts-expect-error parseFormula takes the text and the file name',
        'parseFormula(42);',
        '',
      ]);

      // The README's library example, as written: compiled with --strict, then run.
      const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
      const readme = await readFile(join(ROOT, 'README.md'), 'utf8');
      const example = /\n## Library\n[\s\S]*?```ts\n([\s\S]*?)```/.exec(readme)?.[1];
      if (example === undefined) throw new Error('README.md has no ```ts example under ## Library');
      await writeFile(join(project, 'readme.ts'), example);
      await writeFile(
        join(project, 'tsconfig.readme.json'),
        JSON.stringify({
          extends: './tsconfig.json',
          compilerOptions: { noEmit: false, outDir: 'out' },
          include: ['readme.ts'],
        }),
      );
      const compiled = await run(process.execPath, [tsc, '-p', 'tsconfig.readme.json'], project);
      expect(compiled.stdout + compiled.stderr).toBe('');
      const ran = await run(process.execPath, ['out/readme.js'], project);
      expectSuccess(ran, 'node out/readme.js (the README example)');
      expect(ran.stdout).toBe('first -> second\ntest\n');
    },
    SLOW,
  );
  it(
    'has a LangGraph entry that needs @langchain/langgraph only when it is imported',
    async () => {
      const project = await projectWithPackage('graph-project');
      await writeFile(
        join(project, 'graph.mjs'),
        [
          `import { cook, parseFormula, unwrap } from '${NAME}';`,
          `const { toStateGraph } = await import('${NAME}/langgraph');`,
          `const text = 'formula = "fork"\\n[[steps]]\\nid = "a"\\ntitle = "A"\\n[[steps]]\\nid = "b"\\ntitle = "B"\\nneeds = ["a"]\\n[[steps]]\\nid = "c"\\ntitle = "C"\\nneeds = ["a"]\\n[[steps]]\\nid = "d"\\ntitle = "D"\\nneeds = ["b", "c"]';`,
          "const proto = unwrap(cook(unwrap(parseFormula(text, 'fork.formula.toml')))).proto;",
          'const graph = toStateGraph(proto, { runStep: (step) => step.id.toUpperCase() });',
          'const final = await graph.compile().invoke({});',
          "console.log(final.completed_steps.join(' '), JSON.stringify(final.step_outputs));",
        ].join('\n'),
      );
      const before = await run(process.execPath, ['graph.mjs'], project);
      expect(before.code).not.toBe(0);
      expect(before.stderr).toContain("Cannot find package '@langchain/langgraph'");

      // The user installs LangGraph; here, the repository's own copy (the exact dev dependency).
      await symlink(join(ROOT, 'node_modules', '@langchain'), join(project, 'node_modules', '@langchain'));
      const after = await run(process.execPath, ['graph.mjs'], project);
      expectSuccess(after, 'node graph.mjs');
      expect(after.stdout.trim()).toMatch(/^a (b c|c b) d \{"a":"A","b":"B","c":"C","d":"D"\}$/);

      // Its declaration files type-check by the entry's name, LangGraph's types included.
      await expectTypeChecks(project, [
        `import type { Proto } from '${NAME}';`,
        `import { type MoleculeGraphStateType, toStateGraph } from '${NAME}/langgraph';`,
        'export function compiled(proto: Proto) {',
        '  return toStateGraph(proto, { runStep: (step, state: MoleculeGraphStateType) => step.id + state.mol_id }).compile();',
        '}',
        'export const done = (state: MoleculeGraphStateType): string[] => state.completed_steps;',
        '// @ts-expect-error runStep is required',
        'export const missing = (proto: Proto) => toStateGraph(proto, {});',
        '',
      ]);
    },
    SLOW,
  );
});
