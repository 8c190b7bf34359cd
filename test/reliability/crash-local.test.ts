/**
 * Local crash at every write (issue 12): `mol run` of a 5-step fork-join in the working tree, and
 * in a worktree per step (distributed: worktrees made and removed through their files too),
 * SIGKILLed at the k-th state write or git write (before or after it; `MOL_CRASH_AT`, an inert
 * hook unless set), then recovered with `mol resume` (or, when it died before the molecule was
 * stored, `mol run` again with the same id). Compared with an uninterrupted run: the same final
 * statuses and files per step, the same tree on the branch, nothing left uncommitted, and every
 * step's effect (a line in a log outside the repository) exactly once: killed after a step's command
 * succeeded and before its completion was recorded, resume finishes that attempt's work (the
 * command's shell wrote down its exit status) instead of running the command again.
 *
 * `npm run reliability:ci` tries a few points spread over the run; `npm run reliability` (RELIABILITY_FULL=1)
 * tries every one; `CRASH_LOCAL_POINTS=3,17` replays chosen points.
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordResult } from '../helpers/chaos/report.js';
import { timeoutFor } from '../helpers/chaos/scale.js';
import { type BuiltCli, buildCli, collect, json, mol, spawnMol } from '../helpers/cli.js';
import { makeTempRepo } from '../helpers/git.js';

interface MolJson {
  status: string;
  steps: Array<{ id: string; status: string; checkpoint?: { filesModified: string[] } }>;
}

type Execution = 'local' | 'distributed';

const FORMULA = (log: string, execution: Execution) => `formula = "forkjoin"
execution = "${execution}"
[[steps]]
id = "plan"
run = 'echo plan >> "${log}" && echo planned > plan.txt'
[[steps]]
id = "left"
needs = ["plan"]
run = 'echo left >> "${log}" && echo left > left.txt'
[[steps]]
id = "middle"
needs = ["plan"]
run = 'echo middle >> "${log}" && echo middle > middle.txt'
[[steps]]
id = "right"
needs = ["plan"]
run = 'echo right >> "${log}" && echo right > right.txt'
[[steps]]
id = "join"
needs = ["left", "middle", "right"]
run = 'echo join >> "${log}" && cat left.txt middle.txt right.txt > joined.txt'
`;

interface Outcome {
  statuses: string;
  files: string;
  tree: string;
  dirty: string;
  /** Worktrees git knows besides the main one, and any it would prune: none once recovered. */
  worktrees: string;
  effects: string[];
}

let cli: BuiltCli;
beforeAll(async () => {
  cli = await buildCli();
});
afterAll(async () => {
  await cli?.cleanup();
});

/** One run: crashed at point `crashAt` (none: uninterrupted) and recovered. */
async function runOnce(
  execution: Execution,
  crashAt: number | undefined,
  trace?: string,
): Promise<Outcome & { crashed: boolean }> {
  const repo = await makeTempRepo();
  try {
    const log = join(repo.root, 'effects.log');
    const file = join(repo.root, 'forkjoin.formula.toml');
    await writeFile(file, FORMULA(log, execution));
    const env: Record<string, string> = {};
    if (crashAt !== undefined) env.MOL_CRASH_AT = String(crashAt);
    if (trace !== undefined) env.MOL_CRASH_TRACE = trace;
    const child = spawnMol(cli, ['run', file, '--id', 'fj'], { cwd: repo.dir, env, detached: true });
    const first = await collect(child);
    const crashed = first.code === null;
    if (crashed) {
      // Its group too, as `kill -9 -<pgid>` would: nothing of the crashed run may linger.
      try {
        process.kill(-(child.pid as number), 'SIGKILL');
      } catch {}
      const stored = existsSync(join(repo.dir, '.molecular', 'mols', 'fj.json'));
      const again = stored
        ? await mol(cli, ['resume', 'fj'], { cwd: repo.dir })
        : await mol(cli, ['run', file, '--id', 'fj'], { cwd: repo.dir });
      if (again.code !== 0)
        throw new Error(
          `recovery after point ${crashAt} exited ${again.code}:\n${again.stdout}\n${again.stderr}`,
        );
    } else if (first.code !== 0) {
      throw new Error(`mol run exited ${first.code}:\n${first.stdout}\n${first.stderr}`);
    }
    const m = json<MolJson>(await mol(cli, ['status', 'fj', '--json'], { cwd: repo.dir }));
    return {
      crashed,
      statuses: `${m.status} ${m.steps.map((s) => `${s.id}:${s.status}`).join(' ')}`,
      files: m.steps.map((s) => `${s.id}:${(s.checkpoint?.filesModified ?? []).join(',')}`).join(' '),
      // Distributed: the work is on the last step's branch, the checkout untouched.
      tree: await repo.git([
        'rev-parse',
        execution === 'local' ? 'HEAD^{tree}' : 'molecular/fj/join^{tree}',
        'HEAD^{tree}',
      ]),
      worktrees: [
        (await repo.git(['worktree', 'list', '--porcelain']))
          .split('\n')
          .filter((l) => l.startsWith('worktree ')).length - 1,
        await repo.git(['worktree', 'prune', '--dry-run', '-v']),
      ].join(' '),
      dirty: await repo.git(['status', '--porcelain', '--untracked-files=all', '--', ':!.molecular']),
      effects: (await readFile(log, 'utf8')).split('\n').filter(Boolean).sort(),
    };
  } finally {
    await repo.cleanup();
  }
}

function pointsToTry(total: number): number[] {
  const chosen = process.env.CRASH_LOCAL_POINTS;
  if (chosen) return chosen.split(',').map(Number);
  const all = Array.from({ length: total }, (_, i) => i + 1);
  if (process.env.RELIABILITY_FULL === '1') return all;
  // A few spread over the run: the start lease, mid-run git writes, the last completion.
  return [...new Set([1, Math.ceil(total / 3), Math.ceil((2 * total) / 3), total])];
}

describe('local crash at every write', () => {
  it.each<Execution>(['local', 'distributed'])(
    '%s: recovers to the uninterrupted result, every step’s effect exactly once',
    {
      timeout: timeoutFor(100, 60_000),
    },
    async (execution) => {
      const started = performance.now();
      const traceFile = join(
        await (await import('node:fs/promises')).mkdtemp('/tmp/mol-crash-trace-'),
        'points',
      );
      const baseline = await runOnce(execution, undefined, traceFile);
      const points = (await readFile(traceFile, 'utf8')).split('\n').filter(Boolean);
      expect(points.length).toBeGreaterThan(10);
      expect(baseline.effects).toEqual(['join', 'left', 'middle', 'plan', 'right']);
      expect(baseline.dirty).toBe('');

      const failures: string[] = [];
      let tried = 0;
      for (const k of pointsToTry(points.length)) {
        const got = await runOnce(execution, k);
        tried++;
        const where = `point ${k} (${points[k - 1]})`;
        expect(got.crashed, `${where} was reached`).toBe(true);
        const diffs: Array<keyof Outcome> = (
          ['statuses', 'files', 'tree', 'dirty', 'worktrees', 'effects'] as const
        ).filter((key) => JSON.stringify(got[key]) !== JSON.stringify(baseline[key]));
        if (diffs.length > 0)
          failures.push(`${where}: ${diffs.map((d) => `${d} ${JSON.stringify(got[d])}`).join('; ')}`);
      }
      recordResult({
        area: 'local-crash',
        name: `${execution} fork-join: mol killed at write k`,
        tried: `the 5-step fork-join ${execution === 'local' ? 'in the working tree' : 'in a worktree per step'} (${points.length} points: before and after each state write and git write of the uninterrupted run) with mol SIGKILLed at point k, then mol resume; ${tried === points.length ? 'every k' : `k in ${pointsToTry(points.length).join(', ')}`}`,
        runs: tried,
        failures: failures.length,
        counts: { points: points.length, tried },
        held: 'final statuses, files per step and branch tree equal to the uninterrupted run, nothing left uncommitted, no worktree left, no two attempts of a step at once, every step’s effect exactly once',
        durationMs: performance.now() - started,
        ...(failures.length > 0 ? { details: failures } : {}),
      });
      expect(failures).toEqual([]);
    },
  );
});
