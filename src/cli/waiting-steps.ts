/**
 * What each step of a molecule waits on, in the words `mol ls` and `mol ready` share: a person
 * (a step no command runs), an approval, its other gates, a runner that holds it, `mol run` (a
 * step with a command or an agent, ready), or a raised budget. `nextSteps` in print.ts says the
 * same to a person reading `mol status`, with the command to type.
 */
import { z } from 'zod';
import { isLive, type Molecule, type Proto, startsSteps } from '../engine/index.js';
import { runsUnattended } from '../shell/step/agent-command.js';

export const WAIT_REASONS = ['human', 'approval', 'ready', 'gates', 'running', 'budget'] as const;
export type WaitReason = (typeof WAIT_REASONS)[number];

export const WaitingStepSchema = z.strictObject({
  step: z.string(),
  why: z.enum(WAIT_REASONS),
  /** Who or what: the gates still waiting (`timer`, `checks`), the lease holder, the budget stop. */
  detail: z.string().optional(),
  /** When the step began to wait, where the state says (ready steps carry no time of their own). */
  since: z.string().optional(),
});
export type WaitingStep = z.infer<typeof WaitingStepSchema>;

/** Every step that waits on something, in the molecule's step order; none once it has ended. */
export function waitingSteps(mol: Molecule, proto: Proto | undefined): WaitingStep[] {
  if (!isLive(mol.status)) return [];
  const defs = new Map(proto?.steps.map((s) => [s.id, s]));
  const waiting: WaitingStep[] = [];
  if (mol.budgetStop !== undefined)
    waiting.push({ step: mol.budgetStop.step, why: 'budget', detail: mol.budgetStop.message });
  for (const step of mol.steps) {
    if (step.status === 'ready') {
      const def = defs.get(step.id);
      // Without its proto (a formula that no longer loads) nothing is known to run it.
      const why = runsUnattended(def) ? 'ready' : 'human';
      if (why === 'ready' && !startsSteps(mol.status)) continue;
      waiting.push({ step: step.id, why });
    } else if (step.status === 'awaiting_gate') {
      const open = (step.gates ?? []).filter((g) => g.passed === null);
      const approval = open.some((g) => g.type === 'approval');
      waiting.push({
        step: step.id,
        why: approval ? 'approval' : 'gates',
        ...(approval ? {} : { detail: open.map((g) => g.type).join(', ') || 'pending' }),
        ...(step.awaitingSince === undefined ? {} : { since: step.awaitingSince }),
      });
    } else if (step.status === 'in_progress') {
      waiting.push({
        step: step.id,
        why: 'running',
        ...(step.lease === undefined ? {} : { detail: step.lease.holder }),
        ...(step.startedAt === undefined ? {} : { since: step.startedAt }),
      });
    }
  }
  return waiting;
}

/** `greet (human), review (approval), wait (gates: timer)`. */
export function waitingText(waiting: readonly WaitingStep[]): string {
  return waiting.map((w) => `${w.step} (${w.why}${w.why === 'gates' ? `: ${w.detail}` : ''})`).join(', ');
}
