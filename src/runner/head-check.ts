/**
 * A local step works in the person's own checkout, on the molecule's branch. Its command may move
 * HEAD (`git checkout -b`, `git switch`, `git reset --hard HEAD~1`, a rebase); recording that as the
 * step's work would commit later steps on another branch, or drop a completed step's commit while
 * the state still counts it. Before the work is recorded, HEAD must still be on the branch the step
 * started on and descend from the step's base; otherwise the attempt fails, naming what moved, and
 * HEAD goes back on that branch (the attempt's set-aside then puts the branch and the files back
 * where the step began).
 */
import { err, ok, type Result } from '../engine/index.js';
import { git, resolveCommit } from './git.js';

export interface HeadAtStart {
  /** The branch checked out when the step began; undefined on a detached HEAD. */
  branch?: string;
  /** HEAD's commit when the step began. */
  baseCommit: string;
}

/** Whether HEAD is where the step may leave it, and its commit (the caller need not ask again); `head-moved` names what moved. */
export async function checkHead(
  cwd: string,
  stepId: string,
  start: HeadAtStart,
): Promise<Result<string | undefined>> {
  const read = await headNow(cwd);
  if (!read.ok) return read;
  const now = ok(read.value.branch);
  const head = read.value.commit;
  const was = start.branch ?? 'a detached HEAD';
  if (now.value !== start.branch) {
    const is = now.value ?? 'a detached HEAD';
    return err(
      'head-moved',
      `step ${stepId} moved HEAD from ${was} to ${is}; a local step works on the molecule's branch and must not switch it, so its work is not recorded and the checkout goes back to ${was}`,
    );
  }
  // A step that made no commit left HEAD on its base, which holds itself: no process to ask.
  if (head === start.baseCommit) return ok(head);
  const held =
    head === undefined
      ? undefined
      : await git(cwd, ['merge-base', '--is-ancestor', start.baseCommit, head], { okCodes: [0, 1] });
  if (held !== undefined && !held.ok) return held;
  if (held?.value.code === 0) return ok(head);
  const short = (sha: string | undefined) => (sha === undefined ? 'nothing' : sha.slice(0, 7));
  return err(
    'head-moved',
    `step ${stepId} moved ${was} to ${short(head)}, which does not hold the step's base ${short(start.baseCommit)} (a reset or rebase dropped commits); its work is not recorded and ${was} goes back to ${short(start.baseCommit)}`,
  );
}

/** HEAD back on the branch the step began on (no file changes); the branch itself is recreated if gone. */
export async function putHeadBack(cwd: string, start: HeadAtStart): Promise<Result<void>> {
  if (start.branch === undefined) {
    const head = (await resolveCommit(cwd, 'HEAD')) ?? start.baseCommit;
    const detached = await git(cwd, ['update-ref', '--no-deref', 'HEAD', head]);
    return detached.ok ? ok(undefined) : detached;
  }
  const ref = `refs/heads/${start.branch}`;
  if ((await resolveCommit(cwd, ref)) === undefined) {
    const recreated = await git(cwd, ['update-ref', ref, start.baseCommit]);
    if (!recreated.ok) return recreated;
  }
  const attached = await git(cwd, ['symbolic-ref', 'HEAD', ref]);
  return attached.ok ? ok(undefined) : attached;
}

/**
 * HEAD's branch and commit in one process; an unborn or broken HEAD is read the long way, one
 * question each, so it is told exactly as before.
 */
async function headNow(
  cwd: string,
): Promise<Result<{ branch: string | undefined; commit: string | undefined }>> {
  const both = await git(cwd, ['rev-parse', 'HEAD^{commit}', '--symbolic-full-name', 'HEAD'], {
    okCodes: [0, 1, 128],
  });
  if (both.ok && both.value.code === 0) {
    const [commit, full] = both.value.stdout.trim().split('\n');
    if (commit && full) {
      return ok({
        commit,
        branch: full.startsWith('refs/heads/') ? full.slice('refs/heads/'.length) : undefined,
      });
    }
  }
  const branch = await branchOf(cwd);
  if (!branch.ok) return branch;
  return ok({ branch: branch.value, commit: await resolveCommit(cwd, 'HEAD') });
}

async function branchOf(cwd: string): Promise<Result<string | undefined>> {
  const name = await git(cwd, ['symbolic-ref', '-q', 'HEAD'], { okCodes: [0, 1] });
  if (!name.ok) return name;
  const full = name.value.stdout.trim();
  if (name.value.code !== 0 || !full.startsWith('refs/heads/')) return ok(undefined);
  return ok(full.slice('refs/heads/'.length));
}
