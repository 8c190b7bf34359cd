/**
 * The `molecule:*` label a status shows on its issue, so people can filter issues by molecule
 * state and a store can search by it. Names only; their colours are the GitHub adapter's.
 */
import type { Molecule, MoleculeStatus } from './molecule-schema.js';
import { LIVE_MOLECULE_STATUSES, TERMINAL_MOLECULE_STATUSES } from './statuses.js';

export const STATUS_LABELS = {
  active: 'molecule:active',
  complete: 'molecule:complete',
  failed: 'molecule:failed',
} as const;

/** The label a status shows; none once squashed or burned. */
export function statusLabel(status: MoleculeStatus): string | undefined {
  if (LIVE_MOLECULE_STATUSES.has(status)) return STATUS_LABELS.active;
  if (status === 'complete') return STATUS_LABELS.complete;
  if (status === 'failed') return STATUS_LABELS.failed;
  return undefined;
}

/** The labels that find molecules of these statuses (every labelled status when absent). */
export function statusLabels(statuses?: readonly MoleculeStatus[]): string[] {
  const all: readonly MoleculeStatus[] = statuses ?? ['pending', 'complete', 'failed'];
  return [...new Set(all.map(statusLabel).filter((l): l is string => l !== undefined))];
}

/**
 * The label change a status change asks for. Squash keeps a finished molecule's outcome label
 * (its record remains); burn leaves no trace.
 */
export function labelChange(
  from: MoleculeStatus,
  to: MoleculeStatus,
): { add: string[]; remove: string[] } | undefined {
  const before = statusLabel(from);
  const after = to === 'squashed' && TERMINAL_MOLECULE_STATUSES.has(from) ? before : statusLabel(to);
  if (before === after) return undefined;
  return { add: after ? [after] : [], remove: before ? [before] : [] };
}

/**
 * The label a molecule shows: its status's, except that a complete one whose delivery is due
 * (`delivery.due`) stays active until the delivery is recorded, so patrol's survey finds it.
 */
export function moleculeLabel(mol: Pick<Molecule, 'status' | 'delivery'>): string | undefined {
  if (mol.status === 'complete' && mol.delivery?.due !== undefined) return STATUS_LABELS.active;
  return statusLabel(mol.status);
}

/** `labelChange` between two molecules, by the label each shows (`moleculeLabel`). */
export function labelChangeOf(
  before: Pick<Molecule, 'status' | 'delivery'>,
  after: Pick<Molecule, 'status' | 'delivery'>,
): { add: string[]; remove: string[] } | undefined {
  const from = moleculeLabel(before);
  const to =
    after.status === 'squashed' && TERMINAL_MOLECULE_STATUSES.has(before.status)
      ? statusLabel(before.status)
      : moleculeLabel(after);
  if (from === to) return undefined;
  return { add: to ? [to] : [], remove: from ? [from] : [] };
}
