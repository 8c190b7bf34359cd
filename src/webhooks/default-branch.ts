import { defaultBranchOf } from '../github/formula-source.js';
import type { HandlerContext } from './handler-context.js';

/** Formulas, config and step workflows come from here only; payloads usually name it. */
export async function defaultBranch(ctx: HandlerContext): Promise<string> {
  return ctx.defaultBranch ?? (await defaultBranchOf(ctx.octokit, ctx.repo));
}
