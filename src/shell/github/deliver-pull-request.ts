/**
 * Carries out a `deliver` effect on GitHub: the molecule's work merged into its result branch
 * (created at the first branch, the others merged in with GitHub's own merge), then the pull
 * request found by its head branch or opened once, with its labels and reviewers. What happened
 * comes back as events for the write path: `delivered`, or `delivery-failed` naming the conflicting paths.
 *
 * Calls per delivery: 1 (result branch) + 2 when it is new (the first branch's head, the ref) + 1
 * per merged branch + 1 (find the pull request); the first time also 1 (open it) + 1 (labels, if
 * any) + 1 (reviewers, if any). A conflict costs 3 more (the trees it compares).
 */
import {
  conflictSentence,
  type Effect,
  type Molecule,
  type MoleculeEvent,
  type Proto,
  pullRequestText,
  resultBranch,
} from '../../engine/index.js';
import type { GitHubClient, RepoRef } from '../../github/client.js';
import {
  branchHead,
  conflictingPaths,
  createBranch,
  fastForward,
  mergeBranch,
} from '../../github/merge-branch.js';
import {
  enableAutoMerge,
  findPullByHead,
  labelPull,
  openPull,
  requestReviewers,
} from '../../github/pulls.js';

export interface DeliveryHost {
  octokit: GitHubClient;
  repo: RepoRef;
  /** The repository's default branch: the pull request's base unless the formula names one. */
  defaultBranch(): Promise<string>;
  /** Lines the pull request's body ends with (the Action's "CI will not run" warning). */
  notes?: readonly string[];
}

export async function deliverPullRequest(
  host: DeliveryHost,
  proto: Proto,
  mol: Molecule,
  effect: Extract<Effect, { type: 'deliver' }>,
): Promise<MoleculeEvent[]> {
  const pr = proto.pullRequest;
  const [first] = effect.branches;
  if (pr === undefined || first === undefined) return [];
  const { octokit, repo } = host;
  const branch = resultBranch(mol.id);
  let sources = effect.branches;
  if ((await branchHead(octokit, repo, branch)) === undefined) {
    const start = await branchHead(octokit, repo, first);
    if (start === undefined)
      throw new Error(`the branch ${first} is not on GitHub, so nothing can be delivered`);
    // Another replica creating it first is fine: everything is merged into theirs.
    if (await createBranch(octokit, repo, branch, start)) sources = effect.branches.slice(1);
  }
  for (const source of sources) {
    const outcome = await mergeBranch(octokit, repo, branch, source, `Merge ${source} into ${branch}`);
    if (outcome !== 'conflict') continue;
    const origin = mol.base.sha ?? mol.base.ref;
    const paths = await conflictingPaths(octokit, repo, origin, branch, source);
    const step = mol.steps.find((s) => s.branch === source)?.id ?? effect.step;
    return [{ type: 'delivery-failed', step, error: conflictSentence(step, branch, paths) }];
  }

  if (mol.subject.pr !== undefined) return deliverToPullHead(host, mol, branch, effect.step);

  let pull = await findPullByHead(octokit, repo, branch);
  if (pull === undefined) {
    const { title, body } = pullRequestText(proto, mol, host.notes);
    const base = pr.base ?? (await host.defaultBranch());
    pull = (await openPull(octokit, repo, { title, body, head: branch, base, draft: pr.draft })).pull;
  }
  if (mol.delivery?.pr === undefined) {
    await labelPull(octokit, repo, pull.number, pr.labels);
    await requestReviewers(octokit, repo, pull.number, pr.reviewers, pr.teamReviewers);
    if (pr.autoMerge !== undefined && pull.state === 'open')
      await enableAutoMerge(octokit, pull, pr.autoMerge);
  }
  const state: 'merged' | 'open' | 'closed' = pull.merged ? 'merged' : pull.state;
  const note = host.notes?.join(' ');
  const delivery = { branch, pr: pull.number, url: pull.url, state, ...(note ? { note } : {}) };
  return [{ type: 'delivered', delivery }];
}

/**
 * A molecule poured on a pull request delivers to that pull request's head (a branch of this
 * repository: a fork's is refused at pour): commits pushed there meanwhile are merged into the
 * result first, then the head is fast-forwarded to it. A conflict with them fails the step and
 * pushes nothing. Calls: 1 merge + 1 head + 1 fast-forward (again once if the head moved between).
 */
async function deliverToPullHead(
  host: DeliveryHost,
  mol: Molecule,
  branch: string,
  step: string,
): Promise<MoleculeEvent[]> {
  const { octokit, repo } = host;
  const head = mol.base.ref;
  for (let round = 0; round < 2; round++) {
    const outcome = await mergeBranch(octokit, repo, branch, head, `Merge ${head} into ${branch}`);
    if (outcome === 'conflict') {
      const paths = await conflictingPaths(octokit, repo, mol.base.sha ?? head, branch, head);
      const where = paths.length > 0 ? ` in ${paths.join(', ')}` : '';
      const error = `${head} got new commits while the molecule ran that conflict with step "${step}"'s work${where}: nothing was pushed to ${head}; merge ${branch} into ${head} yourself, or resolve it and /mol retry ${step}`;
      return [{ type: 'delivery-failed', step, error }];
    }
    const tip = await branchHead(octokit, repo, branch);
    if (tip === undefined) throw new Error(`${branch} vanished while it was delivered`);
    if (await fastForward(octokit, repo, head, tip)) {
      const note = host.notes?.join(' ');
      const delivery = {
        branch: head,
        pr: mol.subject.pr,
        state: 'open' as const,
        ...(note ? { note } : {}),
      };
      return [{ type: 'delivered', delivery }];
    }
  }
  throw new Error(
    `${head} kept moving while the molecule's work was delivered to it; nothing was force-pushed`,
  );
}
