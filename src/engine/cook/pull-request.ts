/**
 * `[pull_request]` at cook: defaults filled in, `{{vars}}` bound in the title and body (the
 * delivery's own `{{summary}}` and `{{issue}}` stay for the face that opens the pull request),
 * and the step names it holds checked against the cooked steps, each problem at its key.
 */
import { didYouMean } from '../did-you-mean.js';
import type { PullRequestInput } from '../formula/formula-schema.js';
import type { ParsedFormula } from '../formula/parsed-formula.js';
import { substitute } from '../formula/substitute.js';
import { type CookContext, placeOf } from './cook-context.js';
import type { ProtoPullRequest, ProtoStep } from './proto.js';
import type { WorkStep } from './work-step.js';

export const DEFAULT_PR_BODY = '{{summary}}';

export function protoPullRequest(
  input: PullRequestInput,
  values: Readonly<Record<string, string>>,
  formula: ParsedFormula,
  steps: readonly ProtoStep[],
  ctx: CookContext,
): ProtoPullRequest {
  // Only the molecule's own placeholders survive: bound vars first, then delivery's at delivery.
  const sub = (text: string) => substitute(text, values);
  const out: ProtoPullRequest = {
    title: sub(input.title ?? '{{title}}'),
    body: sub(input.body ?? DEFAULT_PR_BODY),
    draft: input.draft ?? true,
    labels: input.labels ?? [],
    reviewers: input.reviewers ?? [],
    teamReviewers: input.team_reviewers ?? [],
    closesIssue: input.closes_issue ?? true,
  };
  if (input.base !== undefined) out.base = sub(input.base);
  if (input.auto_merge !== undefined) out.autoMerge = input.auto_merge;
  const ids = new Set(steps.map((s) => s.id));
  if (input.after !== undefined) {
    if (ids.has(input.after)) out.after = input.after;
    else
      ctx.error(
        'unknown-pr-step',
        `[pull_request] opens after "${input.after}", but no step has that id${didYouMean(input.after, ids)}`,
        placeOf({ formula, path: ['pull_request'] }, 'after'),
      );
  }
  return out;
}

/**
 * `on_changes_requested` names a step the delivering step needs (directly or through others) or
 * the delivering step itself; on any other step it is never read, which cook says.
 */
export function checkChangesRequested(
  steps: readonly WorkStep[],
  protoSteps: readonly ProtoStep[],
  delivering: string | undefined,
  ctx: CookContext,
): void {
  const byId = new Map(protoSteps.map((s) => [s.id, s]));
  for (const step of steps) {
    const target = step.fields.on_changes_requested;
    if (target === undefined) continue;
    const place = placeOf(step.origin, 'on_changes_requested');
    if (step.id !== delivering) {
      ctx.warn(
        'on-changes-requested-ignored',
        delivering === undefined
          ? `step "${step.id}" has on_changes_requested, but the formula has no [pull_request], so no review reaches it`
          : `step "${step.id}" has on_changes_requested, but reviews reach only the delivering step "${delivering}"`,
        place,
      );
      continue;
    }
    if (target !== step.id && !upstream(byId, step.id).has(target)) {
      ctx.error(
        'unknown-on-changes-requested',
        byId.has(target)
          ? `step "${step.id}" sends changes requested back to "${target}" (on_changes_requested), but "${target}" does not come before it: it must be "${step.id}" or a step it needs, directly or through others`
          : `step "${step.id}" sends changes requested back to "${target}" (on_changes_requested), but no step has that id${didYouMean(target, byId.keys())}`,
        place,
      );
    }
  }
}

function upstream(byId: ReadonlyMap<string, ProtoStep>, from: string): Set<string> {
  const seen = new Set<string>();
  const todo = [...(byId.get(from)?.needs ?? [])];
  for (let id = todo.pop(); id !== undefined; id = todo.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    todo.push(...(byId.get(id)?.needs ?? []));
  }
  return seen;
}

/** The step whose completion opens the pull request: `after`, or the last step to run. */
export function deliveringStep(proto: {
  steps: readonly Pick<ProtoStep, 'id'>[];
  pullRequest?: Pick<ProtoPullRequest, 'after'> | undefined;
}): string | undefined {
  if (proto.pullRequest === undefined) return undefined;
  return proto.pullRequest.after ?? proto.steps[proto.steps.length - 1]?.id;
}
