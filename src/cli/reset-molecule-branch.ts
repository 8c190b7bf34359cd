/**
 * Rollback on git (the seed's snapshots): the engine says which commit a rollback returns to; this
 * moves the branch that holds the molecule's work there. A local molecule's steps commit to the
 * branch it was poured on, which is reset (its working tree too, refused over uncommitted work);
 * a distributed step's own branch `molecular/<mol>/<step>` is reset, and the steps downstream get
 * fresh branches when they run again.
 */

import { type Effect, err, type Molecule, ok, type Result, stepBranch } from '../engine/index.js';
import { git, resolveCommit } from '../runner/git.js';
import { resetBranch } from '../runner/index.js';
import type { CliContext } from './cli-context.js';

export interface BranchReset {
  branch: string;
  from: string;
  to: string;
}

/** The branch a rollback effect moves and the commit it moves it to; undefined when there is none to move. */
async function branchToReset(
  ctx: CliContext,
  mol: Molecule,
  effect: Extract<Effect, { type: 'reset-branch' }>,
): Promise<Result<{ branch: string; commit: string } | undefined>> {
  if (mol.execution === 'distributed') {
    if (effect.step === undefined || effect.commit === undefined) return ok(undefined);
    const branch = stepBranch(mol.id, effect.step);
    if ((await resolveCommit(ctx.repoDir, `refs/heads/${branch}`)) === undefined) return ok(undefined);
    return ok({ branch, commit: effect.commit });
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
  return ok({ branch: mol.base.ref, commit });
}

/** `force`: also discard uncommitted changes in the worktree that has the branch checked out. */
export async function resetMoleculeBranch(
  ctx: CliContext,
  mol: Molecule,
  effect: Extract<Effect, { type: 'reset-branch' }>,
  options: { force?: boolean } = {},
): Promise<Result<BranchReset | undefined>> {
  const target = await branchToReset(ctx, mol, effect);
  if (!target.ok) return target;
  if (target.value === undefined) return ok(undefined);
  const { branch, commit } = target.value;
  const moved = await resetBranch({ repoDir: ctx.repoDir, branch, commit, force: options.force === true });
  return moved.ok ? ok({ branch, ...moved.value }) : moved;
}

/**
 * The commits a rollback would take off the branch must all be the molecule's: each step commit
 * carries the trailer `Molecule: <id>` (see commitStep), and a checkpoint's commit is the
 * molecule's whatever its message says. Anything else — a person's own commit on the branch after
 * the step, another molecule's — would be dropped without a word, so the rollback is refused
 * (nothing changed) unless forced. The refusal names the first such commits.
 */
export async function checkForeignCommits(
  ctx: CliContext,
  mol: Molecule,
  effect: Extract<Effect, { type: 'reset-branch' }>,
): Promise<Result<void>> {
  const target = await branchToReset(ctx, mol, effect);
  if (!target.ok) return target;
  if (target.value === undefined) return ok(undefined);
  const { branch, commit } = target.value;
  // One record per commit: sha, subject, the Molecule trailers' values (unit and record separators).
  const listed = await git(ctx.repoDir, [
    'log',
    '--format=%H%x1f%s%x1f%(trailers:key=Molecule,valueonly,separator=%x2C)%x1e',
    `${commit}..refs/heads/${branch}`,
  ]);
  if (!listed.ok) return listed;
  const checkpoints = new Set(mol.steps.flatMap((s) => (s.checkpoint?.commit ? [s.checkpoint.commit] : [])));
  const foreign: string[] = [];
  for (const record of listed.value.stdout.split('\x1e')) {
    const [sha = '', subject = '', owners = ''] = record.trim().split('\x1f');
    if (sha === '') continue;
    const ours = owners.split(',').some((owner) => owner.trim() === mol.id);
    if (!ours && !checkpoints.has(sha)) foreign.push(`${sha.slice(0, 7)} "${subject}"`);
  }
  if (foreign.length === 0) return ok(undefined);
  const shown =
    foreign.slice(0, 3).join(', ') + (foreign.length > 3 ? ` and ${foreign.length - 3} more` : '');
  return err(
    'rollback-would-drop-commits',
    `rolling ${branch} back would drop ${foreign.length === 1 ? 'a commit' : `${foreign.length} commits`} that ${foreign.length === 1 ? 'is' : 'are'} not molecule ${mol.id}'s: ${shown}; nothing was changed (mol rollback --force drops ${foreign.length === 1 ? 'it' : 'them'} too)`,
  );
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
