import { INSTALLATION_ID } from './shapes/app.js';
import { commentShape, issueShape, labelShape } from './shapes/issues.js';
import { type Links, nodeId } from './shapes/links.js';
import { repositoryShape } from './shapes/repository.js';
import { simpleUser } from './shapes/user.js';
import { actorFor } from './state.js';
import type { FakeGitHub } from './types.js';

/**
 * Webhook payloads built from the fake's state as GitHub builds them (its REST shapes, which the
 * webhook schemas share): what a test sends as GitHub is then what GitHub would send, and
 * webhooks.ts checks it against GitHub's schemas.
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

/** `issues.labeled`: issue `number` as the fake holds it now, `label` already on it. */
export function issueLabeled(
  gh: FakeGitHub,
  sender: string,
  number: number,
  label: string,
): Record<string, unknown> {
  const links = linksOf(gh);
  const issue = gh.state.issues.get(number);
  if (!issue) throw new Error(`no issue #${number} in the fake`);
  return repoWebhook(gh, sender, {
    action: 'labeled',
    issue: issueShape(links, issue),
    label: labelShape(links, gh.state.ensureLabel(label)),
  });
}

/** `issue_comment.created` of comment `id`, as the fake holds it now. */
export function commentCreated(gh: FakeGitHub, id: number): Record<string, unknown> {
  const links = linksOf(gh);
  const comment = gh.state.comments.get(id);
  const issue = comment ? gh.state.issues.get(comment.issue_number) : undefined;
  if (!comment || !issue) throw new Error(`no comment ${id} on an issue of the fake`);
  return repoWebhook(gh, comment.user.login, {
    action: 'created',
    issue: issueShape(links, issue),
    comment: commentShape(links, comment),
  });
}
