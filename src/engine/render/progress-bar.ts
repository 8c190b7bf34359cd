import type { Molecule } from '../molecule/molecule-schema.js';
import { groupDigits } from './group-digits.js';

export const PROGRESS_BAR_WIDTH = 20;

/**
 * `▓▓▓▓▓░░░░░ 4/8 (50%)`. Bar and percentage round down short of the end, so a molecule looks
 * finished only when every step is settled.
 */
export function progressBar(done: number, total: number, width = PROGRESS_BAR_WIDTH): string {
  if (total <= 0) return `${'░'.repeat(width)} 0/0`;
  const ratio = Math.min(1, Math.max(0, done / total));
  const filled = ratio === 1 ? width : Math.min(width - 1, Math.round(ratio * width));
  return `${'▓'.repeat(filled)}${'░'.repeat(width - filled)} ${groupDigits(done)}/${groupDigits(total)} (${Math.floor(ratio * 100)}%)`;
}

/** Steps that need nothing more: completed or skipped. */
export function settledSteps(mol: Molecule): number {
  let done = 0;
  for (const step of mol.steps) if (step.status === 'completed' || step.status === 'skipped') done++;
  return done;
}
