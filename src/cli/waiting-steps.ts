/**
 * What each step of a molecule waits on, in the words `mol ls` and `mol ready` share: a person
 * (a step no command runs), an approval, its other gates, a runner that holds it, `mol run` (a
 * step with a command or an agent, ready), or a raised budget. The rule is the engine's
 * (`stepWaits`, which the dashboard reads too); this file names its answers as `--json` documents
 * them. `nextSteps` in print.ts says the same to a person reading `mol status`.
 */
import { z } from 'zod';
import { type Molecule, type Proto, type StepWait, stepWaits, type WaitKind } from '../engine/index.js';
import { unattendedSteps } from '../shell/step/agent-command.js';

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

/** Every step that waits on something, in the engine's words (`stepWaits`) told as `--json` says them. */
export function waitingSteps(mol: Molecule, proto: Proto | undefined): WaitingStep[] {
  // Without its proto (a formula that no longer loads) nothing is known to run a step by itself.
  return stepWaits(mol, proto, unattendedSteps(proto)).map(waitingStep);
}

const WHY: Readonly<Record<WaitKind, WaitReason>> = {
  person: 'human',
  start: 'ready',
  approval: 'approval',
  gates: 'gates',
  running: 'running',
  budget: 'budget',
};

function waitingStep(w: StepWait): WaitingStep {
  const detail =
    w.on === 'gates' ? w.gates?.join(', ') || 'pending' : w.on === 'running' ? w.lease?.holder : w.detail;
  return {
    step: w.step,
    why: WHY[w.on],
    ...(detail === undefined ? {} : { detail }),
    ...(w.since === undefined ? {} : { since: w.since }),
  };
}

/** `greet (human), review (approval), wait (gates: timer)`. */
export function waitingText(waiting: readonly WaitingStep[]): string {
  return waiting.map((w) => `${w.step} (${w.why}${w.why === 'gates' ? `: ${w.detail}` : ''})`).join(', ');
}
