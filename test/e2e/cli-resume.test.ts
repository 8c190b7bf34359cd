/**
 * Crash and recovery: `mol run` killed with SIGKILL in the middle of a step, then `mol patrol`
 * and `mol resume`. Completed steps never run again, the interrupted step runs again, and the
 * molecule completes. Every step appends to a log outside the repository, so runs can be counted.
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { collect, json, spawnMol, useCliRepo } from '../helpers/cli.js';

interface MolJson {
  status: string;
  steps: Array<{ id: string; status: string; attempts: number; lease?: { holder: string } }>;
}

const { cli, repo, run } = useCliRepo();

const FORMULA = (execution: string) => `formula = "crashy"
execution = "${execution}"
[vars.dir]
required = true
[[steps]]
id = "first"
run = 'echo first >> "$MOL_VAR_DIR/log" && echo 1 > first.txt'
[[steps]]
id = "second"
needs = ["first"]
run = '''
echo second >> "$MOL_VAR_DIR/log"
if [ ! -f "$MOL_VAR_DIR/slept" ]; then
  touch "$MOL_VAR_DIR/slept"
  cut -d" " -f5 /proc/$$/stat > "$MOL_VAR_DIR/marker.tmp" && mv "$MOL_VAR_DIR/marker.tmp" "$MOL_VAR_DIR/marker"
  sleep 60
fi
echo 2 > second.txt
'''
[[steps]]
id = "third"
needs = ["second"]
run = 'echo third >> "$MOL_VAR_DIR/log" && test -f second.txt && echo 3 > third.txt'
`;

async function waitFor(path: string, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!existsSync(path)) {
    if (Date.now() > deadline) throw new Error(`${path} did not appear`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe.each(['distributed', 'local'])('mol resume after SIGKILL (%s)', (execution) => {
  it('reruns only the interrupted step, then completes', async () => {
    const file = join(repo.flows, 'crashy.formula.toml');
    await writeFile(file, FORMULA(execution));

    const child = spawnMol(cli, ['run', file, '--var', `dir=${repo.flows}`, '--id', 'crash1'], {
      cwd: repo.dir,
    });
    const ended = collect(child);
    await waitFor(join(repo.flows, 'marker'));
    child.kill('SIGKILL');
    expect((await ended).code).toBe(null);
    // The step's shell runs in its own process group and outlives mol, as a real orphan would.
    const orphan = Number(await readFile(join(repo.flows, 'marker'), 'utf8'));
    process.kill(-orphan, 'SIGKILL');

    const crashed = json<MolJson>(await run(['status', 'crash1', '--json']));
    expect(crashed.steps.map((s) => s.status)).toEqual(['completed', 'in_progress', 'pending']);

    // Patrol sees the dead run and sends its step back to ready. Killed within moments of a write,
    // the run also left the store's lock file (local-store.ts keeps it 30 ms): released too.
    const patrol = json<{ actions: Array<{ type: string; step?: string; applied: boolean }> }>(
      await run(['patrol', '--json']),
    );
    const [redispatch, ...more] = patrol.actions;
    expect(redispatch).toEqual(
      expect.objectContaining({ type: 'redispatch', step: 'second', applied: true }),
    );
    expect(more).toEqual(
      more.length === 0
        ? []
        : [expect.objectContaining({ type: 'release-lock', molId: 'crash1', applied: true })],
    );
    const quiet = await run(['patrol']);
    expect(quiet.stdout).toMatch(/nothing is stuck/);

    const resumed = await run(['resume', 'crash1']);
    expect(resumed.code).toBe(0);
    const log = (await readFile(join(repo.flows, 'log'), 'utf8')).split('\n').filter(Boolean);
    expect(log).toEqual(['first', 'second', 'second', 'third']);
    const done = json<MolJson>(await run(['status', 'crash1', '--json']));
    expect(done.status).toBe('complete');
    expect(done.steps.map((s) => [s.id, s.attempts])).toEqual([
      ['first', 1],
      ['second', 2],
      ['third', 1],
    ]);
  });

  it('resume without patrol recovers the dead run itself, and a second resume changes nothing', async () => {
    const file = join(repo.flows, 'crashy.formula.toml');
    await writeFile(file, FORMULA(execution));
    const child = spawnMol(cli, ['run', file, '--var', `dir=${repo.flows}`, '--id', 'crash2'], {
      cwd: repo.dir,
    });
    const ended = collect(child);
    await waitFor(join(repo.flows, 'marker'));
    child.kill('SIGKILL');
    await ended;
    process.kill(-Number(await readFile(join(repo.flows, 'marker'), 'utf8')), 'SIGKILL');
    // A person's new file while the step ran: in a local molecule it is the attempt's to set aside.
    await writeFile(join(repo.dir, 'person.txt'), 'mine\n');

    // No id: the most recently changed active molecule.
    const resumed = await run(['resume']);
    expect(resumed.code).toBe(0);
    if (execution === 'local') {
      // Set aside, never silently: the line names the ref that holds it.
      const aside = resumed.stderr.match(/set aside at (refs\/molecular\/attempts\/crash2\/second\/\d+)/);
      expect(aside, resumed.stderr).not.toBeNull();
      expect(existsSync(join(repo.dir, 'person.txt'))).toBe(false);
      expect(await repo.git(['show', `${aside?.[1]}:person.txt`])).toBe('mine');
    } else {
      expect(await readFile(join(repo.dir, 'person.txt'), 'utf8')).toBe('mine\n');
    }
    // Piped: the recovery line in words, no ↺ (nor any other symbol) on either stream.
    expect(resumed.stderr).toMatch(/^second: its runner \(local:\d+\) is gone; back to ready$/m);
    expect(resumed.stdout + resumed.stderr).not.toMatch(/[▶✓↻↺✗⏳…▓░■⚠✅❌]/);
    const again = await run(['resume', 'crash2']);
    expect(again.code).toBe(0);
    const log = (await readFile(join(repo.flows, 'log'), 'utf8')).split('\n').filter(Boolean);
    expect(log).toEqual(['first', 'second', 'second', 'third']);
  });
});
