/**
 * Delivery (`[pull_request]`): when a molecule's work is due on its result branch, and which
 * branches make it. The delivering step is `after`, or the last step when every step must be done;
 * once it has completed, every later completion is delivered too, so the pull request keeps up.
 */

import { resultBranch } from '../branch-names.js';
import type { Proto } from '../cook/proto.js';
import { deliveringStep } from '../cook/pull-request.js';
import type { Effect } from './effects.js';
import type { Delivery, Molecule } from './molecule-schema.js';
import type { MoleculeEvent } from './ops/events.js';

export { deliveringStep } from '../cook/pull-request.js';

/** Whether the molecule's work is due on its result branch now. */
export function deliveryDue(proto: Proto, mol: Pick<Molecule, 'steps'>): boolean {
  const pr = proto.pullRequest;
  if (pr === undefined) return false;
  if (pr.after !== undefined) return mol.steps.some((s) => s.id === pr.after && s.status === 'completed');
  return mol.steps.every((s) => s.status === 'completed' || s.status === 'skipped');
}

/**
 * The branches the result branch merges, in proto order: those of the completed steps no other
 * completed step with a branch builds on (a step's branch already holds the merge of its needs'),
 * so a chain costs one merge, not one per step.
 */
export function deliveryBranches(proto: Pick<Proto, 'steps'>, mol: Pick<Molecule, 'steps'>): string[] {
  const needs = new Map(proto.steps.map((s) => [s.id, s.needs]));
  const done = mol.steps.filter((s) => s.status === 'completed' && s.branch !== undefined);
  const covered = new Set<string>();
  for (const s of done) {
    const todo = [...(needs.get(s.id) ?? [])];
    for (let id = todo.pop(); id !== undefined; id = todo.pop()) {
      if (covered.has(id)) continue;
      covered.add(id);
      todo.push(...(needs.get(id) ?? []));
    }
  }
  const branches: string[] = [];
  for (const s of done)
    if (!covered.has(s.id) && !branches.includes(s.branch as string)) branches.push(s.branch as string);
  return branches;
}

/**
 * The `deliver` effect a transition from `before` to `after` asks for: a step completed in it and
 * the work is due. Undefined otherwise (no `[pull_request]`, nothing completed, not due yet).
 */
export function deliveryEffect(proto: Proto, before: Molecule, after: Molecule): Effect | undefined {
  if (proto.pullRequest === undefined || before === after) return undefined;
  const was = new Map(before.steps.map((s) => [s.id, s.status]));
  const done = after.steps.filter((s) => s.status === 'completed' && was.get(s.id) !== 'completed');
  const last = done[done.length - 1];
  if (last === undefined || !deliveryDue(proto, after)) return undefined;
  return { type: 'deliver', step: last.id, branches: deliveryBranches(proto, after) };
}

/**
 * The `deliver` effect a person asks for again (`/mol deliver`), or the sentence saying why there
 * is nothing to deliver: no `[pull_request]`, or the work is not due yet.
 */
export function redeliveryEffect(proto: Proto, mol: Molecule): Effect | string {
  const step = deliveringStep(proto);
  if (step === undefined)
    return `formula ${mol.formula.name} has no [pull_request] table: its work is not delivered as a pull request`;
  if (mol.status === 'squashed' || mol.status === 'burned') return `molecule ${mol.id} is ${mol.status}`;
  if (!deliveryDue(proto, mol))
    return proto.pullRequest?.after === undefined
      ? 'nothing to deliver yet: the work is delivered once every step is done'
      : `nothing to deliver yet: the work is delivered once step "${step}" is done`;
  return { type: 'deliver', step, branches: deliveryBranches(proto, mol) };
}

/** How many times patrol delivers due work again before it leaves it to a person (`/mol deliver`). */
export const REDELIVERY_TRIES = 5;

/**
 * The delivery a write records with the completion that asks for the first one (no pull request
 * yet): due from `at`, no tries. A pull request that exists already is kept up by the next
 * completion's delivery, not by patrol.
 */
export function dueDelivery(mol: Pick<Molecule, 'id' | 'delivery'>, at: string): Delivery | undefined {
  if (mol.delivery?.pr !== undefined) return undefined;
  const { tries: _tries, triedAt: _triedAt, ...was } = mol.delivery ?? { branch: resultBranch(mol.id) };
  return { ...was, due: at };
}

/** The delivery once one is recorded or the step failed: nothing due any more. */
export function settledDelivery(delivery: Delivery): Delivery {
  const { due: _due, tries: _tries, triedAt: _triedAt, ...settled } = delivery;
  return settled;
}

/**
 * When patrol delivers due work again (ms since the epoch): `graceMs` after it became due, so the
 * job delivering it right now is never raced, then twice as long after each try. Undefined when
 * nothing is due or patrol has tried `REDELIVERY_TRIES` times.
 */
export function redeliveryAt(mol: Pick<Molecule, 'delivery'>, graceMs: number): number | undefined {
  const d = mol.delivery;
  if (d?.due === undefined) return undefined;
  const tries = d.tries ?? 0;
  if (tries >= REDELIVERY_TRIES) return undefined;
  return Date.parse(d.triedAt ?? d.due) + graceMs * 2 ** tries;
}

/** What a failed delivery's problem ends with: whether patrol tries again, and what a person can do. */
export function redeliveryHint(mol: Pick<Molecule, 'delivery'>): string {
  const d = mol.delivery;
  const ask = 'comment /mol deliver to try again once that is fixed';
  if (d?.due === undefined) return ask;
  const tries = d.tries ?? 0;
  if (tries >= REDELIVERY_TRIES) return `patrol tried ${tries} times and stops here: ${ask}`;
  return `patrol will try again later (try ${tries + 1} of ${REDELIVERY_TRIES}), or ${ask}`;
}

/** Whether `step` is the delivering step (reviews requesting changes reach it). */
export const isDeliveringStep = (proto: Proto, step: string): boolean => deliveringStep(proto) === step;

/**
 * The pull request's title and body: the formula's templates with `{{title}}` (the issue's title
 * when it was poured, else the molecule's),
 * `{{summary}}` and `{{issue}}` (`#N`) filled in, then `Closes #N` and the line that links the
 * molecule; `notes` (what the face must tell, e.g. that CI will not run) go last.
 */
export function pullRequestText(
  proto: Proto,
  mol: Molecule,
  notes: readonly string[] = [],
): { title: string; body: string } {
  const pr = proto.pullRequest;
  const issue = mol.subject.issue;
  const values = {
    title: mol.subject.title ?? mol.title,
    summary: mol.summary ?? defaultSummary(mol),
    issue: issue === undefined ? '' : `#${issue}`,
  };
  const fill = (text: string) =>
    text.replace(/\{\{\s*(title|summary|issue)\s*\}\}/g, (_, k: keyof typeof values) => values[k]);
  const title = fill(pr?.title ?? '{{title}}').trim() || mol.id;
  const parts = [fill(pr?.body ?? '{{summary}}').trim()];
  if (pr?.closesIssue !== false && issue !== undefined) parts.push(`Closes #${issue}`);
  const on = issue === undefined ? '' : `; its state and \`/mol\` commands are on #${issue}`;
  parts.push(`---\nDelivered by Molecular: molecule \`${mol.id}\` (formula \`${mol.formula.name}\`)${on}.`);
  parts.push(...notes);
  return { title: title.slice(0, 256), body: parts.filter((p) => p !== '').join('\n\n') };
}

function defaultSummary(mol: Molecule): string {
  const done = mol.steps.filter((s) => s.status === 'completed').map((s) => `\`${s.id}\``);
  return done.length === 0 ? '' : `Steps done: ${done.join(', ')}.`;
}

/** What a pull request closed without merging does to the molecule it delivers (`on_pr_closed`). */
export const ON_PR_CLOSED = ['keep', 'burn', 'fail'] as const;
export type OnPrClosed = (typeof ON_PR_CLOSED)[number];

/**
 * The events `pull_request.closed` brings to the molecule delivered in that pull request: its
 * delivery marked merged or closed, its `pr-merged` gates judged; closed unmerged, `burn` burns it
 * and `fail` fails the delivering step. A merge that leaves the molecule complete is squashed by
 * the caller afterwards (squash needs the completed molecule the gates make).
 */
export function closedPullEvents(
  proto: Proto,
  mol: Molecule,
  pull: { number: number; merged: boolean; by: string },
  onClosed: OnPrClosed,
): MoleculeEvent[] {
  const { number, merged, by } = pull;
  if (!merged && onClosed === 'burn') return [{ type: 'burn', by, force: true }];
  const events: MoleculeEvent[] = [];
  if (mol.delivery !== undefined)
    events.push({
      type: 'delivered',
      delivery: { ...mol.delivery, state: merged ? 'merged' : 'closed' },
      by,
    });
  const detail = merged ? `#${number} was merged` : `#${number} was closed without merging`;
  for (const s of mol.steps) {
    if (s.status === 'awaiting_gate' && s.gates?.some((g) => g.type === 'pr-merged' && g.passed === null))
      events.push({ type: 'gates', step: s.id, gates: [{ type: 'pr-merged', passed: merged, detail }] });
  }
  const step = deliveringStep(proto);
  if (!merged && onClosed === 'fail' && step !== undefined) {
    if (mol.steps.some((s) => s.id === step && s.status === 'completed'))
      events.push({ type: 'delivery-failed', step, error: `${detail} (on_pr_closed: fail)`, by });
  }
  return events;
}

/** A review as the next attempt reads it: its body, then each inline comment as `path:line: text`. */
export function reviewText(
  by: string,
  body: string | null | undefined,
  comments: readonly { path: string; line?: number; body: string }[],
): string {
  const lines = [`Review by @${by} requesting changes:`, '', (body ?? '').trim() || '(no summary)'];
  if (comments.length > 0) lines.push('', 'Inline comments:');
  for (const c of comments)
    lines.push(`- ${c.path}${c.line === undefined ? '' : `:${c.line}`}: ${c.body.trim()}`);
  return lines.join('\n');
}
