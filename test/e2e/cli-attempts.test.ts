/**
 * Attempts of a local step in the working tree: each starts from the step's base. Work left by an
 * attempt that crashed or failed is kept at `refs/molecular/attempts/<mol>/<step>/<n>`, not in the
 * tree or on the branch, so the attempt that completes commits exactly its own files.
 */
import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { groupAlive } from '../../src/runner/process-group.js';
import { collect, json, spawnMol, useCliRepo } from '../helpers/cli.js';

interface MolJson {
  status: string;
  steps: Array<{
    id: string;
    status: string;
    attempts: number;
    error?: string;
    checkpoint?: { commit?: string; filesModified: string[] };
  }>;
}

const { cli, repo, run } = useCliRepo(async (repo) => {
  // A person's work in progress: never swept into a step's commit, never lost.
  await repo.write('notes.txt', 'mine\n');
});

const status = async (id: string) => json<MolJson>(await run(['status', id, '--json']));
const step = (m: MolJson, id: string) => m.steps.find((s) => s.id === id);
/** Files a commit changed against its first parent. */
const filesOf = async (commit: string) =>
  (await repo.git(['diff-tree', '--no-commit-id', '--name-only', '-r', `${commit}^`, commit]))
    .split('\n')
    .filter(Boolean)
    .sort();

async function until(path: string, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!existsSync(path)) {
    if (Date.now() > deadline) throw new Error(`${path} did not appear`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('attempts of a local step', () => {
  // mol dies while the step's command runs; the command, in a process group of its own, goes on.
  const CRASH_FORMULA = (execution = 'local') => `formula = "crash"
execution = "${execution}"
[vars.dir]
required = true
[[steps]]
id = "first"
run = 'echo 1 > first.txt'
[[steps]]
id = "second"
needs = ["first"]
run = '''
echo run >> "$MOL_VAR_DIR/second.runs"
echo "two" > second.txt
cut -d" " -f5 /proc/$$/stat > "$MOL_VAR_DIR/group.tmp" && mv "$MOL_VAR_DIR/group.tmp" "$MOL_VAR_DIR/group"
while [ ! -f "$MOL_VAR_DIR/go" ]; do sleep 0.02; done
'''
[[steps]]
id = "third"
needs = ["second"]
run = 'echo 3 > third.txt'
`;

  /** `mol run` of CRASH_FORMULA killed while `second` runs; answers the step's process group. */
  const crashInSecond = async (execution?: string): Promise<number> => {
    const file = join(repo.flows, 'crash.formula.toml');
    await writeFile(file, CRASH_FORMULA(execution));
    const child = spawnMol(cli, ['run', file, '--var', `dir=${repo.flows}`, '--id', 'c1'], {
      cwd: repo.dir,
      detached: true,
    });
    const ended = collect(child);
    await until(join(repo.flows, 'group'));
    process.kill(-(child.pid as number), 'SIGKILL');
    await ended;
    return Number(await readFile(join(repo.flows, 'group'), 'utf8'));
  };
  /** The resumed molecule completed with `second`'s file and `third`'s each in their own commit. */
  const expectWholeWork = async () => {
    const m = await status('c1');
    expect(m.status).toBe('complete');
    expect(step(m, 'second')?.checkpoint?.filesModified).toEqual(['second.txt']);
    expect(await filesOf(step(m, 'second')?.checkpoint?.commit as string)).toEqual(['second.txt']);
    expect(await filesOf(step(m, 'third')?.checkpoint?.commit as string)).toEqual(['third.txt']);
    // Only the person's file is left uncommitted.
    expect(await repo.git(['status', '--porcelain'])).toBe('?? notes.txt');
    return m;
  };
  const runsOfSecond = async () =>
    (await readFile(join(repo.flows, 'second.runs'), 'utf8')).trim().split('\n').filter(Boolean);

  it.each(['local', 'distributed'])(
    'a %s step whose command ended after mol died is recorded on resume, its command not run again',
    async (execution) => {
      const pgid = await crashInSecond(execution);
      await writeFile(join(repo.flows, 'go'), '');
      // The orphaned command finishes by itself; its shell writes down that it succeeded.
      const deadline = Date.now() + 60_000;
      while (groupAlive({ pgid })) {
        if (Date.now() > deadline) throw new Error('the orphaned step never ended');
        await new Promise((r) => setTimeout(r, 25));
      }

      const resumed = await run(['resume', 'c1']);
      expect(resumed.code).toBe(0);
      // Piped: the line in words, no ↺ (nor any other symbol) on either stream.
      expect(resumed.stderr).toMatch(/^second: its command had ended with success before mol stopped/m);
      expect(resumed.stdout + resumed.stderr).not.toMatch(/[▶✓↻↺✗⏳…▓░■⚠✅❌]/);
      expect(await runsOfSecond()).toEqual(['run']);
      const m = await expectWholeWork();
      expect(await repo.git(['for-each-ref', 'refs/molecular/attempts/c1/second/'])).toBe('');
      if (execution === 'distributed')
        expect(await repo.git(['rev-parse', 'molecular/c1/second'])).toBe(
          step(m, 'second')?.checkpoint?.commit,
        );
    },
    180_000,
  );

  it('a step resumed while its orphaned command still runs ends it, sets its work aside and runs again', async () => {
    await crashInSecond();
    // The orphan still waits for "go": resume must end it before the step runs again.
    const resumed = collect(spawnMol(cli, ['resume', 'c1'], { cwd: repo.dir }));
    const deadline = Date.now() + 60_000;
    while ((await runsOfSecond()).length < 2) {
      if (Date.now() > deadline) throw new Error('the step never ran again');
      await new Promise((r) => setTimeout(r, 25));
    }
    await writeFile(join(repo.flows, 'go'), '');
    expect((await resumed).code).toBe(0);
    await expectWholeWork();
    expect(await runsOfSecond()).toEqual(['run', 'run']);
    // The ended attempt's work waits at its attempt ref.
    expect(await repo.git(['show', 'refs/molecular/attempts/c1/second/1:second.txt'])).toBe('two');
  }, 180_000);

  it('a retry after a failing attempt that wrote files commits only its own files', async () => {
    const file = join(repo.flows, 'flaky.formula.toml');
    await writeFile(
      file,
      `formula = "flaky"
execution = "local"
[vars.dir]
required = true
[[steps]]
id = "flaky"
max_retries = 1
run = '''
if [ ! -f "$MOL_VAR_DIR/tried" ]; then
  touch "$MOL_VAR_DIR/tried"
  echo junk > junk.txt
  echo first > shared.txt
  exit 1
fi
echo second > shared.txt
echo good > good.txt
'''
`,
    );
    const ran = await run(['run', file, '--var', `dir=${repo.flows}`, '--id', 'r1']);
    expect(ran.code).toBe(0);
    const m = await status('r1');
    const flaky = step(m, 'flaky');
    expect(flaky?.attempts).toBe(2);
    expect(flaky?.checkpoint?.filesModified.sort()).toEqual(['good.txt', 'shared.txt']);
    expect(await filesOf(flaky?.checkpoint?.commit as string)).toEqual(['good.txt', 'shared.txt']);
    expect(existsSync(join(repo.dir, 'junk.txt'))).toBe(false);
    expect(await readFile(join(repo.dir, 'shared.txt'), 'utf8')).toBe('second\n');
    expect(await repo.git(['status', '--porcelain'])).toBe('?? notes.txt');
    const kept = 'refs/molecular/attempts/r1/flaky/1';
    expect(await repo.git(['show', `${kept}:junk.txt`])).toBe('junk');
    expect(await repo.git(['show', `${kept}:shared.txt`])).toBe('first');
    // The history says where the failed attempt's work is.
    const history = await run(['status', 'r1']);
    expect(`${history.stdout}${JSON.stringify(m)}`).toContain(kept);
  }, 180_000);

  it('an attempt that fails its gate leaves no commit on the branch', async () => {
    const file = join(repo.flows, 'gated.formula.toml');
    await writeFile(
      file,
      `formula = "gated"
execution = "local"
[vars.dir]
required = true
[[steps]]
id = "gated"
max_retries = 1
run = 'echo "$MOL_VAR_DIR" > /dev/null; n=$(cat "$MOL_VAR_DIR/n" 2>/dev/null || echo 0); echo $((n+1)) > "$MOL_VAR_DIR/n"; echo try$n > out.txt'
gate = { type = "command", run = 'grep -q try1 out.txt' }
`,
    );
    const before = await repo.git(['rev-parse', 'HEAD']);
    const ran = await run(['run', file, '--var', `dir=${repo.flows}`, '--id', 'g1']);
    expect(ran.code).toBe(0);
    const m = await status('g1');
    const gated = step(m, 'gated');
    expect(gated?.attempts).toBe(2);
    // One commit on the branch: the attempt that passed.
    expect(await repo.git(['rev-list', '--count', `${before}..HEAD`])).toBe('1');
    expect(await repo.git(['show', 'HEAD:out.txt'])).toBe('try1');
    expect(await repo.git(['show', 'refs/molecular/attempts/g1/gated/1:out.txt'])).toBe('try0');
  }, 180_000);

  it('every attempt of every on_fail loop keeps its work at a ref of its own', async () => {
    const file = join(repo.flows, 'loops.formula.toml');
    await writeFile(
      file,
      `formula = "loops"
execution = "local"
max_loops = 3
[vars.dir]
required = true
[[steps]]
id = "build"
run = 'echo built >> build.txt'
[[steps]]
id = "check"
needs = ["build"]
max_retries = 0
on_fail = "build"
run = 'n=$(cat "$MOL_VAR_DIR/n" 2>/dev/null || echo 0); echo $((n+1)) > "$MOL_VAR_DIR/n"; echo "try $n" > check.txt; exit 1'
`,
    );
    const ran = await run(['run', file, '--var', `dir=${repo.flows}`, '--id', 'l3']);
    expect(ran.code).toBe(1);
    // The first run and three loops: four failed attempts, each at its own ref with its own work.
    const refs = (
      await repo.git(['for-each-ref', '--format=%(refname)', 'refs/molecular/attempts/l3/check/'])
    )
      .split('\n')
      .filter(Boolean);
    expect(refs).toHaveLength(4);
    const tries = await Promise.all(refs.map((ref) => repo.git(['show', `${ref}:check.txt`])));
    expect(tries.sort()).toEqual(['try 0', 'try 1', 'try 2', 'try 3']);
    // Each failure's history note names a different one of them.
    const history = json<{ history: Array<{ step?: string; event: string; note?: string }> }>(
      await run(['status', 'l3', '--json']),
    ).history;
    const noted = history
      .filter((h) => h.step === 'check' && h.event === 'fail')
      .map((h) => /refs\/molecular\/attempts\/\S+/.exec(h.note ?? '')?.[0]);
    expect(noted.sort()).toEqual([...refs].sort());
  }, 180_000);

  it('a run that completes leaves no attempt base behind, with a person’s work in the tree or without', async () => {
    const file = join(repo.root, 'bases.formula.toml');
    const steps = ['a', 'b', 'c'].map(
      (id, i) =>
        `[[steps]]\nid = "${id}"\nrun = 'echo ${id} > ${id}.txt'${i ? `\nneeds = ["${'abc'[i - 1]}"]` : ''}`,
    );
    await writeFile(file, `formula = "bases"\nexecution = "local"\n${steps.join('\n')}\n`);
    // notes.txt makes each base a snapshot of the tree (…/base); without it, HEAD itself (…/base-head).
    for (const id of ['dirty1', 'clean1']) {
      if (id === 'clean1') await rm(join(repo.dir, 'notes.txt'));
      const ran = await run(['run', file, '--id', id]);
      expect(ran.code, ran.stderr).toBe(0);
      expect((await status(id)).status).toBe('complete');
      expect(await repo.git(['for-each-ref', 'refs/molecular/attempts/'])).toBe('');
    }
  }, 180_000);

  it.runIf(process.platform === 'linux')(
    "mol's long-lived update-ref process killed by a step: the next step's base goes through a new one, no step runs twice",
    async () => {
      const log = join(repo.root, 'effects.log');
      // The step's shell is a child of the held shell mol spawned: mol is its grandparent, and
      // between steps its one git child is the update-ref process.
      const killer = `mol=$(ps -o ppid= -p $PPID | tr -d ' '); for p in $(ps -o pid= --ppid "$mol"); do if [ "$(cat /proc/$p/comm)" = git ]; then kill -9 "$p" && echo killed >> "${log}"; fi; done`;
      const steps = ['a', 'b', 'c', 'd'].map(
        (id, i) =>
          `[[steps]]\nid = "${id}"\nrun = '''echo ${id} >> "${log}"; echo ${id} > ${id}.txt${id === 'b' ? `; ${killer}` : ''}'''${i ? `\nneeds = ["${'abcd'[i - 1]}"]` : ''}`,
      );
      const file = join(repo.root, 'killed.formula.toml');
      await writeFile(file, `formula = "killed"\nexecution = "local"\n${steps.join('\n')}\n`);
      const ran = await run(['run', file, '--id', 'killed']);
      expect(ran.code, ran.stderr).toBe(0);
      const m = await status('killed');
      expect(m.status).toBe('complete');
      expect(m.steps.map((s) => `${s.id}:${s.status}:${s.attempts}`)).toEqual([
        'a:completed:1',
        'b:completed:1',
        'c:completed:1',
        'd:completed:1',
      ]);
      // Each step's effect once, and the process really was killed mid-run.
      expect((await readFile(log, 'utf8')).trim().split('\n')).toEqual(['a', 'b', 'killed', 'c', 'd']);
      expect(await filesOf(step(m, 'c')?.checkpoint?.commit as string)).toEqual(['c.txt']);
      expect(await repo.git(['for-each-ref', 'refs/molecular/attempts/'])).toBe('');
    },
    120_000,
  );
});
