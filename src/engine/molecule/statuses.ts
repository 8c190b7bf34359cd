/**
 * Which molecule statuses count as what. Every face asks these questions (is it still moving?
 * may it start a step?), so the answers live here once.
 */
import type { MoleculeStatus } from './molecule-schema.js';

/** Squashed or burned: nothing happens to it again. */
export const FINAL_MOLECULE_STATUSES: ReadonlySet<MoleculeStatus> = new Set(['squashed', 'burned']);
/** Finished, with an outcome; it waits for a squash, a reset or a rollback. */
export const TERMINAL_MOLECULE_STATUSES: ReadonlySet<MoleculeStatus> = new Set(['complete', 'failed']);

/** Molecules whose steps may still move, as a list (a store's `status` filter takes one). */
export const LIVE_STATUS_LIST: readonly MoleculeStatus[] = ['pending', 'in_progress', 'paused'];
export const LIVE_MOLECULE_STATUSES: ReadonlySet<MoleculeStatus> = new Set(LIVE_STATUS_LIST);

export function isLive(status: MoleculeStatus): boolean {
  return LIVE_MOLECULE_STATUSES.has(status);
}

/** A paused molecule still records work that finishes, but no step of it starts. */
export function startsSteps(status: MoleculeStatus): boolean {
  return status === 'pending' || status === 'in_progress';
}
