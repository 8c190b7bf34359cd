/**
 * `mol resume` and `mol run <mol-id>`: recover what a crash left behind, then run on. Steps in
 * progress under a local run whose process is gone go back to ready (`release` with that run id,
 * which the engine refuses if a newer run took the step meanwhile), steps in progress with no lease
 * or an expired one go back through the engine's `resume`, due timer gates are recorded, and the
 * executor takes over. Completed steps are never run again: only ready steps are started.
 */

import { type Molecule, ok, type Proto, type Result } from '../engine/index.js';
import { carryOutLocally } from '../shell/carry-out-locally.js';
import { changeMolecule } from '../shell/change-molecule.js';
import type { CliContext } from './cli-context.js';
import { type ExecuteOptions, execute } from './executor.js';
import { isRunGone } from './local-run.js';
import { recheckTimers } from './recheck-timers.js';

export async function continueMolecule(
  ctx: CliContext,
  mol: Molecule,
  proto: Proto,
  by: string,
  options: ExecuteOptions = {},
): Promise<Result<Molecule>> {
  const print = options.print ?? ((line: string) => ctx.io.out(line));
  let latest = mol;
  for (const step of mol.steps) {
    if (step.status !== 'in_progress' || !isRunGone(step.lease?.runId)) continue;
    const released = await changeMolecule(
      ctx.store,
      proto,
      mol.id,
      {
        type: 'release',
        step: step.id,
        runId: step.lease?.runId,
        by,
      },
      ctx.io.now(),
    );
    if (!released.ok) continue; // someone else took it over meanwhile
    latest = released.value.mol;
    print(`↺ ${step.id}: its runner (${step.lease?.holder}) is gone; back to ready`);
  }
  const now = ctx.io.now().getTime();
  const orphaned = latest.steps.filter(
    (s) => s.status === 'in_progress' && (s.lease === undefined || Date.parse(s.lease.expiresAt) <= now),
  );
  if (orphaned.length > 0) {
    const resumed = await changeMolecule(ctx.store, proto, mol.id, { type: 'resume', by }, ctx.io.now());
    if (resumed.ok) {
      latest = resumed.value.mol;
      for (const s of orphaned) print(`↺ ${s.id}: no live lease; back to ready`);
      const after = await carryOutLocally(ctx, latest, proto, resumed.value.effects);
      if (!after.ok) return after;
    }
  }
  const timed = await recheckTimers(ctx, latest, proto);
  if (!timed.ok) return timed;
  const ran = await execute(ctx, timed.value, proto, options);
  return ran.ok ? ok(ran.value) : ran;
}
