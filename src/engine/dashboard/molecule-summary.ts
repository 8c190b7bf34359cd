/**
 * What one molecule looks like from afar: its formula, subject, status, progress, the steps that
 * wait and on whom, its age and cost. Pure, so every cross-molecule view (the GitHub dashboard,
 * a terminal listing) reads molecules the same way.
 */
import { moleculeUsage } from '../budget/usage.js';
import type { Proto } from '../cook/proto.js';
import type { Molecule, MoleculeStatus } from '../molecule/molecule-schema.js';
import { progress } from '../molecule/progress.js';
import { type StepWait, stepWaits } from '../molecule/step-waits.js';

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

export function summarizeMolecule(
  mol: Molecule,
  proto: Pick<Proto, 'steps'> | undefined,
  unattended: ReadonlySet<string>,
  now: Date,
): MoleculeSummary {
  const counts = progress(mol);
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
    waiting: stepWaits(mol, proto, unattended),
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
  molecules: ReadonlyArray<{
    mol: Molecule;
    proto?: Pick<Proto, 'steps'> | undefined;
    /** The steps that run without a person (see `stepWaits`). */
    unattended: ReadonlySet<string>;
  }>,
  now: Date,
): MoleculeSummary[] {
  return molecules
    .map(({ mol, proto, unattended }) => summarizeMolecule(mol, proto, unattended, now))
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
