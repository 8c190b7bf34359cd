/**
 * Distributed formulas through the real `mol` binary and real git: every step in its own worktree
 * on `molecular/<mol>/<step>`, branched from the branch of the step it needs (or the merge of
 * several), so a step sees exactly its needs chain's files.
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { json, useCliRepo } from '../helpers/cli.js';

interface StepJson {
  id: string;
  status: string;
  attempts: number;
  loops: number;
  title: string;
  branch?: string;
  error?: string;
  checkpoint?: { commit?: string; filesModified: string[] };
}
interface MolJson {
  id: string;
  status: string;
  steps: StepJson[];
}

const { repo, run } = useCliRepo();

async function formula(name: string, toml: string): Promise<string> {
  const path = join(repo.flows, `${name}.formula.toml`);
  await writeFile(path, toml);
  return path;
}

const status = async (id: string) => json<MolJson>(await run(['status', id, '--json']));
const step = (m: MolJson, id: string) => m.steps.find((s) => s.id === id) as StepJson;
const lines = async (path: string) => (await readFile(path, 'utf8')).split('\n').filter(Boolean);

describe('mol run, distributed', () => {
  it('runs a 4-step chain where each step reads what the one before committed', async () => {
    const file = await formula(
      'chain',
      `formula = "chain"
execution = "distributed"
[vars.who]
required = true
[[steps]]
id = "one"
title = "Write one"
output = "one.txt"
run = 'printf "one %s\\n" "$MOL_VAR_WHO" > one.txt'
[[steps]]
id = "two"
needs = ["one"]
run = 'test "$(cat one.txt)" = "one ada" && { cat one.txt; echo two; } > two.txt && test "$MOL_INPUTS" = one.txt'
[[steps]]
id = "three"
needs = ["two"]
run = 'cat two.txt > three.txt && echo three >> three.txt'
[[steps]]
id = "four"
needs = ["three"]
run = 'test -f one.txt && test -f two.txt && test -f three.txt && echo four > four.txt'
`,
    );
    const mainBefore = await repo.git(['rev-parse', 'main']);
    const result = await run(['run', file, '--var', 'who=ada', '--id', 'chain1']);
    expect(result.stderr).not.toMatch(/^mol: /m);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/^four completed/m);

    const m = await status('chain1');
    expect(m.status).toBe('complete');
    for (const s of m.steps) {
      expect(s.status).toBe('completed');
      expect(s.attempts).toBe(1);
      expect(s.branch).toBe(`molecular/chain1/${s.id}`);
      expect(s.checkpoint?.commit).toBe(await repo.git(['rev-parse', `molecular/chain1/${s.id}`]));
    }
    expect(await repo.git(['show', 'molecular/chain1/three:three.txt'])).toBe('one ada\ntwo\nthree');
    // Each branch starts from the one before: four's history holds all four step commits.
    expect(await repo.git(['rev-list', '--count', `${mainBefore}..molecular/chain1/four`])).toBe('4');
    // The main working tree and branch are untouched, and finished worktrees are gone.
    expect(await repo.git(['rev-parse', 'main'])).toBe(mainBefore);
    expect(existsSync(join(repo.dir, 'one.txt'))).toBe(false);
    expect(existsSync(join(repo.dir, '.molecular/worktrees/chain1/one'))).toBe(false);

    const diff = json<{ added: string[]; modified: string[]; deleted: string[] }>(
      await run(['diff', 'chain1', 'two', '--json']),
    );
    expect(diff).toMatchObject({ added: ['two.txt'], modified: [], deleted: [] });
  });

  it('merges both parents for a join, running the fork side by side', async () => {
    const file = await formula(
      'fork',
      `formula = "fork"
execution = "distributed"
[[steps]]
id = "root"
run = "echo root > root.txt"
[[steps]]
id = "left"
needs = ["root"]
run = 'echo left > left.txt && test ! -f right.txt'
[[steps]]
id = "right"
needs = ["root"]
run = 'echo right > right.txt && test ! -f left.txt'
[[steps]]
id = "join"
needs = ["left", "right"]
run = "cat root.txt left.txt right.txt > all.txt"
`,
    );
    const result = await run(['run', file, '--jobs', '2', '--id', 'fork1']);
    expect(result.code).toBe(0);
    expect(await repo.git(['show', 'molecular/fork1/join:all.txt'])).toBe('root\nleft\nright');
    // The join's commit sits on a merge of the two parents' branches.
    const parents = (await repo.git(['rev-list', '--parents', '-n', '1', 'molecular/fork1/join^'])).split(
      ' ',
    );
    expect(parents.slice(1).sort()).toEqual(
      [
        await repo.git(['rev-parse', 'molecular/fork1/left']),
        await repo.git(['rev-parse', 'molecular/fork1/right']),
      ].sort(),
    );
    const m = await status('fork1');
    expect(m.steps.map((s) => s.status)).toEqual(['completed', 'completed', 'completed', 'completed']);
  });

  it('fails a join whose parents conflict, naming the conflicting path', async () => {
    const file = await formula(
      'clash',
      `formula = "clash"
execution = "distributed"
[[steps]]
id = "root"
run = "echo base > shared.txt"
[[steps]]
id = "left"
needs = ["root"]
run = "echo left > shared.txt"
[[steps]]
id = "right"
needs = ["root"]
run = "echo right > shared.txt"
[[steps]]
id = "join"
needs = ["left", "right"]
max_retries = 0
run = "true"
`,
    );
    const result = await run(['run', file, '--id', 'clash1']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^join failed for good.*shared\.txt/m);
    const m = await status('clash1');
    expect(m.status).toBe('failed');
    expect(step(m, 'join').status).toBe('failed');
    expect(step(m, 'join').error).toMatch(/conflicts in shared\.txt/);
    expect(step(m, 'left').status).toBe('completed');
  });

  it('retries a step whose gate fails, then loops back to its on_fail step, and stops when loops run out', async () => {
    const log = join(repo.flows, 'build.log');
    const plans = join(repo.flows, 'plan.log');
    const toml = (loops: number) => `formula = "gated"
execution = "distributed"
[vars.log]
required = true
[vars.plans]
required = true
[[steps]]
id = "plan"
run = 'echo plan >> "$MOL_VAR_PLANS" && echo planned > plan.txt'
[[steps]]
id = "build"
needs = ["plan"]
max_retries = 1
on_fail = "plan"
max_loops = ${loops}
run = 'echo build >> "$MOL_VAR_LOG" && test -f plan.txt'
gate = { type = "command", run = 'test "$(wc -l < "$MOL_VAR_LOG")" -ge 5' }
`;
    // Two loops: builds 1-2 fail the gate, loop; 3-4 fail, loop; the fifth passes.
    const ok = await run([
      'run',
      await formula('gated', toml(2)),
      '--var',
      `log=${log}`,
      '--var',
      `plans=${plans}`,
      '--id',
      'g1',
    ]);
    expect(ok.code).toBe(0);
    expect(await lines(log)).toHaveLength(5);
    expect(await lines(plans)).toHaveLength(3);
    expect(ok.stderr).toMatch(/^build failed .*command gate failed.* retrying \(attempt 2 of 2\)/m);
    expect(ok.stderr).toMatch(/^build failed .* looping back to plan \(loop 2\)/m);
    const m = await status('g1');
    expect(step(m, 'plan')).toMatchObject({ status: 'completed', loops: 2 });
    expect(step(m, 'build')).toMatchObject({ status: 'completed', attempts: 1 });

    // One loop only: after four failed builds the step fails for good and so does the molecule.
    await writeFile(log, '');
    await writeFile(plans, '');
    const failed = await run([
      'run',
      await formula('gated1', toml(1).replace('"gated"', '"gated1"')),
      '--var',
      `log=${log}`,
      '--var',
      `plans=${plans}`,
      '--id',
      'g2',
    ]);
    expect(failed.code).toBe(1);
    expect(await lines(log)).toHaveLength(4);
    expect(await lines(plans)).toHaveLength(2);
    const f = await status('g2');
    expect(f.status).toBe('failed');
    expect(step(f, 'build').status).toBe('failed');
    expect(step(f, 'build').error).toMatch(/gate command failed/);
  });

  it('rolls back to a checkpoint and reruns only what came after it', async () => {
    const log = join(repo.flows, 'runs.log');
    const file = await formula(
      'redo',
      `formula = "redo"
execution = "distributed"
[vars.log]
required = true
[[steps]]
id = "a"
run = 'echo a >> "$MOL_VAR_LOG" && echo a > a.txt'
[[steps]]
id = "b"
needs = ["a"]
run = 'echo b >> "$MOL_VAR_LOG" && echo b > b.txt'
[[steps]]
id = "c"
needs = ["b"]
run = 'echo c >> "$MOL_VAR_LOG" && rm b.txt && echo more >> a.txt && echo c > c.txt'
`,
    );
    expect((await run(['run', file, '--var', `log=${log}`, '--id', 'r1'])).code).toBe(0);
    const diff = json<{ added: string[]; modified: string[]; deleted: string[] }>(
      await run(['diff', 'r1', 'c', '--json']),
    );
    expect(diff).toMatchObject({ added: ['c.txt'], modified: ['a.txt'], deleted: ['b.txt'] });
    const text = await run(['diff', 'r1', 'c']);
    expect(text.stdout.split('\n')).toEqual(['A  c.txt', 'M  a.txt', 'D  b.txt', '']);

    const back = await run(['rollback', 'r1', 'a']);
    expect(back.code).toBe(0);
    let m = await status('r1');
    expect(m.status).toBe('in_progress');
    expect(m.steps.map((s) => s.status)).toEqual(['completed', 'ready', 'pending']);

    const again = await run(['resume', 'r1']);
    expect(again.code).toBe(0);
    expect(await lines(log)).toEqual(['a', 'b', 'c', 'b', 'c']);
    m = await status('r1');
    // The rolled-back steps ran once more, each with a fresh count of attempts.
    expect(m.steps.map((s) => [s.status, s.attempts])).toEqual([
      ['completed', 1],
      ['completed', 1],
      ['completed', 1],
    ]);
  });
});
