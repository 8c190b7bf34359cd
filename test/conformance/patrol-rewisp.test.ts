/**
 * A patrol wisp is wisped again when it completes (issue 23, last row), through the real `mol`.
 *
 * Upstream's meaning, from its code: Gas Town's `gt patrol report` (internal/cmd/patrol_report.go,
 * runPatrolReport) closes the finished patrol wisp and calls autoSpawnPatrol
 * (internal/cmd/patrol_helpers.go), which pours the role's patrol formula again as a new wisp with
 * the same vars (PatrolConfig.ExtraVars); its patrols are known by name (PatrolConfig.PatrolMolName,
 * `mol-<role>-patrol`). The formula's last step (`loop-or-exit` in
 * internal/formula/formulas/mol-witness-patrol.formula.toml) is what asks for it; Gas City's
 * examples/gastown/packs/gastown/formulas/mol-witness-patrol.toml ends on `next-iteration`, which
 * pours the next wisp before burning this one. Upstream has no formula key for the loop.
 *
 * The formula below is written in Gas Town's syntax; no upstream text is copied.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type BuiltCli, buildCli, mol } from '../helpers/cli.js';
import { makeTempRepo, type TempRepo } from '../helpers/git.js';
import { localMolecule } from '../helpers/local-molecule.js';

const PATROL = `description = "Per-rig witness patrol. Each wisp is one round."
formula = 'mol-witness-patrol'
version = 2

[vars.rig]
description = "Name of the rig this witness belongs to"
default = "UNSET_RIG"

[[steps]]
id = 'inbox-check'
title = 'Process witness mail'
description = "Check the inbox of {{rig}}."

[[steps]]
id = 'patrol-cleanup'
title = 'End-of-cycle inbox hygiene'
needs = ['inbox-check']
description = "Archive what was handled."

[[steps]]
id = 'loop-or-exit'
title = 'Loop or exit for respawn'
needs = ['patrol-cleanup']
description = "End of the patrol round."
`;
const FILE = 'flows/mol-witness-patrol.formula.toml';
const STEPS = ['inbox-check', 'patrol-cleanup', 'loop-or-exit'];

let cli: BuiltCli;
let repo: TempRepo;

beforeAll(async () => {
  cli = await buildCli();
});
afterAll(async () => {
  await cli.cleanup();
});
beforeEach(async () => {
  repo = await makeTempRepo();
  await repo.write(FILE, PATROL);
});
afterEach(async () => {
  await repo.cleanup();
});

const run = (args: string[]) => mol(cli, args, { cwd: repo.dir });

async function wisp(...extra: string[]): Promise<string> {
  const poured = await run(['wisp', FILE, '--var', 'rig=gastown', '--ttl', '30m', ...extra]);
  expect(poured.stderr).toBe('');
  expect(poured.code).toBe(0);
  return poured.stdout.trim();
}

/** Every step of the round done by hand, as a person (or the agent upstream) works through it. */
async function workThrough(id: string): Promise<string> {
  let stderr = '';
  for (const step of STEPS) {
    const done = await run(['done', id, step]);
    // 3: the round waits on its next step, which a person does.
    expect(done.code).toBe(step === STEPS.at(-1) ? 0 : 3);
    stderr += done.stderr;
  }
  return stderr;
}

const exists = async (id: string) => (await run(['status', id])).code === 0;

describe('witness patrol: a completed patrol wisp is wisped again (Gas Town patrol_report.go runPatrolReport → patrol_helpers.go autoSpawnPatrol)', () => {
  it('pours the next round when a round completes, with the same vars and TTL, and stops at mol burn', async () => {
    const first = await wisp();
    const second = `${first}-r2`;
    const third = `${first}-r3`;
    expect(await exists(second)).toBe(false);

    // Round 1, run by `mol run` (an agent that does nothing does every step).
    const ran = await run(['run', first, '--agent', 'true']);
    expect(ran.code).toBe(0);
    expect((await localMolecule(repo.dir, first)).status).toBe('complete');
    expect(ran.stderr).toContain(`round 2 of the patrol poured as ${second}`);

    const next = await localMolecule(repo.dir, second);
    expect(next.kind).toBe('wisp');
    expect(next.status).not.toBe('complete');
    expect(next.steps.map((s) => [s.id, s.status])).toEqual([
      ['inbox-check', 'ready'],
      ['patrol-cleanup', 'pending'],
      ['loop-or-exit', 'pending'],
    ]);
    expect(next.vars.rig).toBe('gastown');
    expect(next.loop).toEqual({ root: first, round: 2 });
    expect(Date.parse(next.expiresAt ?? '') - Date.parse(next.createdAt)).toBe(30 * 60_000);
    // Poured, not run: one round per process.
    expect(await exists(third)).toBe(false);

    // Round 2, worked through by hand: its completion pours round 3, once.
    expect(await workThrough(second)).toContain(`round 3 of the patrol poured as ${third}`);
    expect((await localMolecule(repo.dir, third)).loop).toEqual({ root: first, round: 3 });
    // Done again changes nothing, and pours nothing again.
    const again = await run(['done', second, 'loop-or-exit']);
    expect(again.stderr).not.toContain('of the patrol poured');
    expect(await exists(`${first}-r4`)).toBe(false);

    // Stopping: the live round is burned, so no round follows it.
    const burned = await run(['burn', third, '--force']);
    expect(burned.code).toBe(0);
    expect(await exists(third)).toBe(false);
    const patrol = await run(['patrol']);
    expect(patrol.code).toBe(0);
    expect(await exists(third)).toBe(false);
    expect(await exists(`${first}-r4`)).toBe(false);
  });

  it('mol wisp --once runs one round and pours no next', async () => {
    const only = await wisp('--once');
    const stderr = await workThrough(only);
    expect((await localMolecule(repo.dir, only)).status).toBe('complete');
    expect(stderr).not.toContain('of the patrol poured');
    expect(await exists(`${only}-r2`)).toBe(false);
  });

  it('a round that fails ends the loop', async () => {
    const first = await wisp();
    // Retries apply first: the step fails until none are left (bounded).
    for (let i = 0; i < 5 && (await localMolecule(repo.dir, first)).status !== 'failed'; i++) {
      const failed = await run(['fail', first, 'inbox-check', 'mail server down', '--no-run']);
      expect(failed.code).not.toBe(0);
    }
    expect((await localMolecule(repo.dir, first)).status).toBe('failed');
    expect(await exists(`${first}-r2`)).toBe(false);
  });

  it('a formula not named as a patrol is not wisped again', async () => {
    await repo.write(
      'flows/hello-round.formula.toml',
      PATROL.replace("'mol-witness-patrol'", "'hello-round'"),
    );
    const poured = await run(['wisp', 'flows/hello-round.formula.toml']);
    const id = poured.stdout.trim();
    await workThrough(id);
    expect((await localMolecule(repo.dir, id)).status).toBe('complete');
    expect(await exists(`${id}-r2`)).toBe(false);
  });
});
