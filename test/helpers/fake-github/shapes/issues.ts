import {
  type Actor,
  type CommentRecord,
  type IssueRecord,
  type LabelRecord,
  REACTION_CONTENTS,
  type ReactionRecord,
} from '../state.js';
import { type Links, nodeId, repoApi, repoWeb } from './links.js';
import { simpleUser } from './user.js';

/** What GitHub says about the author's relation to the repo; our code may gate on it. */
export function authorAssociation(links: Links, actor: Actor): string {
  if (actor.login === links.state.owner) return 'OWNER';
  const role = links.state.role(actor.login);
  return role === 'none' ? 'NONE' : 'COLLABORATOR';
}

export function labelShape(links: Links, label: LabelRecord): Record<string, unknown> {
  return {
    id: label.id,
    node_id: nodeId('Label', label.id),
    url: `${repoApi(links)}/labels/${encodeURIComponent(label.name)}`,
    name: label.name,
    color: label.color,
    description: label.description,
    default: label.default,
  };
}

/** The `reactions` summary embedded in issues and comments. */
export function reactionRollup(url: string, reactions: ReactionRecord[]): Record<string, unknown> {
  const rollup: Record<string, unknown> = { url, total_count: reactions.length };
  for (const content of REACTION_CONTENTS)
    rollup[content] = reactions.filter((r) => r.content === content).length;
  return rollup;
}

export function reactionShape(links: Links, reaction: ReactionRecord): Record<string, unknown> {
  return {
    id: reaction.id,
    node_id: nodeId('Reaction', reaction.id),
    user: simpleUser(links, reaction.user),
    content: reaction.content,
    created_at: reaction.created_at,
  };
}

export function commentShape(links: Links, comment: CommentRecord): Record<string, unknown> {
  const url = `${repoApi(links)}/issues/comments/${comment.id}`;
  const reactions = links.state.reactions.filter((r) => r.comment_id === comment.id);
  return {
    id: comment.id,
    node_id: nodeId('IssueComment', comment.id),
    url,
    html_url: `${repoWeb(links)}/issues/${comment.issue_number}#issuecomment-${comment.id}`,
    issue_url: `${repoApi(links)}/issues/${comment.issue_number}`,
    body: comment.body,
    user: simpleUser(links, comment.user),
    created_at: comment.created_at,
    updated_at: comment.updated_at,
    author_association: authorAssociation(links, comment.user),
    performed_via_github_app: null,
    reactions: reactionRollup(`${url}/reactions`, reactions),
  };
}

/** GitHub's `issue`; also the base of search results and sub-issue listings. */
export function issueShape(links: Links, issue: IssueRecord): Record<string, unknown> {
  const { state } = links;
  const url = `${repoApi(links)}/issues/${issue.number}`;
  const children = (state.subIssues.get(issue.number) ?? []).map((n) => state.issues.get(n));
  const comments = [...state.comments.values()].filter((c) => c.issue_number === issue.number);
  const assignees = issue.assignees.map((login) => simpleUser(links, { login, type: 'User' }));
  return {
    id: issue.id,
    node_id: nodeId('Issue', issue.id),
    url,
    repository_url: repoApi(links),
    labels_url: `${url}/labels{/name}`,
    comments_url: `${url}/comments`,
    events_url: `${url}/events`,
    html_url: `${repoWeb(links)}/issues/${issue.number}`,
    number: issue.number,
    state: issue.state,
    state_reason: issue.state_reason,
    title: issue.title,
    body: issue.body,
    user: simpleUser(links, issue.user),
    labels: issue.labels.map((name) => labelShape(links, state.ensureLabel(name))),
    assignee: assignees[0] ?? null,
    assignees,
    milestone: null,
    locked: false,
    active_lock_reason: null,
    comments: comments.length,
    closed_at: issue.closed_at,
    created_at: issue.created_at,
    updated_at: issue.updated_at,
    closed_by: null,
    author_association: authorAssociation(links, issue.user),
    reactions: reactionRollup(`${url}/reactions`, []),
    sub_issues_summary: {
      total: children.length,
      completed: children.filter((child) => child?.state === 'closed').length,
      percent_completed: children.length
        ? Math.floor((100 * children.filter((child) => child?.state === 'closed').length) / children.length)
        : 0,
    },
  };
}
