/**
 * `issues.labeled` and `pull_request.labeled`: a `formula:<name>` label (the prefix
 * is configurable) pours `<name>` onto the issue or pull request, with vars from a `mol-vars`
 * block in its body. Whatever cannot be poured — an unknown formula, a missing or invalid var, a
 * fork's pull request, a labeller without the `pour` permission — gets a reply saying which, and
 * nothing else changes. A labelling app (a bot) needed write access to label, so it is trusted.
 */
import { codeSpan, permissionAtLeast } from '../engine/index.js';
import { repoSlug } from '../github/client.js';
import { STATE_LABELS } from '../github/labels.js';
import { reply } from '../github/reply.js';
import { levelOf, permissionRefusal, permissionTable } from './command-permissions.js';
import { describeError } from './describe-error.js';
import { applied, type HandlerContext, type HandlerResult, ignored, refused } from './handler-context.js';
import { moleculesOnIssue } from './issue-molecules.js';
import { parseMolVars } from './mol-vars.js';
import { openStore } from './molecule-store.js';
import { isBot, LabeledIssuePayload, LabeledPullPayload } from './payloads.js';
import { type PourRequest, pourOnIssue } from './pour-on-issue.js';
import { fetchPullHead, headOf } from './pull-head.js';
import { quiet } from './quiet.js';

const VAR_CODES = new Set(['missing-var', 'unknown-var', 'var-enum', 'var-pattern', 'vars-invalid']);

interface Labeled {
  label: string;
  number: number;
  body: string | null | undefined;
  labels: string[];
  sender: { login: string; type?: string | undefined };
  pr?: () => Promise<NonNullable<PourRequest['pr']> | string>;
}

export async function handleLabeled(ctx: HandlerContext): Promise<HandlerResult> {
  const event = readLabeled(ctx);
  if (!event) return ignored('not a labeled issue or pull request');
  const prefix = ctx.config.label_prefix;
  if (!event.label.startsWith(prefix)) return ignored(`label "${event.label}" is not a formula label`);
  const formula = event.label.slice(prefix.length).trim();
  const say = (text: string) => reply(ctx.octokit, ctx.repo, event.number, `@${event.sender.login} ${text}`);
  const what = `could not pour ${codeSpan(formula || event.label)} (label ${codeSpan(event.label)})`;

  if (!isBot(event.sender, ctx.identity.login)) {
    const required = permissionTable(ctx).pour;
    const level = await levelOf(ctx, event.sender.login);
    if (!permissionAtLeast(level, required)) {
      await say(`${what}: ${permissionRefusal('pouring a formula', required, level, repoSlug(ctx.repo))}.`);
      return refused(`${event.sender.login} may not pour`);
    }
  }
  let pr: PourRequest['pr'];
  if (event.pr) {
    const head = await event.pr();
    if (typeof head === 'string') {
      await say(`${what}: ${head}.`);
      return refused(head);
    }
    pr = head;
  }
  const vars = parseMolVars(event.body);
  if (!vars.ok) {
    await say(`${what}: ${quiet(vars.error.message)}.${varsHint()}`);
    return refused(vars.error.message);
  }
  // Only an issue that shows a live molecule needs its comments read before the pour.
  const existing = event.labels.includes(STATE_LABELS.active.name)
    ? (await moleculesOnIssue(ctx, event.number)).live.map((x) => x.mol)
    : undefined;
  const poured = await pourOnIssue(ctx, openStore(ctx), {
    issue: event.number,
    ...(pr ? { pr } : {}),
    formula,
    vars: vars.value,
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

function readLabeled(ctx: HandlerContext): Labeled | undefined {
  const pull = LabeledPullPayload.safeParse(ctx.payload);
  if (pull.success) {
    const p = pull.data.pull_request;
    return {
      label: pull.data.label.name,
      number: p.number,
      body: p.body,
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
    body: i.body,
    labels: (i.labels ?? []).map((l) => l.name),
    sender: issue.data.sender,
    ...(i.pull_request ? { pr: () => fetchPullHead(ctx, i.number) } : {}),
  };
}
