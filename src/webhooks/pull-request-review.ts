/**
 * `pull_request_review.submitted` requesting changes on a pull request Molecular opened
 * (`molecular/<mol>/-result`): from a reviewer whose role reaches `changes_requested_permission`
 * (default write), the molecule goes back to the delivering step's `on_changes_requested` step with
 * the review's body and inline comments; anyone else changes nothing and is told why on the PR.
 */
import { moleculeOfResultBranch, permissionAtLeast, reviewText } from '../engine/index.js';
import { parseMoleculeId } from '../github/molecule-id.js';
import { reply } from '../github/reply.js';
import { reviewComments } from '../github/review-comments.js';
import { levelOf, permissionRefusal } from '../shell/github/command-permissions.js';
import type { GitHubContext } from '../shell/github/github-context.js';
import { openStore } from '../shell/github/molecule-store.js';
import { applyToMolecule } from '../shell/github/step-event.js';
import { applied, type HandlerResult, ignored, refused } from './handler-result.js';
import { PullReviewPayload } from './payloads.js';

export async function handlePullRequestReview(ctx: GitHubContext): Promise<HandlerResult> {
  const parsed = PullReviewPayload.safeParse(ctx.payload);
  if (!parsed.success) return ignored('not a submitted review');
  const { review, pull_request: pull } = parsed.data;
  if (review.state.toLowerCase() !== 'changes_requested') return ignored(`a review that ${review.state}`);
  const molId = moleculeOfResultBranch(pull.head.ref);
  if (molId === undefined || parseMoleculeId(molId) === undefined)
    return ignored(`#${pull.number} delivers no molecule`);
  const login = review.user?.login ?? parsed.data.sender.login;
  const required = ctx.config.changes_requested_permission;
  const have = await levelOf(ctx, login);
  if (!permissionAtLeast(have, required)) {
    const why = permissionRefusal(
      'Sending a molecule back with a review',
      required,
      have,
      `${ctx.repo.owner}/${ctx.repo.repo}`,
    );
    await reply(
      ctx.octokit,
      ctx.repo,
      pull.number,
      `@${login}: your review leaves molecule \`${molId}\` as it is. ${why}.`,
    );
    return refused(`${login} (${have}) may not send ${molId} back`);
  }
  const comments = await reviewComments(ctx.octokit, ctx.repo, pull.number, review.id);
  const text = reviewText(login, review.body, comments);
  const result = await applyToMolecule(ctx, openStore(ctx), molId, {
    type: 'changes-requested',
    review: text,
    by: login,
  });
  if (!result.ok) {
    await reply(
      ctx.octokit,
      ctx.repo,
      pull.number,
      `@${login}: your review leaves molecule \`${molId}\` as it is: ${result.error.message}`,
    );
    return refused(result.error.message);
  }
  return applied(`${molId} sent back by ${login}'s review`);
}
