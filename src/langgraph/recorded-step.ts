/**
 * One node's step, recorded in its molecule through the manager (the library's one write path):
 * what the molecule says decides whether the step runs at all, so a graph re-run after a crash
 * runs only what no earlier run completed, and a step's failures follow the molecule's retry rules
 * rather than LangGraph's.
 */
import {
  type CheckpointInput,
  MolecularError,
  type Molecule,
  type MoleculeManager,
  type ProtoStep,
  type StepState,
} from '../index.js';

/** What became of a step: completed with an output, or passed over (skipped, or failed softly). */
export type StepOutcome = { completed: true; output: unknown } | { completed: false };

export interface RecordedStep {
  manager: MoleculeManager;
  molId: string;
  step: ProtoStep;
  /** Who the molecule's history says did it. */
  by: string;
  /** The work, once per attempt. */
  run: () => Promise<unknown>;
}

export async function runRecordedStep({ manager, molId, step, by, run }: RecordedStep): Promise<StepOutcome> {
  const mol = await manager.loadMolecule(molId);
  if (!mol) throw new MolecularError({ code: 'not-found', message: `there is no molecule "${molId}"` });
  const found = stepIn(mol, step.id);
  switch (found.status) {
    case 'completed':
      return { completed: true, output: found.checkpoint?.notes };
    case 'skipped':
      return { completed: false };
    case 'ready':
      await manager.startStep(molId, step.id, { by });
      break;
    case 'in_progress':
      // A step left in progress is what a crashed run leaves: re-running the graph is the recovery,
      // so the step is released and started again as a new attempt (a live lease refuses this).
      await manager.apply(molId, [
        { type: 'release', step: step.id, by },
        { type: 'start', step: step.id, by },
      ]);
      break;
    default:
      throw new MolecularError({ code: 'invalid-state', message: cannotRun(mol, found) });
  }
  for (;;) {
    let output: unknown;
    try {
      output = await run();
    } catch (error) {
      const transient = isTransient(error);
      const failed = await manager.failStep(molId, step.id, messageOf(error), { by, transient });
      const after = stepIn(failed, step.id);
      if (after.status === 'ready') {
        await manager.startStep(molId, step.id, { by });
        continue;
      }
      // `on_exhausted = "soft_fail"` closes a step whose transient failures spent its attempts as
      // passed: what needs it runs, and it has no output to give them.
      if (after.status === 'completed') return { completed: false };
      throw error;
    }
    const done = stepIn(await manager.completeStep(molId, step.id, checkpointOf(output), { by }), step.id);
    if (done.status === 'completed') return { completed: true, output };
    throw new MolecularError({
      code: 'invalid-state',
      message: cannotRun(await reload(manager, molId), done),
    });
  }
}

function stepIn(mol: Molecule, id: string): StepState {
  const found = mol.steps.find((s) => s.id === id);
  if (found) return found;
  throw new MolecularError({
    code: 'proto-mismatch',
    message: `molecule "${mol.id}" has no step "${id}": it was not poured from this formula (it runs "${mol.formula.name}")`,
  });
}

async function reload(manager: MoleculeManager, molId: string): Promise<Molecule> {
  const mol = await manager.loadMolecule(molId);
  if (!mol) throw new MolecularError({ code: 'not-found', message: `there is no molecule "${molId}"` });
  return mol;
}

/** A `runStep` marks a failure worth retrying (Gas City's transient class) with `transient: true`. */
function isTransient(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { transient?: unknown }).transient === true;
}

/** Why the graph stops at a step the molecule will not let it run, and what a person can do. */
function cannotRun(mol: Molecule, step: StepState): string {
  const at = `step "${step.id}" of molecule "${mol.id}"`;
  switch (step.status) {
    case 'failed':
      return `${at} failed for good (${step.error ?? 'no error recorded'}): \`mol retry ${mol.id} ${step.id}\`, then invoke the graph again`;
    case 'blocked':
      return `${at} is blocked by a failure before it: retry that step, then invoke the graph again`;
    case 'awaiting_gate':
      return `${at} waits for its gates (${(step.gates ?? []).map((g) => g.detail).join('; ') || 'pending'}): invoke the graph again once they pass`;
    default:
      return `${at} is ${step.status}, not ready to run (molecule ${mol.status}): \`mol status ${mol.id}\` says why`;
  }
}

/** A checkpoint holding the output as text, which is what a later run restores it from. */
function checkpointOf(output: unknown): CheckpointInput {
  return { filesModified: [], testsPassed: true, notes: textOf(output) };
}

function textOf(output: unknown): string {
  if (output === undefined) return '';
  if (typeof output === 'string') return output;
  try {
    return JSON.stringify(output) ?? String(output);
  } catch {
    return String(output);
  }
}

function messageOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.trim() || 'runStep threw';
}
