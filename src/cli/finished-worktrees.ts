/**
 * Worktrees of steps that need them no more. A distributed step's worktree is removed once its
 * completion is recorded, so a crash in between leaves it behind: `mol resume` removes its own
 * molecule's, `mol gc` every one no step needs.
 */
import type { Molecule, StepStatus } from '../engine/index.js';
import { listLeftoverWorktrees, removeWorktree } from '../runner/index.js';
import type { CliContext } from './cli-context.js';

/** A step's worktree is worth keeping while it runs, waits on gates, or failed (to look at). */
const KEEP: ReadonlySet<StepStatus> = new Set(['in_progress', 'awaiting_gate', 'failed']);

export function worktreeNeeded(status: StepStatus): boolean {
  return KEEP.has(status);
}

/**
 * Removes the worktrees of `mol`'s completed steps; says what it could not remove. Only those: a
 * step sent back to ready after its runner died may have left its finished command's work in its
 * worktree, which its next attempt records instead of running the command again.
 */
export async function removeFinishedWorktrees(
  ctx: Pick<CliContext, 'repoDir' | 'worktreeRoot'>,
  mol: Molecule,
  warn: (line: string) => void,
): Promise<void> {
  const trees = await listLeftoverWorktrees({ repoDir: ctx.repoDir, worktreeRoot: ctx.worktreeRoot });
  if (!trees.ok) return warn(trees.error.message);
  for (const tree of trees.value) {
    if (tree.molId !== mol.id) continue;
    const status = mol.steps.find((s) => s.id === tree.stepId)?.status;
    if (status !== 'completed') continue;
    const removed = await removeWorktree({ repoDir: ctx.repoDir, path: tree.path });
    if (!removed.ok) warn(removed.error.message);
  }
}
