/**
 * One patrol round, for every face: survey the molecules that may still move, ask the
 * engine what is stuck (`patrolDecisions`: timeouts, expired leases, runs that are gone, idle
 * steps to nudge, deliveries never made, expired wisps, stale locks), apply each decision as an event (whose own guards
 * refuse it if the world moved on), then judge again the gates that wait on time, CI or a merge.
 * Nothing stuck, nothing written. The face says how to survey, which runs are alive, which gates
 * it can judge, and how an event is written and its effects carried out.
 */
import {
  type GateResult,
  isLive,
  type Molecule,
  type MoleculeEvent,
  type PatrolAction,
  type PatrolInput,
  type Proto,
  patrolDecisions,
  type Result,
  type StepState,
  toEvent,
} from '../engine/index.js';

export interface Surveyed {
  mol: Molecule;
  proto: Proto;
}

/** A write as the face made it: the molecule after it, whether anything changed, what went wrong after. */
export interface PatrolWrite {
  mol: Molecule;
  changed: boolean;
  /** Effects that could not be carried out (the write itself stands). */
  problems: string[];
}

export interface PatrolFace {
  /** The molecules as stored now, and what could not be read. */
  survey(): Promise<{ molecules: Molecule[]; problems: string[] }>;
  /** A surveyed molecule's proto (its pinned formula, re-cooked). */
  protoOf(mol: Molecule): Promise<Result<Proto>>;
  thresholds: PatrolInput['thresholds'];
  /** Run ids of step leases that are still running; a run not asked about counts as alive. */
  liveRuns(molecules: readonly Surveyed[]): Promise<ReadonlySet<string>>;
  /** Locks the face's store holds, with their expiry. */
  locks?(): Promise<NonNullable<PatrolInput['locks']>>;
  /** Release a stale lock; false when its holder is alive after all. */
  releaseLock?(molId: string): Promise<boolean>;
  /** The face's write path (lock, read, transition, write) with the effects carried out its way. */
  write(found: Surveyed, event: MoleculeEvent, action?: PatrolAction): Promise<Result<PatrolWrite>>;
  /** The waiting step's gates this face can judge again; only results that decide something count. */
  judgeGates(found: Surveyed, step: StepState): Promise<GateResult[]>;
}

export interface PatrolOutcome {
  type: PatrolAction['type'] | 'gates';
  molId: string;
  step?: string;
  /** `done`: written; `unchanged`: nothing to write after all; `failed`: refused or not possible. */
  status: 'done' | 'unchanged' | 'failed';
  /** The molecule after the write (done, unchanged), or why it failed. */
  mol?: Molecule;
  error?: string;
}

export interface PatrolRoundReport {
  now: Date;
  surveyed: number;
  outcomes: PatrolOutcome[];
  /** What could not be read, or carried out after a write. */
  problems: string[];
}

export async function patrolRound(face: PatrolFace, now: Date): Promise<PatrolRoundReport> {
  const surveyed = await face.survey();
  const report: PatrolRoundReport = { now, surveyed: 0, outcomes: [], problems: [...surveyed.problems] };
  const molecules: Surveyed[] = [];
  for (const mol of surveyed.molecules) {
    // A complete molecule waits for squash, not for patrol, unless its delivery is still due.
    if (!isLive(mol.status) && mol.delivery?.due === undefined) continue;
    const proto = await face.protoOf(mol);
    if (proto.ok) molecules.push({ mol, proto: proto.value });
    else report.problems.push(proto.error.message);
  }
  report.surveyed = molecules.length;
  const actions = patrolDecisions({
    now,
    molecules,
    thresholds: face.thresholds,
    liveRuns: await face.liveRuns(molecules),
    ...(face.locks ? { locks: await face.locks() } : {}),
  });
  for (const action of actions) {
    const outcome = await act(face, molecules, action, report);
    if (outcome) report.outcomes.push(outcome);
  }
  for (const found of molecules) {
    for (const step of found.mol.steps) {
      if (step.status !== 'awaiting_gate') continue;
      const gates = await face.judgeGates(found, step);
      if (gates.length === 0) continue;
      const subject = { type: 'gates' as const, molId: found.mol.id, step: step.id };
      report.outcomes.push(
        outcomeOf(subject, await face.write(found, { type: 'gates', step: step.id, gates }), report),
      );
    }
  }
  return report;
}

async function act(
  face: PatrolFace,
  molecules: readonly Surveyed[],
  action: PatrolAction,
  report: PatrolRoundReport,
): Promise<PatrolOutcome | undefined> {
  const subject = {
    type: action.type,
    molId: action.molId,
    ...('step' in action ? { step: action.step } : {}),
  };
  if (action.type === 'release-lock') {
    // Without a way to release it, the next writer takes a stale lock over.
    if (!face.releaseLock) return undefined;
    const released = await face.releaseLock(action.molId);
    return released
      ? { ...subject, status: 'done' }
      : { ...subject, status: 'failed', error: 'the lock is held by a live process' };
  }
  const event = toEvent(action);
  const found = molecules.find((m) => m.mol.id === action.molId);
  if (!event || !found) return undefined;
  return outcomeOf(subject, await face.write(found, event, action), report);
}

function outcomeOf(
  subject: Pick<PatrolOutcome, 'type' | 'molId' | 'step'>,
  written: Result<PatrolWrite>,
  report: PatrolRoundReport,
): PatrolOutcome {
  if (!written.ok) return { ...subject, status: 'failed', error: written.error.message };
  report.problems.push(...written.value.problems);
  return { ...subject, status: written.value.changed ? 'done' : 'unchanged', mol: written.value.mol };
}

/** `timeout 12-a1b2c3/build`: an outcome in one line, as logs and summaries show it. */
export function outcomeLabel(outcome: Pick<PatrolOutcome, 'type' | 'molId' | 'step'>): string {
  return `${outcome.type} ${outcome.molId}${outcome.step ? `/${outcome.step}` : ''}`;
}
