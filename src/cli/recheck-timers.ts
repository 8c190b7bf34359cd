/**
 * Timer gates (`{type = "timer", after = "2h"}`) pass by themselves once their time is up, but
 * nothing wakes a local molecule then: `mol run`, `mol resume` and `mol patrol` look again and
 * record the ones that are due. Whether one is due is the engine's rule (`judgeTimer`).
 */

import {
  type GateResult,
  judgeTimer,
  type Molecule,
  ok,
  type Proto,
  type Result,
  type StepState,
} from '../engine/index.js';
import { changeMolecule } from '../shell/change-molecule.js';
import type { CliContext } from './cli-context.js';

export async function recheckTimers(ctx: CliContext, mol: Molecule, proto: Proto): Promise<Result<Molecule>> {
  let latest = mol;
  for (const step of mol.steps) {
    const results = judgeTimers(ctx, proto, step);
    if (results.length === 0) continue;
    const applied = await changeMolecule(
      ctx.store,
      proto,
      mol.id,
      { type: 'gates', step: step.id, gates: results },
      ctx.io.now(),
    );
    if (!applied.ok) return applied;
    latest = applied.value.mol;
  }
  return ok(latest);
}

/** The waiting step's timer gates judged now: none when none of them is decided yet. */
export function judgeTimers(ctx: CliContext, proto: Proto, step: StepState): GateResult[] {
  if (step.status !== 'awaiting_gate' || step.awaitingSince === undefined) return [];
  const waiting = new Set((step.gates ?? []).filter((g) => g.passed === null).map((g) => g.type));
  if (!waiting.has('timer')) return [];
  const since = step.awaitingSince;
  const results =
    proto.steps
      .find((s) => s.id === step.id)
      ?.gates.flatMap((g) => (g.type === 'timer' ? [judgeTimer(g.after, since, ctx.io.now())] : [])) ?? [];
  return results.some((g) => g.passed !== null) ? results : [];
}
