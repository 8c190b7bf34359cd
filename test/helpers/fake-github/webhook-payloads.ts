import { workflowRunShape } from './shapes/actions.js';
import { INSTALLATION_ID } from './shapes/app.js';
import { checkRunShape } from './shapes/checks.js';
import { commentShape, issueShape, labelShape } from './shapes/issues.js';
import { type Links, nodeId, repoApi, repoWeb } from './shapes/links.js';
import { pullShape } from './shapes/pulls.js';
import { repositoryShape } from './shapes/repository.js';
import { simpleUser } from './shapes/user.js';
import { actorFor } from './state.js';
import type { FakeGitHub } from './types.js';

/**
 * Webhook payloads built from the fake's state as GitHub builds them (from the REST shapes, which
 * the webhook schemas share, plus the few fields only webhooks carry): what a test sends as
 * GitHub is then what GitHub would send, and webhooks.ts checks it against GitHub's schemas.
 * Seed the state first (the issue, its labels, the comment, the run), then build the event.
 */
const linksOf = (gh: FakeGitHub): Links => ({ state: gh.state, api: gh.url, web: gh.origin });

/** repository, installation and sender: what every repository webhook of an App carries. */
export function repoWebhook(
  gh: FakeGitHub,
  sender: string,
  fields: Record<string, unknown>,
): Record<string, unknown> {
  const links = linksOf(gh);
  return {
    ...fields,
    repository: repositoryShape(links),
    installation: { id: INSTALLATION_ID, node_id: nodeId('Installation', INSTALLATION_ID) },
    sender: simpleUser(links, actorFor(sender)),
  };
}

function labelField(gh: FakeGitHub, label: string | undefined): Record<string, unknown> {
  return label === undefined ? {} : { label: labelShape(linksOf(gh), gh.state.ensureLabel(label)) };
}

/**
 * `issues.<action>` of issue `number` as the fake holds it now; `label` for labeled/unlabeled.
 * GitHub sends `labeled` once the label is on the issue: the fake's issue gets it first.
 */
export function issueEvent(
  gh: FakeGitHub,
  sender: string,
  action: string,
  number: number,
  label?: string,
): Record<string, unknown> {
  const issue = gh.state.issues.get(number);
  if (!issue) throw new Error(`no issue #${number} in the fake`);
  if (action === 'labeled' && label !== undefined && !issue.labels.includes(label)) {
    issue.labels.push(gh.state.ensureLabel(label).name);
  }
  return repoWebhook(gh, sender, {
    action,
    issue: issueShape(linksOf(gh), issue),
    ...labelField(gh, label),
  });
}

/** `issue_comment.<action>` of comment `id` on an issue, as the fake holds it now. */
export function commentEvent(gh: FakeGitHub, id: number, action = 'created'): Record<string, unknown> {
  const links = linksOf(gh);
  const comment = gh.state.comments.get(id);
  const issue = comment ? gh.state.issues.get(comment.issue_number) : undefined;
  if (!comment || !issue) throw new Error(`no comment ${id} on an issue of the fake`);
  // A pull request's conversation is an issue that says which pull request it is.
  const pull = gh.state.pulls.get(issue.number);
  const web = `${repoWeb(links)}/pull/${issue.number}`;
  const pullLink = pull && {
    pull_request: {
      url: `${repoApi(links)}/pulls/${issue.number}`,
      html_url: web,
      diff_url: `${web}.diff`,
      patch_url: `${web}.patch`,
      merged_at: null,
    },
  };
  return repoWebhook(gh, comment.user.login, {
    action,
    issue: { ...issueShape(links, issue), ...pullLink },
    comment: commentShape(links, comment),
  });
}

/** `pull_request.<action>` of pull `number` (from `gh.state.pulls`); `label` for labeled. */
export function pullEvent(
  gh: FakeGitHub,
  sender: string,
  action: string,
  number: number,
  label?: string,
): Record<string, unknown> {
  const pull = gh.state.pulls.get(number);
  if (!pull) throw new Error(`no pull request #${number} in the fake`);
  return repoWebhook(gh, sender, {
    action,
    number,
    // The webhook's pull request carries the lock field REST's leaves out.
    pull_request: { ...pullShape(linksOf(gh), pull), active_lock_reason: null },
    ...labelField(gh, label),
  });
}

/**
 * `pull_request_review.submitted` by `reviewer` on pull `number`: `state` as the webhook spells it
 * (`changes_requested`, `approved`, `commented`); inline comments are seeded under the review's id.
 */
export function reviewEvent(
  gh: FakeGitHub,
  reviewer: string,
  number: number,
  review: {
    id: number;
    state: string;
    body: string;
    comments?: Array<{ path: string; line: number; body: string }>;
  },
): Record<string, unknown> {
  const pull = gh.state.pulls.get(number);
  if (!pull) throw new Error(`no pull request #${number} in the fake`);
  const links = linksOf(gh);
  const user = actorFor(reviewer);
  gh.state.reviewComments.set(
    review.id,
    (review.comments ?? []).map((c) => ({ ...c, user })),
  );
  const shaped = pullShape(links, pull);
  const html = `${String(shaped.html_url)}#pullrequestreview-${review.id}`;
  return repoWebhook(gh, reviewer, {
    action: 'submitted',
    review: {
      id: review.id,
      node_id: `PRR_${review.id}`,
      user: simpleUser(links, user),
      body: review.body,
      commit_id: pull.head.sha,
      submitted_at: gh.state.now(),
      state: review.state,
      html_url: html,
      pull_request_url: String(shaped.url),
      author_association: 'COLLABORATOR',
      _links: { html: { href: html }, pull_request: { href: String(shaped.url) } },
    },
    pull_request: { ...shaped, active_lock_reason: null },
  });
}

/** `workflow_run.<action>` of run `id` (from `gh.state.workflowRuns`), with its workflow. */
export function workflowRunEvent(gh: FakeGitHub, action: string, id: number): Record<string, unknown> {
  const links = linksOf(gh);
  const record = gh.state.workflowRuns.get(id);
  if (!record) throw new Error(`no workflow run ${id} in the fake`);
  const run = workflowRunShape(links, record);
  const actor = simpleUser(links, actorFor('github-actions[bot]'));
  const path = String(run.path);
  const workflowId = Number(run.workflow_id);
  return repoWebhook(gh, 'github-actions[bot]', {
    action,
    workflow_run: {
      ...run,
      actor,
      triggering_actor: actor,
      check_suite_id: 1,
      check_suite_node_id: nodeId('CheckSuite', 1),
      previous_attempt_url: null,
      head_commit: {
        id: run.head_sha,
        tree_id: run.head_sha,
        message: 'molecular step',
        timestamp: run.created_at,
        author: { name: 'github-actions[bot]', email: 'github-actions[bot]@users.noreply.github.com' },
        committer: { name: 'GitHub', email: 'noreply@github.com' },
      },
    },
    workflow: {
      id: workflowId,
      node_id: nodeId('Workflow', workflowId),
      name: run.name,
      path,
      state: 'active',
      created_at: run.created_at,
      updated_at: run.created_at,
      url: `${repoApi(links)}/actions/workflows/${workflowId}`,
      html_url: `${repoWeb(links)}/blob/${gh.state.defaultBranch}/${path}`,
      badge_url: `${repoWeb(links)}/workflows/${encodeURIComponent(String(run.name))}/badge.svg`,
    },
  });
}

/** `check_run.<action>` of a check run the fake holds, as a person's click sends it (`requested_action`). */
export function checkRunEvent(
  gh: FakeGitHub,
  sender: string,
  action: 'requested_action' | 'rerequested',
  id: number,
  identifier?: string,
): Record<string, unknown> {
  const run = gh.state.checkRuns.find((r) => r.id === id);
  if (!run) throw new Error(`no check run ${id} in the fake`);
  return repoWebhook(gh, sender, {
    action,
    check_run: checkRunShape(linksOf(gh), run),
    ...(identifier === undefined ? {} : { requested_action: { identifier } }),
  });
}
