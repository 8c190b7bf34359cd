/**
 * One local-execution molecule per working tree (issue 20, item 4): two `mol run` processes in one
 * checkout, each step writing its own file. The second is refused with a line naming the first,
 * pours nothing, and no checkpoint lists a file its commit lacks. A lock whose runner is gone is
 * taken over, unless a step that runner started still runs in the tree.
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { groupAlive } from '../../src/runner/process-group.js';
import { collect, json, spawnMol, useCliRepo } from '../helpers/cli.js';

interface MolJson {
  status: string;
  steps: Array<{ id: string; status: string; checkpoint?: { commit?: string; filesModified: string[] } }>;
}

const { cli, repo, run } = useCliRepo();

/** A local formula whose one step writes `<name>.txt`, after waiting for `<flows>/go-<name>` when `held`. */
async function formula(name: string, held: boolean): Promise<string> {
  const file = join(repo.flows, `${name}.formula.toml`);
  const wait = held
    ? `cut -d" " -f5 /proc/$$/stat > "${repo.flows}/group-${name}.tmp" && mv "${repo.flows}/group-${name}.tmp" "${repo.flows}/group-${name}"
while [ ! -f "${repo.flows}/go-${name}" ]; do sleep 0.02; done
`
    : '';
  await writeFile(
    file,
    `formula = "${name}"
execution = "local"
[[steps]]
id = "write"
run = '''
${wait}echo ${name} > ${name}.txt
'''
`,
  );
  return file;
}

async function until(what: () => boolean, label: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!what()) {
    if (Date.now() > deadline) throw new Error(`${label} never happened`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Every completed step's checkpoint lists exactly the files its commit changed. */
async function expectHonestCheckpoints(id: string): Promise<MolJson> {
  const m = json<MolJson>(await run(['status', id, '--json']));
  for (const step of m.steps) {
    if (step.status !== 'completed') continue;
    const commit = step.checkpoint?.commit as string;
    const files = (await repo.git(['diff-tree', '--no-commit-id', '--name-only', '-r', `${commit}^`, commit]))
      .split('\n')
      .filter(Boolean)
      .sort();
    expect([...(step.checkpoint?.filesModified ?? [])].sort()).toEqual(files);
  }
  return m;
}

describe('one local molecule per working tree', () => {
  it('a second local molecule is refused while the first runs, naming it; nothing is poured', async () => {
    const a = await formula('a', true);
    const b = await formula('b', false);
    const first = spawnMol(cli, ['run', a, '--id', 'pa1'], { cwd: repo.dir });
    const firstDone = collect(first);
    await until(() => existsSync(join(repo.flows, 'group-a')), "pa1's step starting");

    const second = await run(['run', b, '--id', 'pb1']);
    expect(second.code).not.toBe(0);
    expect(second.stderr).toContain(
      `mol: molecule pa1 is running here (pid ${first.pid}); wait, or use execution = "distributed" for worktrees`,
    );
    expect((await run(['status', 'pb1'])).stderr).toContain('there is no molecule "pb1"');
    expect(existsSync(join(repo.dir, 'b.txt'))).toBe(false);

    await writeFile(join(repo.flows, 'go-a'), '');
    expect((await firstDone).code).toBe(0);
    const pa1 = await expectHonestCheckpoints('pa1');
    expect(pa1.steps[0]?.checkpoint?.filesModified).toEqual(['a.txt']);

    // The tree is free again: the second runs, and its commit holds its own file only.
    const again = await run(['run', b, '--id', 'pb1']);
    expect(again.code).toBe(0);
    const pb1 = await expectHonestCheckpoints('pb1');
    expect(pb1.steps[0]?.checkpoint?.filesModified).toEqual(['b.txt']);
  }, 180_000);

  /** `mol run a` killed while its step runs (the step's command, in a group of its own, runs on). */
  async function killedInStep(id: string): Promise<{ pid: number; pgid: number }> {
    const a = await formula('a', true);
    const first = spawnMol(cli, ['run', a, '--id', id], { cwd: repo.dir, detached: true });
    const firstDone = collect(first);
    await until(() => existsSync(join(repo.flows, 'group-a')), `${id}'s step starting`);
    process.kill(first.pid as number, 'SIGKILL');
    expect((await firstDone).code).toBeNull();
    // Killed, it could not let go of its lock: the file names a dead pid.
    expect(existsSync(join(repo.dir, '.git', 'molecular-local-run.lock'))).toBe(true);
    return { pid: first.pid as number, pgid: Number(await readFile(join(repo.flows, 'group-a'), 'utf8')) };
  }

  async function letItEnd(pgid: number): Promise<void> {
    await writeFile(join(repo.flows, 'go-a'), '');
    await until(() => !groupAlive({ pgid }), 'the orphaned step ending');
  }

  it('a killed runner’s lock holds off other molecules while its step is unfinished; its resume takes it over', async () => {
    const b = await formula('b', false);
    const { pid, pgid } = await killedInStep('pa2');

    const running = await run(['run', b, '--id', 'pb2']);
    expect(running.code).not.toBe(0);
    expect(running.stderr).toContain(
      `molecule pa2's runner (pid ${pid}) is gone, but its step write still runs here (process group ${pgid}); mol resume pa2`,
    );

    await letItEnd(pgid);
    const unfinished = await run(['run', b, '--id', 'pb2']);
    expect(unfinished.code).not.toBe(0);
    expect(unfinished.stderr).toContain(
      `molecule pa2's runner (pid ${pid}) is gone, and left its step write unfinished in this tree; mol resume pa2`,
    );
    expect((await run(['status', 'pb2'])).stderr).toContain('there is no molecule "pb2"');

    // Its own resume takes the dead runner's lock over, records the step once, and frees the tree.
    const resumed = await run(['resume', 'pa2']);
    expect(resumed.code).toBe(0);
    const pa2 = await expectHonestCheckpoints('pa2');
    expect(pa2.steps[0]?.checkpoint?.filesModified).toEqual(['a.txt']);

    const after = await run(['run', b, '--id', 'pb2']);
    expect(after.code).toBe(0);
    const pb2 = await expectHonestCheckpoints('pb2');
    expect(pb2.steps[0]?.checkpoint?.filesModified).toEqual(['b.txt']);
  }, 180_000);

  it('another molecule takes over a dead runner’s lock once nothing of its molecule is left in progress', async () => {
    const b = await formula('b', false);
    const { pgid } = await killedInStep('pa3');
    await letItEnd(pgid);
    expect((await run(['burn', 'pa3', '--force'])).code).toBe(0);

    const taken = await run(['run', b, '--id', 'pb3']);
    expect(taken.code).toBe(0);
    const pb3 = await expectHonestCheckpoints('pb3');
    // What the dead run's step left in the tree is not swept into this molecule's commit.
    expect(pb3.steps[0]?.checkpoint?.filesModified).toEqual(['b.txt']);
  }, 180_000);
});
