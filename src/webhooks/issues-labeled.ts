/**
 * `issues.labeled` and `pull_request.labeled`: a `formula:<name>` label (the prefix
 * is configurable) pours `<name>` onto the issue or pull request, with vars from a `mol-vars`
 * block in its body. Whatever cannot be poured — an unknown formula, a missing or invalid var, a
 * fork's pull request, a labeller without the `pour` permission — gets a reply saying which, and
 * nothing else changes. A labelling app needs only triage to label, so it is checked like a person
 * unless it is Molecular itself or listed under `trusted_labelers`; the labeller is checked before
 * anything else is read (the Action's job has read the default branch's formulas with its config,
 * which acts on nothing). A `mol-vars` block counts only when the description's author may pour.
 */
import { codeSpan, permissionAtLeast } from '../engine/index.js';
import { repoSlug } from '../github/client.js';
import { STATE_LABELS } from '../github/labels.js';
import { reply } from '../github/reply.js';
import { levelOf, permissionRefusal, permissionTable } from '../shell/github/command-permissions.js';
import { describeError } from '../shell/github/describe-error.js';
import type { GitHubContext } from '../shell/github/github-context.js';
import { moleculesOnIssue } from '../shell/github/issue-molecules.js';
import { openStore } from '../shell/github/molecule-store.js';
import { type PourRequest, pourOnIssue } from '../shell/github/pour-on-issue.js';
import {
  isTrustedLabeler,
  labelerRemedy,
  unvouchedReason,
  vouchedBodyVars,
} from '../shell/github/pour-trust.js';
import { fetchPullHead, headOf } from '../shell/github/pull-head.js';
import { quiet } from '../shell/github/quiet.js';
import { applied, type HandlerResult, ignored, refused } from './handler-result.js';
import { isBot, LabeledIssuePayload, LabeledPullPayload } from './payloads.js';

const VAR_CODES = new Set(['missing-var', 'unknown-var', 'var-enum', 'var-pattern', 'vars-invalid']);

interface Labeled {
  label: string;
  number: number;
  title: string | undefined;
  body: string | null | undefined;
  /** Who wrote the description (and so its `mol-vars` block); absent for a deleted account. */
  author: string | undefined;
  labels: string[];
  sender: { login: string; type?: string | undefined };
  pr?: () => Promise<NonNullable<PourRequest['pr']> | string>;
}

export async function handleLabeled(ctx: GitHubContext): Promise<HandlerResult> {
  const event = readLabeled(ctx);
  if (!event) return ignored('not a labeled issue or pull request');
  const prefix = ctx.config.label_prefix;
  if (!event.label.startsWith(prefix)) return ignored(`label "${event.label}" is not a formula label`);
  const formula = event.label.slice(prefix.length).trim();
  const say = (text: string) => reply(ctx.octokit, ctx.repo, event.number, `@${event.sender.login} ${text}`);
  const what = `could not pour ${codeSpan(formula || event.label)} (label ${codeSpan(event.label)})`;

  if (!isTrustedLabeler(ctx, event.sender.login)) {
    const required = permissionTable(ctx).pour;
    const level = await levelOf(ctx, event.sender.login);
    if (!permissionAtLeast(level, required)) {
      const app = isBot(event.sender, ctx.identity.login)
        ? `. ${labelerRemedy(event.sender.login, required)}`
        : '';
      await say(
        `${what}: ${permissionRefusal('pouring a formula', required, level, repoSlug(ctx.repo))}${app}.`,
      );
      return refused(`${event.sender.login} may not pour`);
    }
  }
  let pr: PourRequest['pr'];
  if (event.pr) {
    const head = await event.pr();
    if (typeof head === 'string') {
      await say(`${what}: ${quiet(head)}.`);
      return refused(head);
    }
    pr = head;
  }
  const vars = await vouchedBodyVars(ctx, event.body, event.author);
  if (vars.kind === 'invalid') {
    await say(`${what}: ${quiet(vars.message)}.${varsHint()}`);
    return refused(vars.message);
  }
  if (vars.kind === 'unvouched') {
    const instead = codeSpan(`/mol pour ${formula} name=value`);
    await say(
      `${what}: ${unvouchedReason(vars)}; variables count only from someone who may pour: give them in a command instead, ${instead}.`,
    );
    return refused(`the mol-vars block is by ${vars.author}, who may not pour`);
  }
  // Only an issue that shows a live molecule needs its comments read before the pour.
  const existing = event.labels.includes(STATE_LABELS.active.name)
    ? (await moleculesOnIssue(ctx, event.number)).live.map((x) => x.mol)
    : undefined;
  const poured = await pourOnIssue(ctx, openStore(ctx), {
    issue: event.number,
    ...(event.title ? { title: event.title } : {}),
    ...(pr ? { pr } : {}),
    formula,
    vars: vars.vars,
    by: event.sender.login,
    idempotencyKey: `delivery ${ctx.deliveryId}`,
    ...(existing ? { existing } : {}),
  });
  if (!poured.ok) {
    const hint = VAR_CODES.has(poured.error.code) ? varsHint() : '';
    await say(`${what}: ${quiet(describeError(poured.error))}${hint}`);
    return refused(poured.error.message);
  }
  const { mol, outcome, existed } = poured.value;
  if (existed) return ignored(`molecule ${mol.id} was poured by an earlier delivery`);
  if (outcome.problems.length > 0) {
    await say(
      `molecule ${codeSpan(mol.id)} was poured, but:\n${outcome.problems.map((p) => `- ⚠️ ${quiet(p)}`).join('\n')}`,
    );
  }
  return applied(
    `poured ${formula} as ${mol.id}${outcome.dispatched.length ? `; started ${outcome.dispatched.join(', ')}` : ''}`,
  );
}

function varsHint(): string {
  return '\n\nGive variables in a fenced block in the description, then remove and add the label again:\n\n````\n```mol-vars\nname = "value"\n```\n````';
}

function readLabeled(ctx: GitHubContext): Labeled | undefined {
  const pull = LabeledPullPayload.safeParse(ctx.payload);
  if (pull.success) {
    const p = pull.data.pull_request;
    return {
      label: pull.data.label.name,
      number: p.number,
      title: p.title,
      body: p.body,
      author: p.user?.login,
      labels: (p.labels ?? []).map((l) => l.name),
      sender: pull.data.sender,
      pr: async () => headOf(p),
    };
  }
  const issue = LabeledIssuePayload.safeParse(ctx.payload);
  if (!issue.success) return undefined;
  const i = issue.data.issue;
  return {
    label: issue.data.label.name,
    number: i.number,
    title: i.title,
    body: i.body,
    author: i.user?.login,
    labels: (i.labels ?? []).map((l) => l.name),
    sender: issue.data.sender,
    ...(i.pull_request ? { pr: () => fetchPullHead(ctx, i.number) } : {}),
  };
}
