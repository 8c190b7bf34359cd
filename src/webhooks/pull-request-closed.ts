/**
 * `pull_request.closed`: the `pr-merged` gates of the pull request's molecules get their answer
 * (merged: passed; closed unmerged: failed), and with `on_pr_closed: burn` a pull request closed
 * without merging burns its molecules (their work will never land). A merged pull request keeps
 * its molecules, whatever the setting: they may go on after the merge.
 */
import type { MoleculeEvent } from '../engine/index.js';
import type { GitHubContext } from '../shell/github/github-context.js';
import { moleculesOnIssue } from '../shell/github/issue-molecules.js';
import { openStore } from '../shell/github/molecule-store.js';
import { applyToMolecule } from '../shell/github/step-event.js';
import { tellProblems } from '../shell/github/tell-problems.js';
import { closeDeliveredPull } from './delivered-pull-closed.js';
import { applied, type HandlerResult, ignored } from './handler-result.js';
import { PullClosedPayload } from './payloads.js';

export async function handlePullRequestClosed(ctx: GitHubContext): Promise<HandlerResult> {
  const parsed = PullClosedPayload.safeParse(ctx.payload);
  if (!parsed.success) return ignored('not a closed pull request');
  const { number, merged, head } = parsed.data.pull_request;
  const by = parsed.data.sender.login;
  const delivered =
    head && (await closeDeliveredPull(ctx, { number, merged: merged === true, head: head.ref, by }));
  if (delivered) return delivered;
  const burn = !merged && ctx.config.on_pr_closed === 'burn';
  const { live } = await moleculesOnIssue(ctx, number);
  if (live.length === 0) return ignored(`#${number} has no molecule`);
  const store = openStore(ctx);
  const done: string[] = [];
  for (const { mol } of live) {
    const events: MoleculeEvent[] = burn
      ? [{ type: 'burn', by: `#${number} closed`, force: true }]
      : mol.steps
          .filter(
            (s) =>
              s.status === 'awaiting_gate' &&
              s.gates?.some((g) => g.type === 'pr-merged' && g.passed === null),
          )
          .map((s) => ({
            type: 'gates',
            step: s.id,
            gates: [
              {
                type: 'pr-merged',
                passed: merged === true,
                detail: merged ? `#${number} was merged` : `#${number} was closed without merging`,
              },
            ],
          }));
    for (const event of events) {
      const result = await applyToMolecule(ctx, store, mol.id, event);
      if (!result.ok) {
        ctx.log.warn(`${mol.id}: ${event.type}: ${result.error.message}`);
        continue;
      }
      done.push(`${event.type} ${mol.id}${'step' in event ? `/${event.step}` : ''}`);
      if (result.value.outcome)
        await tellProblems(ctx, result.value.outcome.mol, result.value.outcome.problems);
    }
  }
  return done.length > 0 ? applied(done.join('; ')) : ignored(`nothing on #${number} waits for it to close`);
}
