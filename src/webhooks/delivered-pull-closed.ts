/**
 * `pull_request.closed` for a pull request Molecular opened to deliver a molecule (its head is
 * `molecular/<mol>/-result`): the molecule lives on the issue it came from, named by its id. A
 * merge passes its `pr-merged` gates and, once it is complete, squashes it into its archive; a
 * close without merge follows `on_pr_closed` (keep, burn, fail).
 */
import { closedPullEvents, moleculeOfResultBranch, ok } from '../engine/index.js';
import { parseMoleculeId } from '../github/molecule-id.js';
import type { GitHubContext } from '../shell/github/github-context.js';
import { moleculesOnIssue } from '../shell/github/issue-molecules.js';
import { openStore } from '../shell/github/molecule-store.js';
import { loadProto } from '../shell/github/repo-proto.js';
import { applyToMolecule } from '../shell/github/step-event.js';
import { tellProblems } from '../shell/github/tell-problems.js';
import { applied, type HandlerResult, ignored } from './handler-result.js';

export async function closeDeliveredPull(
  ctx: GitHubContext,
  pull: { number: number; merged: boolean; head: string; by: string },
): Promise<HandlerResult | undefined> {
  const molId = moleculeOfResultBranch(pull.head);
  const issue = molId === undefined ? undefined : parseMoleculeId(molId)?.issue;
  if (molId === undefined || issue === undefined) return undefined;
  const found = (await moleculesOnIssue(ctx, issue)).live.find((l) => l.mol.id === molId);
  // Only the pull request the molecule recorded counts: another one from its branch is a person's.
  if (found === undefined || (found.mol.delivery?.pr ?? pull.number) !== pull.number)
    return ignored(`#${pull.number} delivers no live molecule`);
  const proto = await loadProto(ctx, found.mol);
  if (!proto.ok) return ignored(`${molId}: ${proto.error.message}`);
  const store = openStore(ctx);
  const closing = await applyToMolecule(ctx, store, molId, (mol) =>
    ok(closedPullEvents(proto.value, mol, pull, ctx.config.on_pr_closed)),
  );
  if (!closing.ok) return ignored(`${molId}: ${closing.error.message}`);
  const outcome = closing.value.outcome;
  if (outcome) await tellProblems(ctx, outcome.mol, outcome.problems);
  const after = outcome?.mol ?? closing.value.change.mol;
  if (!pull.merged || after.status !== 'complete')
    return applied(`#${pull.number} closed: ${molId} ${after.status}`);
  const squashed = await applyToMolecule(ctx, store, molId, { type: 'squash', by: pull.by });
  if (!squashed.ok) return ignored(`${molId}: ${squashed.error.message}`);
  return applied(`#${pull.number} merged: ${molId} squashed`);
}
