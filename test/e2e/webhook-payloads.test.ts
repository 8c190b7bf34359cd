/**
 * The tests' webhook payloads against GitHub's schemas (@octokit/openapi-webhooks, committed as a
 * slice): payloads built from the fake's state are what GitHub sends; the skeletal ones the
 * older tests hand-write are not, and the validator says where.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { actorFor, type FakeGitHub, startFakeGitHub } from '../helpers/fake-github/index.js';
import {
  commentEvent,
  issueEvent,
  pullEvent,
  repoWebhook,
  workflowRunEvent,
} from '../helpers/fake-github/webhook-payloads.js';
import { webhookProblems } from '../helpers/fake-github/webhooks.js';

let gh: FakeGitHub | undefined;
afterEach(async () => {
  await gh?.close();
  gh = undefined;
});

describe('webhook payloads', () => {
  it('built from the fake’s state match GitHub’s schemas', async () => {
    gh = await startFakeGitHub({ owner: 'acme', repo: 'widgets' });
    const issue = gh.state.addIssue({ title: 'Ship it', user: actorFor('alice'), labels: ['formula:ship'] });
    const comment = gh.state.addComment(issue.number, '/mol status', actorFor('alice'));
    expect(
      webhookProblems('issues', issueEvent(gh, 'alice', 'labeled', issue.number, 'formula:ship')),
    ).toEqual([]);
    expect(webhookProblems('issue_comment', commentEvent(gh, comment.id))).toEqual([]);
    gh.state.pulls.set(5, {
      number: 5,
      title: 'pr',
      head: { ref: 'f', sha: 'b'.repeat(40) },
      base: { ref: 'main' },
    });
    expect(webhookProblems('pull_request', pullEvent(gh, 'alice', 'labeled', 5, 'formula:ship'))).toEqual([]);
    expect(webhookProblems('pull_request', pullEvent(gh, 'alice', 'closed', 5))).toEqual([]);
    gh.state.workflowRuns.set(901, { id: 901, status: 'completed', conclusion: 'failure' });
    expect(webhookProblems('workflow_run', workflowRunEvent(gh, 'completed', 901))).toEqual([]);
    const dispatched = repoWebhook(gh, 'github-actions[bot]', {
      action: 'molecular-step',
      branch: 'main',
      client_payload: { molecule: `${issue.number}-abc123` },
    });
    expect(webhookProblems('repository_dispatch', dispatched)).toEqual([]);
  });

  it('refuses what GitHub never sends: a skeletal issue, an unknown action, an event the App does not get', async () => {
    gh = await startFakeGitHub({ owner: 'acme', repo: 'widgets' });
    const skeletal = repoWebhook(gh, 'alice', {
      action: 'labeled',
      label: { name: 'x' },
      issue: { number: 1 },
    });
    expect(webhookProblems('issues', skeletal)).toEqual(
      expect.arrayContaining([
        "issues.labeled/issue must have required property 'title'",
        "issues.labeled/label must have required property 'id'",
      ]),
    );
    expect(webhookProblems('issues', { action: 'exploded' })).toEqual([
      'GitHub sends no "issues" webhook with action "exploded"',
    ]);
    expect(webhookProblems('push', {})).toEqual(['GitHub sends no "push" webhook the App subscribes to']);
  });
});
