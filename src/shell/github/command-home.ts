/**
 * Where `/mol` commands on a pull request act: on a pull request Molecular opened to deliver a
 * molecule (`molecular/<mol>/-result`), the issue that molecule lives on, so the pull request
 * steers the same molecule; anywhere else, the issue or pull request commented on.
 */
import { moleculeOfResultBranch } from '../../engine/index.js';
import { parseMoleculeId } from '../../github/molecule-id.js';
import type { GitHubContext } from './github-context.js';
import { fetchPullHead } from './pull-head.js';

/** Calls: 0 on an issue, 1 on a pull request (its head). */
export async function commandHome(
  ctx: GitHubContext,
  issue: { number: number; isPull: boolean },
): Promise<number> {
  if (!issue.isPull) return issue.number;
  const head = await fetchPullHead(ctx, issue.number);
  if (typeof head === 'string') return issue.number;
  const molId = moleculeOfResultBranch(head.headRef);
  return (molId === undefined ? undefined : parseMoleculeId(molId)?.issue) ?? issue.number;
}
