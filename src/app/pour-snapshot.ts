/**
 * A `formula:` label's pour reads the default branch's formulas folder and the issue's comments in
 * one GraphQL document (src/github/job-snapshot.ts), as the Action's event job does, instead of the
 * formula's file and then the comments: under the git lease a pour is then the snapshot, the
 * labeller's permission (cached a minute), the comment, its label and the first dispatch. The
 * App's config still comes from `context.config` (an organisation's `.github` and `_extends` work
 * there), so the document's config is not used. Only under a lease that records the rev (the git
 * keeper's) does the listing stand in for a read: under the REST keeper or `lock: none` the
 * create lists the comments again, and the snapshot would cost what the formula's read did.
 * Other labels and events read nothing ahead.
 */
import { CONFIG_PATH } from '../github/config.js';
import { readJobSnapshot } from '../github/job-snapshot.js';
import type { GitHubContext } from '../shell/github/github-context.js';
import { LabeledIssuePayload, LabeledPullPayload } from '../webhooks/payloads.js';

export async function pourSnapshot(
  ctx: GitHubContext,
): Promise<Pick<GitHubContext, 'formulaFiles' | 'alreadyListed'>> {
  const labeled = LabeledIssuePayload.safeParse(ctx.payload);
  const pull = labeled.success ? undefined : LabeledPullPayload.safeParse(ctx.payload);
  const event = labeled.success
    ? { label: labeled.data.label.name, issue: labeled.data.issue.number }
    : pull?.success
      ? { label: pull.data.label.name, issue: pull.data.pull_request.number }
      : undefined;
  if (!event?.label.startsWith(ctx.config.label_prefix) || !ctx.defaultBranch) return {};
  if (ctx.lock !== 'ref' || ctx.leases?.recordsRev !== true) return {};
  const snapshot = await readJobSnapshot(
    ctx.octokit,
    ctx.repo,
    {
      ref: ctx.defaultBranch,
      configPath: CONFIG_PATH,
      issue: event.issue,
      formulasPath: ctx.config.formulas_path,
    },
    ctx.now,
  );
  return {
    alreadyListed: snapshot.alreadyListed,
    ...(snapshot.formulaFiles.size > 0 ? { formulaFiles: snapshot.formulaFiles } : {}),
  };
}
