/**
 * Rollback on git (the seed's snapshots): the engine says which commit a rollback returns to; this
 * moves the branch that holds the molecule's work there. A local molecule's steps commit to the
 * branch it was poured on, which is reset (its working tree too, refused over uncommitted work);
 * a distributed step's own branch `molecular/<mol>/<step>` is reset, and the steps downstream get
 * fresh branches when they run again.
 */
import type { Effect } from '../engine/effects.js';
import { err, ok, type Result } from '../engine/errors.js';
import type { Molecule } from '../engine/molecule-schema.js';
import { resolveCommit } from '../runner/git.js';
import { resetBranch, stepBranch } from '../runner/index.js';
import type { CliContext } from './context.js';

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
