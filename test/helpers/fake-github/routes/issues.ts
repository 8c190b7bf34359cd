import { notFound, unprocessable } from '../errors.js';
import { issueBodyRefusal } from '../limits.js';
import { issueShape } from '../shapes/issues.js';
import type { IssueRecord } from '../state.js';
import { pagedResult } from './paginate.js';
import type { HandlerTable, RouteContext } from './types.js';

type LabelInput = string | { name?: string };

interface IssueWrite {
  title?: string | number | null;
  body?: string | null;
  state?: 'open' | 'closed';
  state_reason?: string | null;
  labels?: LabelInput[];
  assignees?: string[] | null;
  assignee?: string | null;
}

/** Labels may be sent as names or `{ name }` objects; GitHub treats both alike. */
export function labelNames(labels: LabelInput[]): string[] {
  return labels.map((label) => (typeof label === 'string' ? label : (label.name ?? ''))).filter(Boolean);
}

export function issueFromParams(ctx: RouteContext): IssueRecord | undefined {
  return ctx.state.issues.get(Number(ctx.params.issue_number));
}

function applyWrite(ctx: RouteContext, issue: IssueRecord, write: IssueWrite): void {
  const at = ctx.state.now();
  if (write.title !== undefined && write.title !== null) issue.title = String(write.title);
  if (write.body !== undefined) issue.body = write.body;
  if (write.labels) {
    issue.labels = labelNames(write.labels).map((name) => ctx.state.ensureLabel(name).name);
  }
  if (write.assignees) issue.assignees = [...write.assignees];
  else if (write.assignee !== undefined) issue.assignees = write.assignee ? [write.assignee] : [];
  if (write.state && write.state !== issue.state) {
    issue.state = write.state;
    issue.closed_at = write.state === 'closed' ? at : null;
    issue.state_reason = write.state === 'closed' ? (write.state_reason ?? 'completed') : 'reopened';
  } else if (write.state_reason !== undefined) {
    issue.state_reason = write.state_reason;
  }
  issue.updated_at = at;
}

export const issueRoutes: HandlerTable = {
  'issues/get': (ctx) => {
    const issue = issueFromParams(ctx);
    return issue ? { status: 200, body: issueShape(ctx.links, issue) } : notFound();
  },

  'issues/create': (ctx) => {
    const write = ctx.body as IssueWrite;
    const tooLong = issueBodyRefusal(write.body);
    if (tooLong) return tooLong;
    const issue = ctx.state.addIssue({ title: String(write.title), user: ctx.actor });
    applyWrite(ctx, issue, { ...write, state: undefined });
    issue.updated_at = issue.created_at;
    return { status: 201, body: issueShape(ctx.links, issue) };
  },

  'issues/update': (ctx) => {
    const issue = issueFromParams(ctx);
    if (!issue) return notFound();
    const write = (ctx.body ?? {}) as IssueWrite;
    const tooLong = issueBodyRefusal(write.body);
    if (tooLong) return tooLong;
    applyWrite(ctx, issue, write);
    return { status: 200, body: issueShape(ctx.links, issue) };
  },

  'issues/add-sub-issue': (ctx) => {
    const parent = issueFromParams(ctx);
    if (!parent) return notFound();
    const { sub_issue_id, replace_parent } = ctx.body as { sub_issue_id: number; replace_parent?: boolean };
    // The API takes the child's database `id`, not its number: an easy mistake to make.
    const child = [...ctx.state.issues.values()].find((issue) => issue.id === sub_issue_id);
    if (!child)
      return unprocessable('Validation Failed', [
        { resource: 'Issue', field: 'sub_issue_id', code: 'invalid' },
      ]);
    if (child.number === parent.number) return unprocessable('An issue cannot be a sub-issue of itself');
    const currentParent = [...ctx.state.subIssues].find(([, children]) =>
      children.includes(child.number),
    )?.[0];
    if (currentParent === parent.number) return unprocessable('Issue may not contain duplicate sub-issues');
    if (currentParent !== undefined) {
      if (!replace_parent) return unprocessable('Sub-issue already has a parent');
      const siblings = ctx.state.subIssues.get(currentParent) ?? [];
      ctx.state.subIssues.set(
        currentParent,
        siblings.filter((n) => n !== child.number),
      );
    }
    ctx.state.subIssues.set(parent.number, [...(ctx.state.subIssues.get(parent.number) ?? []), child.number]);
    return { status: 201, body: issueShape(ctx.links, parent) };
  },

  'issues/list-sub-issues': (ctx) => {
    const parent = issueFromParams(ctx);
    if (!parent) return notFound();
    const children = (ctx.state.subIssues.get(parent.number) ?? [])
      .map((n) => ctx.state.issues.get(n))
      .filter((issue): issue is IssueRecord => issue !== undefined)
      .map((issue) => issueShape(ctx.links, issue));
    return pagedResult(children, ctx.url);
  },
};
