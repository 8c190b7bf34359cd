/**
 * The LangGraph entry as it ships: `scripts/bundle.mjs` builds dist/lib.js and dist/langgraph.js
 * into a temp folder, a separate process (test/helpers/langgraph-driver.mjs) runs a formula's graph
 * with the real @langchain/langgraph over the file store of a real repository, and the `mol`
 * binary reads what it recorded. The same formulas under `mol run` give the order the graph must
 * keep; a driver that exits mid-graph is the crash a re-run recovers from.
 */
import { execFile, spawn } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readFile, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Molecule } from '../../src/index.js';
import { type BuiltCli, buildCli, collect, json, type MolResult, mol } from '../helpers/cli.js';
import { makeTempRepo, type TempRepo } from '../helpers/git.js';

const ROOT = resolve(import.meta.dirname, '../..');
const DRIVER = join(ROOT, 'test/helpers/langgraph-driver.mjs');
const INSPECTOR = join(ROOT, 'formulas/mol-inspector-verify.formula.toml');
const INSPECTOR_NEEDS: Record<string, string[]> = {
  elaborate: [],
  strategize: ['elaborate'],
  verify: ['strategize'],
  audit: ['verify'],
  advocate: ['audit'],
  criticize: ['audit'],
  judge: ['advocate', 'criticize'],
};

let cli: BuiltCli;
let repo: TempRepo;
/** The bundles, with the repository's node_modules beside them (where a user's install puts LangGraph). */
let dist: string;
let scratch: string;

beforeAll(async () => {
  scratch = await realpath(await mkdtemp(join(tmpdir(), 'mol-langgraph-')));
  dist = join(scratch, 'pkg/dist');
  await mkdir(dist, { recursive: true });
  await symlink(join(ROOT, 'node_modules'), join(scratch, 'pkg/node_modules'));
  const [built] = await Promise.all([
    buildCli(),
    promisify(execFile)(process.execPath, [join(ROOT, 'scripts/bundle.mjs'), dist], { cwd: ROOT }),
  ]);
  cli = built;
  repo = await makeTempRepo();
});

afterAll(async () => {
  await cli?.cleanup();
  await repo?.cleanup();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

const run = (args: string[]) => mol(cli, args, { cwd: repo.dir });

function drive(args: { formula: string; mol: string; log: string; crashAt?: string }): Promise<MolResult> {
  const input = { dist, store: join(repo.dir, '.molecular'), ...args };
  return collect(
    spawn(process.execPath, [DRIVER, JSON.stringify(input)], {
      cwd: repo.dir,
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
}

function expectExit(result: MolResult, code: number, what: string): void {
  if (result.code !== code)
    throw new Error(`${what} exited ${result.code}, not ${code}:\n${result.stdout}\n${result.stderr}`);
}

async function status(id: string): Promise<Molecule> {
  const shown = await run(['status', id, '--json']);
  expectExit(shown, 0, 'mol status');
  return json<Molecule>(shown);
}

async function lines(file: string): Promise<string[]> {
  return (await readFile(file, 'utf8').catch(() => '')).split('\n').filter(Boolean);
}

/**
 * What an order log (`start X` / `end X` lines) must show for a formula whatever runs it: every step
 * started and ended once, and started only after every step it needs, directly or not, had ended.
 */
function checkOrder(log: string[], needs: Record<string, string[]>): void {
  const at = (event: string) => {
    const found = log.filter((line) => line === event);
    expect(found, `${event} in ${log.join(', ')}`).toHaveLength(1);
    return log.indexOf(event);
  };
  const upstream = (id: string): string[] => (needs[id] ?? []).flatMap((need) => [need, ...upstream(need)]);
  expect(log).toHaveLength(2 * Object.keys(needs).length);
  for (const id of Object.keys(needs)) {
    const start = at(`start ${id}`);
    expect(at(`end ${id}`)).toBeGreaterThan(start);
    for (const before of new Set(upstream(id))) {
      expect(at(`end ${before}`), `${before} ends before ${id} starts`).toBeLessThan(start);
    }
  }
}

/** A formula of steps whose `run` logs start and end, for `mol run`; the driver logs the same way. */
function loggingFormula(name: string, needs: Record<string, string[]>, log: string): string {
  return [
    `formula = "${name}"`,
    ...Object.entries(needs).map(([id, before]) =>
      [
        '[[steps]]',
        `id = "${id}"`,
        `title = "${id}"`,
        `needs = ${JSON.stringify(before)}`,
        `run = "echo 'start ${id}' >> ${log}; echo 'end ${id}' >> ${log}"`,
      ].join('\n'),
    ),
  ].join('\n');
}

describe('the LangGraph entry, bundled, over the file store', () => {
  it('runs the inspector formula in its order, and `mol status` shows every step completed with its output as checkpoint', async () => {
    expectExit(await run(['pour', 'mol-inspector-verify', '--id', 'lg-inspect']), 0, 'mol pour');
    const log = join(scratch, 'inspect.log');
    const driven = await drive({ formula: INSPECTOR, mol: 'lg-inspect', log });
    expectExit(driven, 0, 'the driver');
    checkOrder(await lines(log), INSPECTOR_NEEDS);

    const final = JSON.parse(driven.stdout);
    expect(final.mol_id).toBe('lg-inspect');
    expect(final.completed_steps).toHaveLength(7);
    expect(final.completed_steps.at(-1)).toBe('judge');

    const shown = await status('lg-inspect');
    expect(shown.status).toBe('complete');
    for (const id of Object.keys(INSPECTOR_NEEDS)) {
      expect(shown.steps.find((s) => s.id === id)).toMatchObject({
        status: 'completed',
        attempts: 1,
        checkpoint: { notes: `${id}: done`, testsPassed: true },
      });
    }
    const table = await run(['status', 'lg-inspect']);
    expect(table.stdout).toMatch(/^judge\s+completed\s+1\s.*judge: done$/m);
  });

  it('re-run after a crash mid-graph runs no step the molecule completed, and restores their outputs', async () => {
    expectExit(await run(['pour', 'mol-inspector-verify', '--id', 'lg-crash']), 0, 'mol pour');
    const first = join(scratch, 'crash-first.log');
    expectExit(
      await drive({ formula: INSPECTOR, mol: 'lg-crash', log: first, crashAt: 'audit' }),
      3,
      'the crashing driver',
    );
    expect(await lines(first)).toEqual([
      'start elaborate',
      'end elaborate',
      'start strategize',
      'end strategize',
      'start verify',
      'end verify',
      'start audit',
    ]);
    const crashed = await status('lg-crash');
    const statusOf = (mol: Molecule, id: string) => mol.steps.find((s) => s.id === id);
    const done = crashed.steps.filter((s) => s.status === 'completed').map((s) => s.id);
    expect(done).toEqual(['elaborate', 'strategize', 'verify']);
    expect(statusOf(crashed, 'audit')?.status).toBe('in_progress');

    const second = join(scratch, 'crash-second.log');
    const rerun = await drive({ formula: INSPECTOR, mol: 'lg-crash', log: second });
    expectExit(rerun, 0, 'the re-run');
    const ran = (await lines(second))
      .filter((line) => line.startsWith('start '))
      .map((line) => line.slice(6));
    for (const id of done) expect(ran).not.toContain(id);
    expect([...ran].sort()).toEqual(['advocate', 'audit', 'criticize', 'judge']);

    const final = JSON.parse(rerun.stdout);
    expect(final.step_outputs).toEqual(
      Object.fromEntries(Object.keys(INSPECTOR_NEEDS).map((id) => [id, `${id}: done`])),
    );
    const recovered = await status('lg-crash');
    expect(recovered.status).toBe('complete');
    for (const id of done) expect(statusOf(recovered, id)?.attempts).toBe(1);
    // The crashed attempt counts: the re-run's is the second.
    expect(statusOf(recovered, 'audit')).toMatchObject({ status: 'completed', attempts: 2 });
  });

  for (const [shape, needs] of [
    ['diamond', { top: [], left: ['top'], right: ['top'], bottom: ['left', 'right'] }],
    // Branches of different lengths: the join's needs finish in different supersteps, and it names
    // the fork's root too, so only a waiting edge runs it once, after all of them.
    [
      'fork-join',
      { fork: [], long1: ['fork'], long2: ['long1'], short: ['fork'], join: ['long2', 'short', 'fork'] },
    ],
  ] satisfies [string, Record<string, string[]>][]) {
    it(`keeps the order \`mol run\` keeps: ${shape}`, async () => {
      const byMol = join(scratch, `${shape}-mol.log`);
      const byGraph = join(scratch, `${shape}-graph.log`);
      const file = `${shape}.formula.toml`;
      await repo.write(file, loggingFormula(shape, needs, byMol));
      await repo.commitAll(`formula ${shape}`);

      expectExit(await run(['run', file, '--id', `${shape}-mol`, '--jobs', '2']), 0, 'mol run');
      checkOrder(await lines(byMol), needs);

      expectExit(await run(['pour', file, '--id', `${shape}-graph`]), 0, 'mol pour');
      const driven = await drive({ formula: join(repo.dir, file), mol: `${shape}-graph`, log: byGraph });
      expectExit(driven, 0, 'the driver');
      checkOrder(await lines(byGraph), needs);

      for (const id of [`${shape}-mol`, `${shape}-graph`]) {
        const shown = await status(id);
        expect(shown.status, id).toBe('complete');
        expect(shown.steps.map((s) => [s.id, s.status, s.attempts])).toEqual(
          Object.keys(needs).map((step) => [step, 'completed', 1]),
        );
      }
    });
  }

  it("runs the README's LangGraph example as written, against the package as installed", async () => {
    const readme = await readFile(join(ROOT, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('\n## LangGraph\n'));
    const example = /```js\n([\s\S]*?)```/.exec(section)?.[1];
    if (!example) throw new Error('README.md has no js example under "## LangGraph"');
    // A project with the package and LangGraph installed: the bundles, package.json and formulas.
    const pkg = join(scratch, 'pkg');
    await copyFile(join(ROOT, 'package.json'), join(pkg, 'package.json'));
    await symlink(join(ROOT, 'formulas'), join(pkg, 'formulas'));
    const app = join(scratch, 'app');
    await mkdir(join(app, 'node_modules/@molecular-dev'), { recursive: true });
    await symlink(pkg, join(app, 'node_modules/@molecular-dev/molecular'));
    await symlink(join(ROOT, 'node_modules/@langchain'), join(app, 'node_modules/@langchain'));
    await writeFile(join(app, 'verify.mjs'), example);

    expectExit(await run(['pour', 'mol-inspector-verify', '--id', 'verify-1']), 0, 'mol pour');
    const ran = await collect(
      spawn(process.execPath, [join(app, 'verify.mjs'), 'verify-1'], {
        cwd: repo.dir,
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    );
    expectExit(ran, 0, 'node verify.mjs');
    expect(ran.stdout.trim()).toBe('elaborate → strategize → verify → audit → advocate → criticize → judge');
    const shown = await status('verify-1');
    expect(shown.status).toBe('complete');
    expect(shown.steps.find((s) => s.id === 'judge')?.checkpoint?.notes).toBe(
      'Render the verdict: done, after elaborate, strategize, verify, audit, advocate, criticize',
    );
  });

  it('the main entry loads without @langchain/langgraph; the LangGraph entry names what is missing', async () => {
    const bare = join(scratch, 'bare');
    await mkdir(bare);
    for (const file of ['lib.js', 'langgraph.js']) await copyFile(join(dist, file), join(bare, file));
    expect(await readFile(join(bare, 'lib.js'), 'utf8')).not.toContain('@langchain');
    const entry = await readFile(join(bare, 'langgraph.js'), 'utf8');
    expect(entry).toMatch(/^import \{[^}]*\} from "@langchain\/langgraph";$/m);
    expect(entry).toMatch(/ from "\.\/lib\.js";$/m);

    const node = (code: string) =>
      collect(
        spawn(process.execPath, ['--input-type=module', '-e', code], {
          cwd: bare,
          stdio: ['ignore', 'pipe', 'pipe'],
        }),
      );
    const main = await node(
      "const lib = await import('./lib.js'); console.log(typeof lib.cook, typeof lib.createMoleculeManager);",
    );
    expectExit(main, 0, 'importing the main entry');
    expect(main.stdout.trim()).toBe('function function');
    const sub = await node("await import('./langgraph.js');");
    expect(sub.code).not.toBe(0);
    expect(sub.stderr).toContain("Cannot find package '@langchain/langgraph'");
  });

  it('the LangGraph entry throws the main entry’s MolecularError', async () => {
    const code = [
      "const lib = await import('./lib.js');",
      "const { toStateGraph } = await import('./langgraph.js');",
      'const proto = lib.unwrap(lib.cook(lib.unwrap(lib.parseFormula(\'formula = "x"\\n[[steps]]\\nid = "a|b"\\ntitle = "T"\', \'x.formula.toml\')))).proto;',
      'try { toStateGraph(proto, { runStep: () => 1 }); } catch (e) { console.log(e instanceof lib.MolecularError, e.code, e.message); }',
    ].join('\n');
    const result = await collect(
      spawn(process.execPath, ['--input-type=module', '-e', code], {
        cwd: dist,
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    );
    expectExit(result, 0, 'node');
    expect(result.stdout.trim()).toBe(
      'true invalid-id step "a|b" cannot be a LangGraph node: LangGraph reserves "|" and ":" in node names; rename the step',
    );
  });
});
