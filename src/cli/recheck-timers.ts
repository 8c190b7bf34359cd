/**
 * Timer gates (`{type = "timer", after = "2h"}`) pass by themselves once their time is up, but
 * nothing wakes a local molecule then: `mol run`, `mol resume` and `mol patrol` look again and
 * record the ones that are due.
 */

import type { Proto } from '../engine/cook/proto.js';
import { ok, type Result } from '../engine/errors.js';
import { judgeTimer } from '../engine/index.js';
import type { Molecule } from '../engine/molecule/molecule-schema.js';
import { applyEvent } from './apply-event.js';
import type { CliContext } from './cli-context.js';

export async function recheckTimers(ctx: CliContext, mol: Molecule, proto: Proto): Promise<Result<Molecule>> {
  let latest = mol;
  for (const step of mol.steps) {
    if (step.status !== 'awaiting_gate' || step.awaitingSince === undefined) continue;
    const waiting = new Set((step.gates ?? []).filter((g) => g.passed === null).map((g) => g.type));
    if (!waiting.has('timer')) continue;
    const timers =
      proto.steps.find((s) => s.id === step.id)?.gates.flatMap((g) => (g.type === 'timer' ? [g] : [])) ?? [];
    const results = timers.map((g) => judgeTimer(g.after, step.awaitingSince, ctx.io.now()));
    if (!results.some((g) => g.passed !== null)) continue;
    const applied = await applyEvent(ctx, mol.id, proto, { type: 'gates', step: step.id, gates: results });
    if (!applied.ok) return applied;
    latest = applied.value.mol;
  }
  return ok(latest);
}
