import { describe, expect, it } from 'vitest';
import type { Molecule } from '../../src/engine/molecule/molecule-schema.js';
import { hasArchiveBlock, readArchiveBlock } from '../../src/github/store/archive-comment.js';
import { actorFor, type FakeGitHub } from '../helpers/fake-github/index.js';
import { commentEvent, issueEvent, pullEvent } from '../helpers/fake-github/webhook-payloads.js';
import { workCalls } from './app-harness.js';
import { useAppWorld } from './app-world.js';

const REVIEW = `
formula = "review"
description = "Draft {{feature}}, then publish it."
execution = "local"

[vars.feature]
description = "What to write about"
required = true

[[steps]]
id = "draft"
title = "Draft {{feature}}"
description = "Write the first version."

[[steps]]
id = "publish"
title = "Publish {{feature}}"
needs = ["draft"]
description = "Put it out."
`;

const statusOf = (mol: Molecule, step: string) => mol.steps.find((s) => s.id === step)?.status;

function reactionsOn(gh: FakeGitHub, commentId: number): string[] {
  return gh.state.reactions.filter((r) => r.comment_id === commentId).map((r) => r.content);
}

function repliesOn(gh: FakeGitHub, issue: number): string[] {
  return [...gh.state.comments.values()]
    .filter(
      (c) =>
        c.issue_number === issue && c.user.login === 'molecular[bot]' && !c.body.includes('molecular:state'),
    )
    .map((c) => c.body);
}

describe('the GitHub App end to end, against the fake GitHub', () => {
  const world = useAppWorld({
    formulas: { review: REVIEW },
    people: { alice: 'write', bob: 'read' },
    issue: {
      title: 'Write about login',
      body: 'Please do this.\n\n```mol-vars\nfeature = "login"\n```\n',
      author: 'alice',
    },
  });
  const { app, molecule, stateComments } = world;

  const label = (name: string, sender = 'alice') => {
    const record = app.gh.state.issues.get(world.issue);
    record?.labels.push(name);
    app.gh.state.ensureLabel(name);
    return app.send('issues', issueEvent(app.gh, sender, 'labeled', world.issue, name));
  };

  it('label → state comment → /mol done by a writer → /mol burn by a reader refused → squash', async () => {
    const { issue } = world;
    const poured = await label('formula:review');
    expect(poured.status).toBe(200);
    const [stateComment] = stateComments();
    expect(stateComment?.body).toContain('### ');
    expect(stateComment?.body).toContain('```mermaid');
    expect(stateComment?.body).toContain('Draft login');
    let mol = molecule();
    expect(mol.formula.name).toBe('review');
    expect(mol.vars).toEqual({ feature: 'login' });
    expect(mol.id).toMatch(new RegExp(`^${issue}-[0-9a-f]{6}$`));
    expect(statusOf(mol, 'draft')).toBe('ready');
    expect(statusOf(mol, 'publish')).toBe('pending');
    expect(app.gh.state.issues.get(issue)?.labels).toContain('molecule:active');
    // A local formula without `run` waits for people: nothing is dispatched.
    expect(app.gh.state.workflowDispatches).toEqual([]);

    const done = await app.comment(issue, 'alice', '/mol done draft');
    expect(done.status).toBe(200);
    mol = molecule();
    expect(statusOf(mol, 'draft')).toBe('completed');
    expect(statusOf(mol, 'publish')).toBe('ready');
    const doneComment = [...app.gh.state.comments.values()].find((c) => c.body === '/mol done draft');
    expect(reactionsOn(app.gh, doneComment?.id ?? 0)).toEqual(['rocket']);

    const revBefore = mol.rev;
    const burn = await app.comment(issue, 'bob', '/mol burn');
    expect(burn.status).toBe(200);
    const burnComment = [...app.gh.state.comments.values()].find((c) => c.body === '/mol burn');
    expect(reactionsOn(app.gh, burnComment?.id ?? 0)).toEqual(['confused']);
    expect(repliesOn(app.gh, issue).at(-1)).toMatch(
      /@bob[\s\S]*needs \*\*write\*\* permission on acme\/widgets; you have \*\*read\*\*/,
    );
    expect(molecule().rev).toBe(revBefore);

    await app.comment(issue, 'alice', '/mol done publish');
    mol = molecule();
    expect(mol.status).toBe('complete');
    expect(app.gh.state.issues.get(issue)?.labels).toContain('molecule:complete');
    expect(app.gh.state.issues.get(issue)?.labels).not.toContain('molecule:active');

    const squash = await app.comment(issue, 'alice', '/mol squash');
    expect(squash.status).toBe(200);
    expect(stateComments()).toEqual([]);
    const archived = [...app.gh.state.comments.values()].find((c) => hasArchiveBlock(c.body));
    const record = readArchiveBlock(archived?.body ?? '');
    expect(record?.ok && record.value.outcome).toBe('complete');
    expect(record?.ok && record.value.id).toBe(mol.id);

    expect(app.errors()).toEqual([]);
  });

  it('a redelivered comment changes nothing and is not answered twice', async () => {
    const { issue } = world;
    await label('formula:review');
    const record = app.gh.state.addComment(issue, '/mol done draft\n/mol stauts', actorFor('alice'));
    const payload = commentEvent(app.gh, record.id);
    const first = await app.send('issue_comment', payload);
    expect(first.status).toBe(200);
    const after = molecule();
    expect(statusOf(after, 'draft')).toBe('completed');
    expect(repliesOn(app.gh, issue)).toHaveLength(1);
    expect(repliesOn(app.gh, issue)[0]).toContain('did you mean "/mol status"');
    expect(reactionsOn(app.gh, record.id)).toEqual(['confused']);

    const again = await app.send('issue_comment', payload, { id: first.id });
    expect(again.status).toBe(200);
    expect(molecule().rev).toBe(after.rev);
    expect(repliesOn(app.gh, issue)).toHaveLength(1);
    // The issue shows the answer to it: nothing else is read or written.
    expect(workCalls(again.calls)).toEqual(['POST graphql MolecularComments']);
  });

  it('a comment that only asks for status gets its answer without 👀, and a redelivery is not answered twice', async () => {
    const { issue } = world;
    await label('formula:review');
    const record = app.gh.state.addComment(issue, '/mol status', actorFor('alice'));
    const payload = commentEvent(app.gh, record.id);
    const first = await app.send('issue_comment', payload);
    expect(first.status).toBe(200);
    expect(repliesOn(app.gh, issue)).toHaveLength(1);
    expect(reactionsOn(app.gh, record.id)).toEqual(['rocket']);

    const again = await app.send('issue_comment', payload, { id: first.id });
    expect(again.status).toBe(200);
    expect(repliesOn(app.gh, issue)).toHaveLength(1);
    // The issue's comments show the answer: nothing else is read or written.
    expect(workCalls(again.calls)).toEqual(['POST graphql MolecularComments']);
  });

  it('a delivery with a bad signature is rejected and changes nothing', async () => {
    const { issue } = world;
    const before = app.gh.requests.length;
    const comments = app.gh.state.comments.size;
    const forged = await app.send('issues', issueEvent(app.gh, 'alice', 'labeled', issue, 'formula:review'), {
      secret: 'not-the-secret',
    });
    expect(forged.status).toBe(400);
    expect(app.gh.requests.length).toBe(before);
    expect(app.gh.state.comments.size).toBe(comments);
  });

  it('an unknown formula and a missing variable are answered, and nothing is poured', async () => {
    const { issue } = world;
    app.gh.state.issues.get(issue)!.body = 'no vars here';
    await label('formula:reveiw');
    await label('formula:review');
    const replies = repliesOn(app.gh, issue);
    expect(replies[0]).toMatch(/@alice could not pour `reveiw`.*there is no formula "reveiw"/s);
    expect(replies[0]).toContain('the repository has: review');
    expect(replies[1]).toMatch(/variable "feature" \(What to write about\) is required/);
    expect(replies[1]).toContain('```mol-vars');
    expect(stateComments()).toEqual([]);
    expect(app.gh.state.issues.get(issue)?.labels).not.toContain('molecule:active');
  });

  it('a state comment forged by a person is ignored and reported', async () => {
    const { issue } = world;
    await label('formula:review');
    const real = stateComments()[0];
    // mallory copies the bot's state comment, sealed and all, into a comment of her own.
    app.gh.state.comments.delete(real?.id ?? 0);
    app.gh.state.addComment(issue, real?.body ?? '', actorFor('mallory'));
    await app.comment(issue, 'alice', '/mol done draft');
    const reply = repliesOn(app.gh, issue).at(-1) ?? '';
    expect(reply).toMatch(/there is no molecule on this issue/);
    expect(reply).toMatch(/written by @\u200bmallory, who is not a trusted writer/);
    expect(app.logs.some((l) => l.level === 40 && /state-untrusted/.test(l.msg))).toBe(true);
  });

  it('a pull request closed without merging burns its molecules when on_pr_closed is burn', async () => {
    app.gh.state.files.set('.github/molecular.yml', 'on_pr_closed: burn\n');
    const pr = app.gh.state.nextIssueNumber();
    const body = '```mol-vars\nfeature: pr\n```';
    app.gh.state.pulls.set(pr, {
      number: pr,
      title: 'x',
      body,
      labels: ['formula:review'],
      head: { ref: 'feature', sha: 'b'.repeat(40) },
      base: { ref: 'main' },
      // Its mol-vars block counts: its author may pour.
      user: actorFor('alice'),
    });
    app.gh.state.addIssue({ title: 'the PR', number: pr, body });
    const poured = await app.send(
      'pull_request',
      pullEvent(app.gh, 'alice', 'labeled', pr, 'formula:review'),
    );
    expect(poured.status).toBe(200);
    const mol = molecule(pr);
    expect(mol.subject).toMatchObject({ issue: pr, pr });
    expect(mol.base).toEqual({ ref: 'feature', sha: 'b'.repeat(40) });
    const progress = app.gh.state.checkRuns.find((r) => r.name === 'molecular / review');
    expect(progress).toMatchObject({ head_sha: 'b'.repeat(40), status: 'queued' });

    const pull = app.gh.state.pulls.get(pr);
    if (pull) pull.state = 'closed';
    const closed = await app.send('pull_request', pullEvent(app.gh, 'alice', 'closed', pr));
    expect(closed.status).toBe(200);
    expect(stateComments(pr)).toEqual([]);
    expect(app.gh.state.checkRuns.find((r) => r.name === 'molecular / review')).toMatchObject({
      status: 'completed',
      conclusion: 'neutral',
    });
    expect(app.errors()).toEqual([]);
  });
});
