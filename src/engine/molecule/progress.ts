/**
 * Progress counts (the seed's getMoleculeProgress). Every step is counted once: `pending` does not
 * include `ready` (its own count), and `inProgress` includes steps awaiting their gates.
 * `percentComplete` counts skipped steps as done, so a complete molecule always shows 100%.
 */
import type { Molecule } from './molecule-schema.js';

export interface Progress {
  total: number;
  complete: number;
  inProgress: number;
  failed: number;
  skipped: number;
  blocked: number;
  pending: number;
  ready: number;
  percentComplete: number;
}

export function progress(mol: Molecule): Progress {
  const p: Progress = {
    total: mol.steps.length,
    complete: 0,
    inProgress: 0,
    failed: 0,
    skipped: 0,
    blocked: 0,
    pending: 0,
    ready: 0,
    percentComplete: 0,
  };
  for (const step of mol.steps) {
    switch (step.status) {
      case 'completed':
        p.complete++;
        break;
      case 'in_progress':
      case 'awaiting_gate':
        p.inProgress++;
        break;
      case 'failed':
        p.failed++;
        break;
      case 'skipped':
        p.skipped++;
        break;
      case 'blocked':
        p.blocked++;
        break;
      case 'pending':
        p.pending++;
        break;
      case 'ready':
        p.ready++;
        break;
    }
  }
  p.percentComplete = p.total === 0 ? 100 : Math.floor((100 * (p.complete + p.skipped)) / p.total);
  return p;
}
