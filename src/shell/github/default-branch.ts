import { defaultBranchOf } from '../../github/branch-formulas.js';
import type { GitHubContext } from './github-context.js';

/** Formulas, config and step workflows come from here only; payloads usually name it. */
export async function defaultBranch(ctx: GitHubContext): Promise<string> {
  return ctx.defaultBranch ?? (await defaultBranchOf(ctx.octokit, ctx.repo));
}
