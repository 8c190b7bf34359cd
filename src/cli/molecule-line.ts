/**
 * One molecule in a line, as `mol ls` prints it and documents its `--json` shape: id, formula,
 * status, progress (settled steps of all), what it waits on, and when it was made. Archives
 * (squashed molecules) read the same way, waiting on nothing.
 */
import { z } from 'zod';
import {
  type ArchiveRecord,
  MOLECULE_STATUSES,
  type Molecule,
  type Proto,
  settledSteps,
} from '../engine/index.js';
import { WaitingStepSchema, waitingSteps } from './waiting-steps.js';

export const MoleculeLineSchema = z.strictObject({
  id: z.string(),
  formula: z.string(),
  kind: z.enum(['mol', 'wisp', 'archive']),
  status: z.enum(MOLECULE_STATUSES),
  /** Completed and skipped steps, of all the steps. */
  progress: z.strictObject({ done: z.number().int(), total: z.number().int() }),
  waitingOn: z.array(WaitingStepSchema),
  createdAt: z.string(),
  /** The last write; for an archive, when it was squashed. */
  updatedAt: z.string(),
});
export type MoleculeLine = z.infer<typeof MoleculeLineSchema>;

export function moleculeLine(mol: Molecule, proto: Proto | undefined): MoleculeLine {
  return {
    id: mol.id,
    formula: mol.formula.name,
    kind: mol.kind,
    status: mol.status,
    progress: { done: settledSteps(mol), total: mol.steps.length },
    waitingOn: waitingSteps(mol, proto),
    createdAt: mol.createdAt,
    updatedAt: mol.updatedAt,
  };
}

export function archiveLine(record: ArchiveRecord): MoleculeLine {
  return {
    id: record.id,
    formula: record.formula.name,
    kind: 'archive',
    status: 'squashed',
    progress: {
      done: record.steps.filter((s) => s.status === 'completed' || s.status === 'skipped').length,
      total: record.steps.length,
    },
    waitingOn: [],
    createdAt: record.createdAt,
    updatedAt: record.squashedAt,
  };
}
