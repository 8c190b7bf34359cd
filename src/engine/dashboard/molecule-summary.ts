/**
 * What one molecule looks like from afar: its formula, subject, status, progress, the steps that
 * wait and on whom, its age and cost. Pure, so every cross-molecule view (the GitHub dashboard,
 * a terminal listing) reads molecules the same way.
 */
import { moleculeUsage } from '../budget/usage.js';
import type { Proto, ProtoStep } from '../cook/proto.js';
import type { Molecule, MoleculeStatus, StepState } from '../molecule/molecule-schema.js';
import { progress } from '../molecule/progress.js';

/** Who or what a waiting step waits on. */
export const WAITING_ON = ['person', 'approval', 'timer', 'checks', 'merge', 'job', 'gate'] as const;
export type WaitingOn = (typeof WAITING_ON)[number];

export interface StepWait {
  step: string;
  on: WaitingOn;
  /** The person assigned, or the run holding the step, when known. */
  who?: string;
}

export interface MoleculeSummary {
  id: string;
  formula: string;
  kind: Molecule['kind'];
  status: MoleculeStatus;
  repo?: string;
  issue?: number;
  pr?: number;
  /** Steps completed or skipped, of all. */
  done: number;
  total: number;
  percent: number;
  waiting: StepWait[];
  /** Steps that failed (a retry may take them up again). */
  failed: string[];
  /**
   * Steps patrol had to act on and that have not moved since: a ready step it dispatched again
   * that no job started, a running one it nudged. `nudgedAt` is cleared when a step moves on.
   */
  nudged?: Array<{ step: string; at: string; status: 'ready' | 'in_progress' }>;
  createdAt: string;
  updatedAt: string;
  ageMs: number;
  /** USD its agents reported, when any did. */
  costUsd?: number;
  expiresAt?: string;
}

const GATE_WAIT: Record<string, WaitingOn> = {
  approval: 'approval',
  timer: 'timer',
  checks: 'checks',
  'pr-merged': 'merge',
};

export function summarizeMolecule(
  mol: Molecule,
  proto: Pick<Proto, 'steps'> | undefined,
  now: Date,
): MoleculeSummary {
  const counts = progress(mol);
  const defs = new Map((proto?.steps ?? []).map((s) => [s.id, s]));
  const cost = moleculeUsage(mol.steps).cost_usd;
  return {
    id: mol.id,
    formula: mol.formula.name,
    kind: mol.kind,
    status: mol.status,
    ...(mol.subject.repo === undefined ? {} : { repo: mol.subject.repo }),
    ...(mol.subject.issue === undefined ? {} : { issue: mol.subject.issue }),
    ...(mol.subject.pr === undefined ? {} : { pr: mol.subject.pr }),
    done: counts.complete + counts.skipped,
    total: counts.total,
    percent: counts.percentComplete,
    waiting: mol.steps.flatMap((step) => waitOf(step, defs.get(step.id))),
    failed: mol.steps.filter((s) => s.status === 'failed').map((s) => s.id),
    ...nudgedOf(mol),
    createdAt: mol.createdAt,
    updatedAt: mol.updatedAt,
    ageMs: Math.max(0, now.getTime() - Date.parse(mol.createdAt)),
    ...(cost === undefined ? {} : { costUsd: cost }),
    ...(mol.expiresAt === undefined ? {} : { expiresAt: mol.expiresAt }),
  };
}

/** Every molecule of the list, newest change first. */
export function summarizeMolecules(
  molecules: ReadonlyArray<{ mol: Molecule; proto?: Pick<Proto, 'steps'> | undefined }>,
  now: Date,
): MoleculeSummary[] {
  return molecules
    .map(({ mol, proto }) => summarizeMolecule(mol, proto, now))
    .sort((a, b) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt) || a.id.localeCompare(b.id));
}

function nudgedOf(mol: Molecule): Pick<MoleculeSummary, 'nudged'> {
  const nudged = mol.steps.flatMap((s) =>
    s.nudgedAt !== undefined && (s.status === 'ready' || s.status === 'in_progress')
      ? [{ step: s.id, at: s.nudgedAt, status: s.status }]
      : [],
  );
  return nudged.length === 0 ? {} : { nudged };
}

/**
 * A step waits on a person when it is theirs to do, on its pending gates when it waits at them,
 * and on a job when a machine has it or is about to take it.
 */
function waitOf(step: StepState, def: ProtoStep | undefined): StepWait[] {
  const person = def?.type === 'human';
  const assignee = def?.assignee === undefined ? {} : { who: def.assignee };
  if (step.status === 'awaiting_gate') {
    const open = (step.gates ?? []).filter((g) => g.passed === null).map((g) => g.type);
    const types = open.length > 0 ? open : (def?.gates ?? []).map((g) => g.type);
    const kinds = [...new Set(types.map((t) => GATE_WAIT[t] ?? 'gate'))];
    return (kinds.length > 0 ? kinds : (['gate'] as WaitingOn[])).map((on) => ({ step: step.id, on }));
  }
  if (step.status === 'in_progress') {
    if (person) return [{ step: step.id, on: 'person', ...assignee }];
    const run = step.lease?.runId ?? step.lease?.holder;
    return [{ step: step.id, on: 'job', ...(run === undefined ? {} : { who: run }) }];
  }
  if (step.status === 'ready')
    return [{ step: step.id, on: person ? 'person' : 'job', ...(person ? assignee : {}) }];
  return [];
}
