/**
 * Rollback on git (the seed's snapshots): the engine says which commit a rollback returns to; this
 * moves the branch that holds the molecule's work there. A local molecule's steps commit to the
 * branch it was poured on, which is reset (its working tree too, refused over uncommitted work);
 * a distributed step's own branch `molecular/<mol>/<step>` is reset, and the steps downstream get
 * fresh branches when they run again.
 */

import { type Effect, err, type Molecule, ok, type Result } from '../engine/index.js';
import { git, resolveCommit } from '../runner/git.js';
import { resetBranch, stepBranch } from '../runner/index.js';
import type { CliContext } from './cli-context.js';

export interface BranchReset {
  branch: string;
  from: string;
  to: string;
}

export async function resetMoleculeBranch(
  ctx: CliContext,
  mol: Molecule,
  effect: Extract<Effect, { type: 'reset-branch' }>,
): Promise<Result<BranchReset | undefined>> {
  if (mol.execution === 'distributed') {
    if (effect.step === undefined || effect.commit === undefined) return ok(undefined);
    const branch = stepBranch(mol.id, effect.step);
    if ((await resolveCommit(ctx.repoDir, `refs/heads/${branch}`)) === undefined) return ok(undefined);
    const moved = await resetBranch({ repoDir: ctx.repoDir, branch, commit: effect.commit });
    return moved.ok ? ok({ branch, ...moved.value }) : moved;
  }
  const commit = effect.commit ?? mol.base.sha;
  if (commit === undefined)
    return err('no-base', `molecule "${mol.id}" recorded no base commit to roll back to`);
  if (
    mol.base.ref === 'HEAD' ||
    (await resolveCommit(ctx.repoDir, `refs/heads/${mol.base.ref}`)) === undefined
  ) {
    return err(
      'unknown-branch',
      `molecule "${mol.id}" ran on ${mol.base.ref === 'HEAD' ? 'a detached HEAD' : `branch ${mol.base.ref}, which is gone`}; there is no branch to roll back`,
    );
  }
  const moved = await resetBranch({ repoDir: ctx.repoDir, branch: mol.base.ref, commit });
  return moved.ok ? ok({ branch: mol.base.ref, ...moved.value }) : moved;
}

/**
 * A local molecule's steps commit one after another on one branch, in the order they ran, not in
 * the order of the graph: resetting to a step's commit also undoes every later commit. That is only
 * right when the rollback sends those steps back too; a completed step that stays completed (it
 * does not depend on the target) must keep its commit, so such a rollback is refused.
 */
export async function checkLocalRollback(
  ctx: CliContext,
  before: Molecule,
  after: Molecule,
  effect: Extract<Effect, { type: 'reset-branch' }>,
): Promise<Result<void>> {
  const target = effect.commit ?? before.base.sha;
  if (before.execution !== 'local' || target === undefined) return ok(undefined);
  const lost: string[] = [];
  for (const step of after.steps) {
    const commit = step.checkpoint?.commit;
    if (step.status !== 'completed' || commit === undefined) continue;
    const kept = await git(ctx.repoDir, ['merge-base', '--is-ancestor', commit, target], { okCodes: [0, 1] });
    if (!kept.ok) return kept;
    if (kept.value.code === 1) lost.push(step.id);
  }
  if (lost.length === 0) return ok(undefined);
  const list = lost.join(', ');
  return err(
    'rollback-would-lose-work',
    `rolling ${before.base.ref} back to the checkpoint of ${effect.step ?? 'the base'} would also undo ${list} (committed after it), which ${lost.length === 1 ? 'does' : 'do'} not depend on it; roll back to a step that ${lost.length === 1 ? 'it comes' : 'they come'} after`,
  );
}
