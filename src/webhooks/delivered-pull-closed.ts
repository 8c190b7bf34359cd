/**
 * `pull_request.closed` for a pull request Molecular opened to deliver a molecule (its head is
 * `molecular/<mol>/-result`): the molecule lives on the issue it came from, named by its id. A
 * merge passes its `pr-merged` gates and, once it is complete, squashes it into its archive; a
 * close without merge follows `on_pr_closed` (keep, burn, fail).
 */
import { closedPullEvents, moleculeOfResultBranch, ok } from '../engine/index.js';
import { parseMoleculeId } from '../github/molecule-id.js';
import { applied, type HandlerContext, type HandlerResult, ignored } from './handler-context.js';
import { moleculesOnIssue } from './issue-molecules.js';
import { loadProto } from './load-proto.js';
import { openStore } from './molecule-store.js';
import { applyToMolecule } from './step-event.js';
import { tellProblems } from './tell-problems.js';

export async function closeDeliveredPull(
  ctx: HandlerContext,
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
