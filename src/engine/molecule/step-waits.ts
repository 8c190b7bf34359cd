/**
 * What each step of a live molecule waits on, the one rule every view reads (`mol ls`, `mol ready`,
 * the dashboard issue): a ready step waits on a person unless it runs by itself, then on being
 * started (not while the molecule is paused: it starts nothing); a step at its gates on an approval
 * when one is open, else on its other gates; a step in progress on whoever holds its lease; a
 * budget stop is said first. An ended molecule waits on nothing. Which steps run by themselves is
 * the face's to say (a local command or agent, a GitHub job), so it comes in as data.
 */
import type { Proto } from '../cook/proto.js';
import type { Lease, Molecule, StepState } from './molecule-schema.js';
import { isLive, startsSteps } from './statuses.js';

export const WAIT_KINDS = ['person', 'start', 'approval', 'gates', 'running', 'budget'] as const;
export type WaitKind = (typeof WAIT_KINDS)[number];

export interface StepWait {
  step: string;
  on: WaitKind;
  /** The person the proto assigns the step to, when it names one. */
  assignee?: string;
  /** At its gates: the open ones (the proto's, when the state has not judged them yet). */
  gates?: string[];
  /** In progress: who holds the step. */
  lease?: Pick<Lease, 'holder' | 'runId'>;
  /** The budget stop's message. */
  detail?: string;
  /** When the step began to wait, where the state says (ready steps carry no time of their own). */
  since?: string;
}

/** Every step that waits on something, the budget stop first, then in the molecule's step order. */
export function stepWaits(
  mol: Molecule,
  proto: Pick<Proto, 'steps'> | undefined,
  unattended: ReadonlySet<string>,
): StepWait[] {
  if (!isLive(mol.status)) return [];
  const defs = new Map((proto?.steps ?? []).map((s) => [s.id, s]));
  const waits: StepWait[] = [];
  if (mol.budgetStop !== undefined)
    waits.push({ step: mol.budgetStop.step, on: 'budget', detail: mol.budgetStop.message });
  for (const step of mol.steps) {
    const def = defs.get(step.id);
    const assignee = def?.assignee === undefined ? {} : { assignee: def.assignee };
    if (step.status === 'ready') {
      if (!unattended.has(step.id)) waits.push({ step: step.id, on: 'person', ...assignee });
      else if (startsSteps(mol.status)) waits.push({ step: step.id, on: 'start' });
    } else if (step.status === 'awaiting_gate') {
      const gates = openGates(step, def?.gates ?? []);
      waits.push({
        step: step.id,
        on: gates.includes('approval') ? 'approval' : 'gates',
        gates,
        ...(step.awaitingSince === undefined ? {} : { since: step.awaitingSince }),
      });
    } else if (step.status === 'in_progress') {
      const lease = step.lease;
      waits.push({
        step: step.id,
        on: 'running',
        ...(lease === undefined
          ? {}
          : {
              lease: { holder: lease.holder, ...(lease.runId === undefined ? {} : { runId: lease.runId }) },
            }),
        ...(step.startedAt === undefined ? {} : { since: step.startedAt }),
      });
    }
  }
  return waits;
}

function openGates(step: StepState, declared: ReadonlyArray<{ type: string }>): string[] {
  const open = (step.gates ?? []).filter((g) => g.passed === null).map((g) => g.type);
  return [...new Set(open.length > 0 ? open : declared.map((g) => g.type))];
}
