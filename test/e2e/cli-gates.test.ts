/**
 * Gates through the real `mol` binary and real git: the built-in `gated-task` runs with a person
 * doing its four stages and no `mol done` for its gates (each is judged as soon as its stage is
 * done); a plain `mol skip` passes no gate and no approval and never puts two stages of the chain
 * in play at once; a skip runs only what it made ready.
 */
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { json, useCliRepo } from '../helpers/cli.js';

interface MolJson {
  status: string;
  steps: Array<{ id: string; status: string; attempts: number }>;
}

const { repo, run } = useCliRepo();

const statuses = async (id: string) =>
  Object.fromEntries(
    json<MolJson>(await run(['status', id, '--json'])).steps.map((s) => [s.id, s.status]),
  ) as Record<string, string>;

const GATED = [
  '--var',
  'task=add a login page',
  '--var',
  'build_command=true',
  '--var',
  'verify_command=true',
];

describe('mol with gate steps', () => {
  it('runs gated-task with a mol done per stage and none for its gates', async () => {
    const started = await run(['run', 'gated-task', ...GATED, '--id', 'g1']);
    expect(started.code).toBe(3);
    await repo.write('plan.md', '# Objective\nA login page.\n## Steps\n- add it\n## Rollback\nrevert\n');
    const planned = await run(['done', 'g1', 'plan']);
    expect(planned.stderr).toContain('plan-gate: command gate passed');
    expect(await statuses('g1')).toMatchObject({
      plan: 'completed',
      'plan-gate': 'completed',
      audit: 'ready',
    });

    await repo.write('audit.md', 'No issues.\n\nApproval: approved\n');
    expect((await run(['done', 'g1', 'audit'])).code).toBe(3);
    expect(await statuses('g1')).toMatchObject({ 'audit-gate': 'completed', execute: 'ready' });
    await repo.write('login.html', '<form></form>\n');
    expect((await run(['done', 'g1', 'execute'])).code).toBe(3);
    await repo.write('CHANGELOG.md', '- a login page\n');
    // The last gate passes and `verify` (a command) runs: the molecule completes.
    const documented = await run(['done', 'g1', 'document']);
    expect(documented.code).toBe(0);
    expect(await statuses('g1')).toEqual({
      plan: 'completed',
      'plan-gate': 'completed',
      audit: 'completed',
      'audit-gate': 'completed',
      execute: 'completed',
      'execute-gate': 'completed',
      document: 'completed',
      'document-gate': 'completed',
      verify: 'completed',
      'self-correct': 'skipped',
    });
  });

  it('a gate step whose gate fails loops back to its stage, judged with no person', async () => {
    await run(['pour', 'gated-task', ...GATED, '--id', 'g2']);
    await repo.write('plan.md', 'just do it\n');
    const planned = await run(['done', 'g2', 'plan']);
    expect(planned.stderr).toContain('plan-gate: command gate failed');
    expect(await statuses('g2')).toMatchObject({ plan: 'ready', 'plan-gate': 'pending', audit: 'pending' });
  });

  it('in a distributed molecule a gate step is judged in the worktree of the work it gates', async () => {
    const path = join(repo.flows, 'checked.formula.toml');
    await writeFile(
      path,
      `formula = "checked"
execution = "distributed"
[[steps]]
id = "write"
run = "echo ok > out.txt"
[[steps]]
id = "check"
type = "gate"
needs = ["write"]
gate = { type = "files", paths = ["out.txt"] }
[[steps]]
id = "after"
needs = ["check"]
run = "test -f out.txt"
`,
    );
    const ran = await run(['run', path, '--id', 'd1']);
    expect(ran.code, ran.stderr).toBe(0);
    expect(await statuses('d1')).toEqual({ write: 'completed', check: 'completed', after: 'completed' });
    expect(existsSync(join(repo.dir, 'out.txt'))).toBe(false);
  });

  it('an approval gate still waits for a person, and mol approve passes it', async () => {
    const path = join(repo.flows, 'ship.formula.toml');
    await writeFile(
      path,
      `formula = "ship"
[[steps]]
id = "build"
run = "true"
[[steps]]
id = "sign-off"
type = "gate"
needs = ["build"]
gate = { type = "approval" }
[[steps]]
id = "release"
needs = ["sign-off"]
run = "true"
`,
    );
    expect((await run(['run', path, '--id', 's1'])).code).toBe(3);
    expect(await statuses('s1')).toMatchObject({ build: 'completed', 'sign-off': 'awaiting_gate' });
    expect((await run(['approve', 's1', 'sign-off'])).code).toBe(0);
    expect(await statuses('s1')).toMatchObject({ 'sign-off': 'completed', release: 'completed' });
  });
});

describe('mol skip', () => {
  it('refuses a gate step without --force (pending or waiting), changing nothing', async () => {
    await run(['pour', 'gated-task', ...GATED, '--id', 'k1']);
    const before = await statuses('k1');
    const skipped = await run(['skip', 'k1', 'plan-gate']);
    expect(skipped.code).toBe(1);
    expect(skipped.stderr).toBe(
      'mol: step "plan-gate" is a gate (command): skipping it passes its gates unjudged; skip it with --force to pass them anyway\n',
    );
    expect(await statuses('k1')).toEqual(before);

    await repo.write('plan.md', '# Objective\nx\n# Steps\n- x\n# Rollback\nx\n');
    await run(['done', 'k1', 'plan']);
    await repo.write('audit.md', 'Approval: rejected\n');
    await run(['done', 'k1', 'audit']);
    // The rejected audit looped back to planning; the audit gate cannot be waved through.
    expect((await run(['skip', 'k1', 'audit-gate'])).code).toBe(1);
  });

  it('skipping a later stage never makes it ready beside the one before it', async () => {
    await run(['pour', 'gated-task', ...GATED, '--id', 'k2']);
    expect((await run(['skip', 'k2', 'audit'])).code).toBe(3);
    const after = await statuses('k2');
    expect(after).toMatchObject({ plan: 'ready', 'plan-gate': 'pending', audit: 'skipped' });
    expect(Object.values(after).filter((s) => s === 'ready')).toEqual(['ready']);
    // With --force a gate is skipped, but what follows still waits for the plan.
    expect((await run(['skip', 'k2', 'plan-gate', '--force'])).code).toBe(3);
    expect(await statuses('k2')).toMatchObject({
      plan: 'ready',
      'plan-gate': 'skipped',
      'audit-gate': 'pending',
      execute: 'pending',
    });
  });

  it('an approval waiting goes nowhere with a plain skip; --force skips it', async () => {
    const path = join(repo.flows, 'ship.formula.toml');
    await writeFile(
      path,
      `formula = "ship"
[[steps]]
id = "ship"
run = "true"
gate = { type = "approval" }
`,
    );
    expect((await run(['run', path, '--id', 'a1'])).code).toBe(3);
    expect(await statuses('a1')).toEqual({ ship: 'awaiting_gate' });
    const plain = await run(['skip', 'a1', 'ship']);
    expect(plain.code).toBe(1);
    expect(plain.stderr).toContain('waits for an approval (maintain)');
    expect(await statuses('a1')).toEqual({ ship: 'awaiting_gate' });
    expect((await run(['skip', 'a1', 'ship', '--force'])).code).toBe(0);
    expect(await statuses('a1')).toEqual({ ship: 'skipped' });
  });

  it('runs only what the skip made ready, not the steps that were ready before it', async () => {
    const path = join(repo.flows, 'fan.formula.toml');
    const marker = (name: string) => join(repo.root, `${name}.ran`);
    await writeFile(
      path,
      `formula = "fan"
execution = "distributed"
[[steps]]
id = "a"
run = "touch '${marker('a')}'"
[[steps]]
id = "b"
run = "touch '${marker('b')}'"
[[steps]]
id = "join"
needs = ["a", "b"]
[[steps]]
id = "after"
needs = ["join"]
run = "touch '${marker('after')}'"
`,
    );
    await run(['pour', path, '--id', 'm3']);
    const skipped = await run(['skip', 'm3', 'join']);
    expect(skipped.code).toBe(3);
    expect(existsSync(marker('a'))).toBe(false);
    expect(existsSync(marker('b'))).toBe(false);
    expect(await statuses('m3')).toEqual({ a: 'ready', b: 'ready', join: 'skipped', after: 'pending' });
    // What the skip leaves ready runs when asked to.
    expect((await run(['resume', 'm3'])).code).toBe(0);
    expect(existsSync(marker('after'))).toBe(true);
  });
});

describe('mol patrol', () => {
  it('runs the step a due timer gate made ready', async () => {
    const path = join(repo.flows, 'cool.formula.toml');
    const marker = join(repo.root, 'go.ran');
    await writeFile(
      path,
      `formula = "cool"
[[steps]]
id = "build"
run = "true"
gate = { type = "timer", after = "1s" }
[[steps]]
id = "go"
needs = ["build"]
run = "touch '${marker}'"
`,
    );
    expect((await run(['run', path, '--id', 'c1'])).code).toBe(3);
    expect(await statuses('c1')).toEqual({ build: 'awaiting_gate', go: 'pending' });
    // Patrol until the timer is due: the round that records it runs what it made ready.
    let recorded = '';
    for (let round = 0; round < 60 && !recorded; round++) {
      const patrol = await run(['patrol']);
      expect(patrol.code).toBe(0);
      if (patrol.stdout.includes('timer c1/build')) recorded = patrol.stdout;
    }
    expect(recorded).toContain('timer gates that came due were recorded');
    expect(existsSync(marker)).toBe(true);
    expect(await statuses('c1')).toEqual({ build: 'completed', go: 'completed' });
  });
});
