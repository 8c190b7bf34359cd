import type { MoleculeStatus, StepStatus } from '../molecule/molecule-schema.js';

/** One glyph per status, so the table and the graph read the same way (and not by colour alone). */
export const STEP_STATUS_EMOJI: Record<StepStatus, string> = {
  pending: '⚪',
  ready: '🔵',
  in_progress: '🔄',
  awaiting_gate: '⏳',
  completed: '✅',
  failed: '❌',
  skipped: '⏭️',
  blocked: '⛔',
};

export const MOLECULE_STATUS_EMOJI: Record<MoleculeStatus, string> = {
  pending: '⚪',
  in_progress: '🔄',
  paused: '⏸️',
  complete: '✅',
  failed: '❌',
  squashed: '📦',
  burned: '🔥',
};

/** `awaiting_gate` -> `awaiting gate`: statuses as words in sentences. */
export function statusWords(status: string): string {
  return status.replace(/_/g, ' ');
}
