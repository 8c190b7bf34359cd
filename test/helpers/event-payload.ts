import type { FakeGitHub } from './fake-github/index.js';
import { repoWebhook } from './fake-github/webhook-payloads.js';
import { describesEvent, webhookProblems } from './fake-github/webhooks.js';

/**
 * The event file of an Action job, as GitHub writes it: the payload with the repository, the
 * installation and the sender (named by login) in full. A webhook event's payload must be one
 * GitHub would send: one its schema refuses throws, unless `unchecked` says why it may.
 */
export function eventPayload(
  gh: FakeGitHub,
  eventName: string,
  payload: unknown,
  unchecked?: string,
): Record<string, unknown> {
  const { sender, ...fields } = (payload ?? {}) as Record<string, unknown>;
  const login = (sender as { login?: unknown } | undefined)?.login;
  // The installation comes along: GitHub's repository_dispatch schema requires it, and the
  // Action reads none of it.
  const github = repoWebhook(gh, typeof login === 'string' ? login : 'github-actions[bot]', {});
  const event = { ...github, ...fields, sender: github.sender };
  const problems = describesEvent(eventName) && !unchecked ? webhookProblems(eventName, event) : [];
  if (problems.length > 0)
    throw new Error(`GitHub never sends this ${eventName} event:\n  ${problems.join('\n  ')}`);
  return event;
}
