import { execFile } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { mkdtemp, readFile, realpath, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';
import { openContext } from '../cli-context.js';
import { execute } from '../executor.js';
import { type CliIO, EXIT } from '../io.js';
import { pourMolecule } from '../pour-molecule.js';
import { report } from '../print.js';
import { failWith } from '../verb.js';
import { defineVerb, type VerbCall } from '../verb-spec.js';

const run = promisify(execFile);

export const demo = defineVerb({
  name: 'demo',
  summary: 'run the built-in hello formula in a temporary git repository',
  args: [],
  options: [],
  examples: ['mol demo'],
  run: demoCommand,
});

/**
 * `npm run demo`: the built-in `hello` formula, end to end, in a fresh temporary git repository.
 * Real shell commands write real files and commit them, one commit per step: the greeting is
 * gated by a command, two steps fork from it (one fails once and is retried), and a join waits
 * for both. The repository is left in place to look at.
 */
async function demoCommand({ io }: VerbCall): Promise<number> {
  const repo = await makeDemoRepo();
  const demoIO: CliIO = { ...io, cwd: repo };
  const ctx = await openContext(demoIO);
  if (!ctx.ok) return failWith(io, ctx.error);

  io.out(`Molecular demo in a fresh git repository: ${repo}\n`);
  const poured = await pourMolecule(ctx.value, { formula: 'hello', vars: { name: 'molecular' } });
  if (!poured.ok) return failWith(io, poured.error);
  const { mol, proto } = poured.value;
  io.out(`formula "${proto.formula}": ${proto.description}`);
  for (const step of proto.steps) {
    const gates = step.gates.map((g) => `${g.type} gate`).join(', ');
    const needs = step.needs.length > 0 ? ` ← needs ${step.needs.join(' + ')}` : '';
    io.out(
      `  ${step.id}${needs}${gates ? `  [${gates}]` : ''}${step.maxRetries !== undefined ? `  [max_retries ${step.maxRetries}]` : ''}`,
    );
  }
  io.out(`\npoured molecule ${mol.id}; running it:\n`);

  const ran = await execute(ctx.value, mol, proto, { print: (line) => io.out(`  ${line}`), style: io.style });
  if (!ran.ok) return failWith(io, ran.error);
  io.out(`\n${report(ran.value, proto, io.style)}`);

  const log = await run('git', ['log', '--oneline', '--no-decorate'], { cwd: repo });
  io.out(`\none commit per step (git log):\n${indent(log.stdout)}`);
  const summary = await readFile(join(repo, 'summary.txt'), 'utf8').catch(() => '');
  if (summary) io.out(`\nsummary.txt, written by the join:\n${indent(summary)}`);
  io.out(`\nthe repository stays at ${repo}; look around, then delete it:`);
  io.out(`  cd ${shellWord(repo)} && ${molCommand(io)} status ${mol.id}`);
  return ran.value.status === 'complete' ? EXIT.ok : EXIT.failed;
}

async function makeDemoRepo(): Promise<string> {
  const repo = await realpath(await mkdtemp(join(tmpdir(), 'mol-demo-')));
  const git = (args: string[]) =>
    run(
      'git',
      [
        '-c',
        'user.name=Molecular demo',
        '-c',
        'user.email=demo@example.invalid',
        '-c',
        'commit.gpgsign=false',
        ...args,
      ],
      { cwd: repo },
    );
  await git(['init', '-q', '-b', 'main']);
  await writeFile(
    join(repo, 'README.md'),
    '# Molecular demo\n\nEach commit after this one is a step of the `hello` formula.\n',
  );
  await git(['add', 'README.md']);
  await git(['commit', '-q', '-m', 'Start the demo']);
  return repo;
}

/**
 * How to run this `mol` again from a shell: `mol` when that is what PATH finds (installed with
 * `npm i -g` or `npm link`), otherwise node and this script's path (a clone after `npm ci`, where
 * `mol` is not on PATH and `npx mol` outside the clone is an unrelated npm package).
 */
export function molCommand(io: CliIO): string {
  if (io.self === undefined) return 'mol';
  const self = realOrSame(io.self);
  for (const dir of (io.env.PATH ?? '').split(delimiter)) {
    if (dir !== '' && realOrSame(join(dir, 'mol')) === self) return 'mol';
  }
  return `node ${shellWord(self)}`;
}

function realOrSame(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

function shellWord(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replaceAll("'", "'\\''")}'`;
}

function indent(text: string): string {
  return text
    .trimEnd()
    .split('\n')
    .map((l) => `  ${l}`)
    .join('\n');
}
