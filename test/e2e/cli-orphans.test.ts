/**
 * A step's command outlives `mol` unless `mol` sees to it: it runs in a process group of its own.
 * Killed (SIGKILL of mol's group) or interrupted (SIGINT) mid-step, then `mol resume` at once while
 * the orphan would still run: only one attempt of the step is ever alive, and its effect (a line in
 * a log outside the repository) happens once.
 */
import { existsSync, readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { collect, json, mol, spawnMol, useCliRepo } from '../helpers/cli.js';

const { cli, repo } = useCliRepo();
// Registered after useCliRepo's, so it runs first (vitest runs after-hooks as a stack): no orphan
// outlives its test or writes into a removed repository.
afterEach(() => {
  for (const pid of started) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {}
  }
  started.length = 0;
});

const started: number[] = [];

/** `slow` announces each attempt (its pid is its group) and finishes only once `go` exists. */
const FORMULA = (execution: string) => `formula = "orphans"
execution = "${execution}"
[vars.dir]
required = true
[[steps]]
id = "first"
run = 'echo first >> "$MOL_VAR_DIR/log" && echo 1 > first.txt'
[[steps]]
id = "slow"
needs = ["first"]
run = '''
echo "start $$" >> "$MOL_VAR_DIR/log"
echo $$ > "$MOL_VAR_DIR/attempt.tmp" && mv "$MOL_VAR_DIR/attempt.tmp" "$MOL_VAR_DIR/attempt.$$"
while [ ! -f "$MOL_VAR_DIR/go" ]; do sleep 0.02; done
echo "end $$" >> "$MOL_VAR_DIR/log"
echo 2 > slow.txt
'''
[[steps]]
id = "last"
needs = ["slow"]
run = 'echo last >> "$MOL_VAR_DIR/log" && test -f slow.txt && echo 3 > last.txt'
`;

async function until<T>(what: string, probe: () => T | undefined, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what} did not happen`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The attempts of `slow` that announced themselves, by pid. */
function attempts(): number[] {
  const log = existsSync(join(repo.flows, 'log')) ? readFileSync(join(repo.flows, 'log'), 'utf8') : '';
  return [...log.matchAll(/^start (\d+)$/gm)].map((m) => Number(m[1]));
}

/** Alive and not a zombie (nobody may reap an orphan in a container). */
function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

describe.each(['local', 'distributed'])('an interrupted step never runs twice at once (%s)', (execution) => {
  it.each([
    ['SIGKILL of mol’s process group', 'SIGKILL'],
    ['SIGINT (Ctrl-C)', 'SIGINT'],
  ] as const)(
    '%s, then mol resume at once: one live attempt, the effect once',
    async (_, signal) => {
      const file = join(repo.flows, 'orphans.formula.toml');
      await writeFile(file, FORMULA(execution));
      const run = (args: string[]) => mol(cli, args, { cwd: repo.dir });

      // Its own group, as a shell gives a job: the signal reaches mol (and its git), not the step's group.
      const child = spawnMol(cli, ['run', file, '--var', `dir=${repo.flows}`, '--id', 'orph'], {
        cwd: repo.dir,
        detached: true,
      });
      started.push(child.pid as number);
      const ended = collect(child);
      const [orphan] = await until('the first attempt', () =>
        attempts().length === 1 ? attempts() : undefined,
      );
      process.kill(-(child.pid as number), signal);
      const killed = await ended;
      if (signal === 'SIGINT') {
        // mol waited for the step's group before it exited.
        expect(running(orphan as number)).toBe(false);
        expect(killed.code).toBe(130);
        expect(killed.stderr).toMatch(/slow stopped and stayed in progress\. Continue with: mol resume orph/);
      }

      const resumed = spawnMol(cli, ['resume', 'orph'], { cwd: repo.dir });
      const resumeDone = collect(resumed);
      const [, second] = await until('the second attempt', () =>
        attempts().length === 2 ? attempts() : undefined,
      );
      // When the second attempt starts, the first is gone.
      expect(running(orphan as number)).toBe(false);
      expect(running(second as number)).toBe(true);
      await writeFile(join(repo.flows, 'go'), '');
      const result = await resumeDone;
      expect(result.code).toBe(0);

      const log = (await readFile(join(repo.flows, 'log'), 'utf8')).split('\n').filter(Boolean);
      expect(log).toEqual(['first', `start ${orphan}`, `start ${second}`, `end ${second}`, 'last']);
      const done = json<{ status: string; steps: Array<{ id: string; attempts: number }> }>(
        await run(['status', 'orph', '--json']),
      );
      expect(done.status).toBe('complete');
      expect(done.steps.map((s) => [s.id, s.attempts])).toEqual([
        ['first', 1],
        ['slow', 2],
        ['last', 1],
      ]);
    },
    180_000,
  );
});
