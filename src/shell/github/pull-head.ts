/**
 * Where a pull request's molecule starts: its head. A pull request from a fork never runs steps
 * (its code is untrusted and would run with the repository's secrets), so it is refused.
 */
import { getPull } from '../../github/pulls.js';
import type { GitHubContext } from './github-context.js';
import type { PourRequest } from './pour-on-issue.js';

/** What `headOf` reads of a pull request (a webhook's, or getPull's). */
export type PullFacts = {
  number: number;
  head: { ref: string; sha: string; repo?: { full_name: string } | null | undefined };
  base: { repo: { full_name: string } };
};

/** The head to pour on, or a sentence saying why not. */
export function headOf(pull: PullFacts): NonNullable<PourRequest['pr']> | string {
  const own = pull.head.repo?.full_name?.toLowerCase() === pull.base.repo.full_name.toLowerCase();
  if (!own) {
    return `pull request #${pull.number} comes from a fork (${pull.head.repo?.full_name ?? 'a deleted repository'}); Molecular never runs steps from a fork's code`;
  }
  return { number: pull.number, headRef: pull.head.ref, headSha: pull.head.sha };
}

/** Reads the pull request (1 call) for events that only name it (a comment on a PR). */
export async function fetchPullHead(
  ctx: GitHubContext,
  number: number,
): Promise<NonNullable<PourRequest['pr']> | string> {
  return headOf(await getPull(ctx.octokit, ctx.repo, number));
}
