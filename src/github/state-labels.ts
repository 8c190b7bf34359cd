/** Which state label a molecule status shows as; `list()` searches by these. */
import type { MoleculeStatus } from '../engine/molecule/molecule-schema.js';
import { STATE_LABELS } from './labels.js';

export function stateLabelFor(status: MoleculeStatus): string | undefined {
  switch (status) {
    case 'pending':
    case 'in_progress':
    case 'paused':
      return STATE_LABELS.active.name;
    case 'complete':
      return STATE_LABELS.complete.name;
    case 'failed':
      return STATE_LABELS.failed.name;
    case 'squashed':
    case 'burned':
      return undefined;
  }
}

/** The labels to search to find molecules of these statuses (all live ones when absent). */
export function stateLabelsFor(statuses?: readonly MoleculeStatus[]): string[] {
  const all: MoleculeStatus[] = statuses ? [...statuses] : ['pending', 'complete', 'failed'];
  return [...new Set(all.map(stateLabelFor).filter((l): l is string => l !== undefined))];
}
