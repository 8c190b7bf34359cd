/**
 * `mol resume` and `mol run <mol-id>`: recover what a crash left behind, then run on. Steps in
 * progress under a local run whose process is gone go back to ready (`release` with that run id,
 * which the engine refuses if a newer run took the step meanwhile), steps in progress with no lease
 * or an expired one go back through the engine's `resume`, due timer gates are recorded, and the
 * executor takes over; worktrees of steps that finished are removed. Completed steps are never run again: only ready steps are started. Before a
 * step goes back to ready, the process group its previous attempt ran in (the lease records it) is
 * ended if it still runs: never two live attempts of one step.
 */

import { leaseLive, type Molecule, ok, type Proto, type Result } from '../engine/index.js';
import { carryOutLocally } from '../shell/carry-out-locally.js';
import { changeMolecule } from '../shell/change-molecule.js';
import type { CliContext } from './cli-context.js';
import { endPreviousAttempt } from './end-previous-attempt.js';
import { type ExecuteOptions, execute } from './executor.js';
import { removeFinishedWorktrees } from './finished-worktrees.js';
import { isRunGone } from './local-run.js';
import { markedLine } from './progress-lines.js';
import { recheckTimers } from './recheck-timers.js';
import { PLAIN } from './style.js';

export async function continueMolecule(
  ctx: CliContext,
  mol: Molecule,
  proto: Proto,
  by: string,
  options: ExecuteOptions = {},
): Promise<Result<Molecule>> {
  const print = options.print ?? ((line: string) => ctx.io.out(line));
  const style = options.style ?? PLAIN;
  let latest = mol;
  const found = ctx.io.now();
  for (const step of mol.steps) {
    if (step.status !== 'in_progress') continue;
    const expired = step.lease !== undefined && !leaseLive(step.lease, found);
    if (!expired && !isRunGone(step.lease?.runId)) continue;
    // Never two live attempts: the one the gone run started ends before another may start.
    const previous = await endPreviousAttempt(step, (pgid) =>
      print(
        markedLine(
          '■',
          `${step.id}: ending its previous attempt (process group ${pgid}), whose runner is gone`,
          style,
        ),
      ),
    );
    if (previous.kind === 'elsewhere') {
      print(
        markedLine(
          '⚠',
          `${step.id}: its previous attempt runs on ${previous.host}; left to that host`,
          style,
        ),
      );
      continue;
    }
    if (expired) continue; // the engine's resume below sends it back
    const released = await changeMolecule(
      ctx.store,
      proto,
      mol.id,
      {
        type: 'release',
        step: step.id,
        runId: step.lease?.runId,
        processEnded: true,
        by,
      },
      ctx.io.now(),
    );
    if (!released.ok) continue; // someone else took it over meanwhile
    latest = released.value.mol;
    print(markedLine('↺', `${step.id}: its runner (${step.lease?.holder}) is gone; back to ready`, style));
  }
  const now = ctx.io.now();
  const orphaned = latest.steps.filter((s) => s.status === 'in_progress' && !leaseLive(s.lease, now));
  if (orphaned.length > 0) {
    const resumed = await changeMolecule(ctx.store, proto, mol.id, { type: 'resume', by }, ctx.io.now());
    if (resumed.ok) {
      latest = resumed.value.mol;
      for (const s of orphaned) print(markedLine('↺', `${s.id}: no live lease; back to ready`, style));
      const after = await carryOutLocally(ctx, latest, proto, resumed.value.effects);
      if (!after.ok) return after;
    }
  }
  // A crash after a step's completion was recorded, before its worktree went, left it behind.
  if (proto.execution === 'distributed')
    await removeFinishedWorktrees(ctx, latest, (line) => ctx.io.err(`mol: ${line}`));
  const timed = await recheckTimers(ctx, latest, proto);
  if (!timed.ok) return timed;
  const ran = await execute(ctx, timed.value, proto, options);
  return ran.ok ? ok(ran.value) : ran;
}
