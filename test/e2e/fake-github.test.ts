import { execFile, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Octokit } from '@octokit/rest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { COMMENT_QUERY, COMMENTS_QUERY } from '../../src/github/store/state-comments.js';
import { SURVEY_QUERY } from '../../src/github/survey.js';
import { type FakeGitHub, type FakeGitHubOptions, startFakeGitHub } from '../helpers/fake-github/index.js';
import { allRoutes } from '../helpers/fake-github/openapi.js';
import { handlers } from '../helpers/fake-github/routes/index.js';
import { loadSpec } from '../helpers/fake-github/spec.js';

const owner = 'acme';
const repo = 'widgets';
const BASE: FakeGitHubOptions = { owner, repo, defaultBranch: 'main', appSlug: 'molecular' };

let servers: FakeGitHub[] = [];

async function start(options: Partial<FakeGitHubOptions> = {}): Promise<FakeGitHub> {
  const gh = await startFakeGitHub({ ...BASE, ...options });
  servers.push(gh);
  return gh;
}

/** A plain @octokit/rest client: no retry or throttling plugins, so every fault surfaces. */
function client(gh: FakeGitHub, token = 'test-token'): Octokit {
  return new Octokit({ baseUrl: gh.url, auth: token, request: { retries: 0 } });
}

/** What `git` itself computes, so the fake's shas are checked against git, not against itself. */
function gitShas(files: Record<string, string>): { blobs: Record<string, string>; tree: string } {
  const dir = mkdtempSync(join(tmpdir(), 'fake-github-git-'));
  try {
    execFileSync('git', ['init', '-q', dir]);
    const blobs: Record<string, string> = {};
    for (const [path, content] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), content);
      blobs[path] = execFileSync('git', ['hash-object', path], { cwd: dir, encoding: 'utf8' }).trim();
    }
    execFileSync('git', ['add', '-A'], { cwd: dir });
    const tree = execFileSync('git', ['write-tree'], { cwd: dir, encoding: 'utf8' }).trim();
    return { blobs, tree };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The status of a rejected Octokit call (RequestError), or 'ok'. */
async function statusOf(promise: Promise<unknown>): Promise<number | 'ok'> {
  try {
    await promise;
    return 'ok';
  } catch (error) {
    return (error as { status: number }).status;
  }
}

afterEach(async () => {
  // Whatever a test did, the fake's own answers must match GitHub's documented shapes.
  const checked = servers;
  servers = [];
  for (const gh of checked) {
    await gh.close();
    expect(gh.responseViolations).toEqual([]);
    expect(gh.listenerErrors).toEqual([]);
  }
});

describe('fake GitHub: issues and comments', () => {
  let gh: FakeGitHub;
  let issueNumber: number;
  beforeEach(async () => {
    gh = await start();
    issueNumber = gh.state.addIssue({ title: 'molecule: release' }).number;
  });

  it('attributes comments to the identity mapped to the token, defaulting to the app bot', async () => {
    gh.tokens.set('human', { login: 'alice', type: 'User' });
    gh.tokens.set('actions', { login: 'github-actions[bot]', type: 'Bot' });
    const byDefault = await client(gh, 'unknown').rest.issues.createComment({
      owner,
      repo,
      issue_number: issueNumber,
      body: 'a',
    });
    const byHuman = await client(gh, 'human').rest.issues.createComment({
      owner,
      repo,
      issue_number: issueNumber,
      body: 'b',
    });
    const byActions = await client(gh, 'actions').rest.issues.createComment({
      owner,
      repo,
      issue_number: issueNumber,
      body: 'c',
    });
    expect(byDefault.status).toBe(201);
    expect(byDefault.data.user).toMatchObject({ login: 'molecular[bot]', type: 'Bot' });
    expect(byHuman.data.user).toMatchObject({ login: 'alice', type: 'User' });
    expect(byActions.data.user).toMatchObject({ login: 'github-actions[bot]', type: 'Bot' });
    expect(byDefault.data.html_url).toBe(
      `${gh.origin}/acme/widgets/issues/${issueNumber}#issuecomment-${byDefault.data.id}`,
    );
    expect(gh.requests.map((r) => r.login)).toEqual(['molecular[bot]', 'alice', 'github-actions[bot]']);
    expect(gh.violations).toEqual([]);
  });

  it('gets, updates (moving updated_at) and deletes a comment', async () => {
    const octokit = client(gh);
    const { data: created } = await octokit.rest.issues.createComment({
      owner,
      repo,
      issue_number: issueNumber,
      body: 'v1',
    });
    const { data: updated } = await octokit.rest.issues.updateComment({
      owner,
      repo,
      comment_id: created.id,
      body: 'v2',
    });
    expect(updated.body).toBe('v2');
    expect(updated.created_at).toBe(created.created_at);
    expect(Date.parse(updated.updated_at)).toBeGreaterThan(Date.parse(created.updated_at));
    const { data: fetched } = await octokit.rest.issues.getComment({ owner, repo, comment_id: created.id });
    expect(fetched.body).toBe('v2');
    expect(gh.state.comments.get(created.id)?.body).toBe('v2');

    const deleted = await octokit.rest.issues.deleteComment({ owner, repo, comment_id: created.id });
    expect(deleted.status).toBe(204);
    expect(await statusOf(octokit.rest.issues.getComment({ owner, repo, comment_id: created.id }))).toBe(404);
    expect(gh.violations).toEqual([]);
  });

  it('paginates comments with a link header that octokit.paginate follows', async () => {
    for (let i = 1; i <= 5; i++)
      gh.state.addComment(issueNumber, `comment ${i}`, { login: 'alice', type: 'User' });
    const octokit = client(gh);
    const first = await octokit.rest.issues.listComments({
      owner,
      repo,
      issue_number: issueNumber,
      per_page: 2,
    });
    expect(first.data.map((c) => c.body)).toEqual(['comment 1', 'comment 2']);
    expect(first.headers.link).toContain('rel="next"');
    expect(first.headers.link).toContain('page=3');

    const all = await octokit.paginate(octokit.rest.issues.listComments, {
      owner,
      repo,
      issue_number: issueNumber,
      per_page: 2,
    });
    expect(all.map((c) => c.body)).toEqual(['comment 1', 'comment 2', 'comment 3', 'comment 4', 'comment 5']);
    expect(gh.requests.filter((r) => r.operationId === 'issues/list-comments')).toHaveLength(4);
    const last = await octokit.rest.issues.listComments({
      owner,
      repo,
      issue_number: issueNumber,
      per_page: 5,
    });
    expect(last.headers.link).toBeUndefined();
  });

  it('creates, closes and links sub-issues by database id', async () => {
    const octokit = client(gh);
    const { data: child } = await octokit.rest.issues.create({
      owner,
      repo,
      title: 'step 1',
      labels: ['molecule'],
    });
    expect(child.labels.map((l) => (typeof l === 'string' ? l : l.name))).toEqual(['molecule']);
    expect(gh.state.findLabel('molecule')).toBeDefined();

    // The sub-issue API takes the child's `id`; passing its number is refused.
    expect(
      await statusOf(
        octokit.rest.issues.addSubIssue({
          owner,
          repo,
          issue_number: issueNumber,
          sub_issue_id: child.number,
        }),
      ),
    ).toBe(422);
    const added = await octokit.rest.issues.addSubIssue({
      owner,
      repo,
      issue_number: issueNumber,
      sub_issue_id: child.id,
    });
    expect(added.status).toBe(201);
    expect(
      await statusOf(
        octokit.rest.issues.addSubIssue({ owner, repo, issue_number: issueNumber, sub_issue_id: child.id }),
      ),
    ).toBe(422);

    const { data: closed } = await octokit.rest.issues.update({
      owner,
      repo,
      issue_number: child.number,
      state: 'closed',
    });
    expect(closed.state).toBe('closed');
    expect(closed.state_reason).toBe('completed');
    expect(closed.closed_at).not.toBeNull();
    const { data: children } = await octokit.rest.issues.listSubIssues({
      owner,
      repo,
      issue_number: issueNumber,
    });
    expect(children.map((c) => c.number)).toEqual([child.number]);
    const { data: parent } = await octokit.rest.issues.get({ owner, repo, issue_number: issueNumber });
    expect(parent.sub_issues_summary).toEqual({ total: 1, completed: 1, percent_completed: 100 });
    expect(gh.violations).toEqual([]);
  });

  it('searches issues over REST by label and state', async () => {
    gh.state.addIssue({ title: 'open one', labels: ['molecule'] });
    gh.state.addIssue({ title: 'closed one', labels: ['molecule'], state: 'closed' });
    gh.state.addIssue({ title: 'unlabelled' });
    const { data } = await client(gh).rest.search.issuesAndPullRequests({
      q: `repo:${owner}/${repo} is:issue is:open label:molecule`,
    });
    expect(data.total_count).toBe(1);
    expect(data.items.map((i) => i.title)).toEqual(['open one']);
    const other = await client(gh).rest.search.issuesAndPullRequests({
      q: 'repo:someone/else label:molecule',
    });
    expect(other.data.total_count).toBe(0);
  });
});

describe('fake GitHub: labels, reactions, permissions', () => {
  let gh: FakeGitHub;
  beforeEach(async () => {
    gh = await start();
  });

  it('auto-creates labels added to an issue, refuses duplicate label creation, removes labels', async () => {
    const issue = gh.state.addIssue({ title: 't' });
    const octokit = client(gh);
    const { data: labels } = await octokit.rest.issues.addLabels({
      owner,
      repo,
      issue_number: issue.number,
      labels: ['molecule', 'step:ready'],
    });
    expect(labels.map((l) => l.name)).toEqual(['molecule', 'step:ready']);
    const { data: label } = await octokit.rest.issues.getLabel({ owner, repo, name: 'step:ready' });
    expect(label).toMatchObject({ name: 'step:ready', color: 'ededed' });

    const duplicate = await statusOf(octokit.rest.issues.createLabel({ owner, repo, name: 'Molecule' }));
    expect(duplicate).toBe(422);
    const created = await octokit.rest.issues.createLabel({ owner, repo, name: 'new', color: 'ff0000' });
    expect(created.status).toBe(201);

    const { data: left } = await octokit.rest.issues.removeLabel({
      owner,
      repo,
      issue_number: issue.number,
      name: 'step:ready',
    });
    expect(left.map((l) => l.name)).toEqual(['molecule']);
    expect(gh.state.issues.get(issue.number)?.labels).toEqual(['molecule']);
    expect(
      await statusOf(
        octokit.rest.issues.removeLabel({ owner, repo, issue_number: issue.number, name: 'step:ready' }),
      ),
    ).toBe(404);
    expect(await statusOf(octokit.rest.issues.getLabel({ owner, repo, name: 'absent' }))).toBe(404);
    expect(gh.violations).toEqual([]);
  });

  it('answers 201 for a new reaction and 200 when the same user repeats it', async () => {
    const issue = gh.state.addIssue({ title: 't' });
    const comment = gh.state.addComment(issue.number, 'state', { login: 'molecular[bot]', type: 'Bot' });
    gh.tokens.set('alice', { login: 'alice', type: 'User' });
    const react = (token: string, content: 'eyes' | '+1') =>
      client(gh, token).rest.reactions.createForIssueComment({
        owner,
        repo,
        comment_id: comment.id,
        content,
      });
    const first = await react('alice', 'eyes');
    const again = await react('alice', 'eyes');
    const other = await react('bot', 'eyes');
    const plusOne = await react('alice', '+1');
    expect([first.status, again.status, other.status, plusOne.status]).toEqual([201, 200, 201, 201]);
    expect(again.data.id).toBe(first.data.id);
    expect(first.data.user?.login).toBe('alice');
    const { data } = await client(gh).rest.issues.getComment({ owner, repo, comment_id: comment.id });
    expect(data.reactions).toMatchObject({ total_count: 3, eyes: 2, '+1': 1, heart: 0 });
  });

  it('reports collaborator roles, and none for strangers', async () => {
    gh.state.collaborators.set('alice', 'maintain');
    gh.state.collaborators.set('bob', 'triage');
    const permission = (username: string) =>
      client(gh)
        .rest.repos.getCollaboratorPermissionLevel({ owner, repo, username })
        .then((r) => [r.data.role_name, r.data.permission]);
    expect(await permission('alice')).toEqual(['maintain', 'write']);
    expect(await permission('bob')).toEqual(['triage', 'read']);
    expect(await permission('mallory')).toEqual(['none', 'none']);
  });
});

describe('fake GitHub: contents and git objects', () => {
  const files = { 'formulas/release.toml': 'name = "release"\n', 'README.md': '# widgets\nünïcode ✓\n' };
  let gh: FakeGitHub;
  beforeEach(async () => {
    gh = await start();
    for (const [path, content] of Object.entries(files)) gh.state.files.set(path, content);
  });

  it('serves file contents whose sha is the blob sha git computes, and the blob by that sha', async () => {
    const git = gitShas(files);
    const octokit = client(gh);
    for (const [path, content] of Object.entries(files)) {
      const { data } = await octokit.rest.repos.getContent({ owner, repo, path });
      if (Array.isArray(data) || data.type !== 'file') throw new Error('expected a file');
      expect(Buffer.from(data.content, 'base64').toString('utf8')).toBe(content);
      expect(data.sha).toBe(git.blobs[path]);
      const { data: blob } = await octokit.rest.git.getBlob({ owner, repo, file_sha: data.sha });
      expect(Buffer.from(blob.content, 'base64').toString('utf8')).toBe(content);
    }
    const { data: tree } = await octokit.rest.git.getTree({
      owner,
      repo,
      tree_sha: 'main',
      recursive: 'true',
    });
    expect(tree.sha).toBe(git.tree);
    expect(tree.tree.map((e) => e.path)).toEqual(['README.md', 'formulas', 'formulas/release.toml']);
    expect(gh.violations).toEqual([]);
  });

  it('lists directories, honours ?ref=, and 404s on absent files and unknown refs', async () => {
    gh.state.branchFiles.set('feature', new Map([['formulas/release.toml', 'changed\n']]));
    const octokit = client(gh);
    const { data: listing } = await octokit.rest.repos.getContent({ owner, repo, path: 'formulas' });
    expect(Array.isArray(listing) ? listing.map((e) => [e.name, e.type]) : listing).toEqual([
      ['release.toml', 'file'],
    ]);
    const { data: onBranch } = await octokit.rest.repos.getContent({
      owner,
      repo,
      path: 'formulas/release.toml',
      ref: 'feature',
    });
    if (Array.isArray(onBranch) || onBranch.type !== 'file') throw new Error('expected a file');
    expect(Buffer.from(onBranch.content, 'base64').toString('utf8')).toBe('changed\n');
    expect(await statusOf(octokit.rest.repos.getContent({ owner, repo, path: 'missing.txt' }))).toBe(404);
    expect(
      await statusOf(octokit.rest.repos.getContent({ owner, repo, path: 'README.md', ref: 'nope' })),
    ).toBe(404);
    expect(await statusOf(octokit.rest.git.getBlob({ owner, repo, file_sha: 'f'.repeat(40) }))).toBe(404);
  });
});

describe('fake GitHub: git refs as locks', () => {
  let gh: FakeGitHub;
  let head: string;
  beforeEach(async () => {
    gh = await start();
    gh.state.files.set('README.md', 'hi\n');
    head = gh.state.branchSha('main') ?? '';
  });

  it('creates a ref once; the second create is 422 "Reference already exists"', async () => {
    const octokit = client(gh);
    const ref = 'refs/molecular/locks/issue-1';
    const created = await octokit.rest.git.createRef({ owner, repo, ref, sha: head });
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({ ref, object: { sha: head, type: 'commit' } });
    const again = await octokit.rest.git.createRef({ owner, repo, ref, sha: head }).catch((e: unknown) => e);
    expect(again).toMatchObject({ status: 422, response: { data: { message: 'Reference already exists' } } });
    expect(gh.violations).toEqual([]);
  });

  it('lets exactly one of many concurrent creates win', async () => {
    const ref = 'refs/heads/molecular/lock';
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        statusOf(client(gh).rest.git.createRef({ owner, repo, ref, sha: head })),
      ),
    );
    expect(results.filter((r) => r === 'ok')).toHaveLength(1);
    expect(results.filter((r) => r === 422)).toHaveLength(7);
  });

  it('gets, lists by prefix, updates only fast-forward unless forced, and deletes refs', async () => {
    const octokit = client(gh);
    const next = 'a'.repeat(40);
    await octokit.rest.git.createRef({ owner, repo, ref: 'refs/heads/molecular/a', sha: head });
    await octokit.rest.git.createRef({ owner, repo, ref: 'refs/heads/molecular/b', sha: head });
    const { data: got } = await octokit.rest.git.getRef({ owner, repo, ref: 'heads/molecular/a' });
    expect(got.object.sha).toBe(head);
    const { data: matching } = await octokit.rest.git.listMatchingRefs({
      owner,
      repo,
      ref: 'heads/molecular/',
    });
    expect(matching.map((r) => r.ref)).toEqual(['refs/heads/molecular/a', 'refs/heads/molecular/b']);

    expect(
      await statusOf(octokit.rest.git.updateRef({ owner, repo, ref: 'heads/molecular/a', sha: next })),
    ).toBe(422);
    gh.state.commitParents.set(next, [head]);
    const ff = await octokit.rest.git.updateRef({ owner, repo, ref: 'heads/molecular/a', sha: next });
    expect(ff.data.object.sha).toBe(next);
    const forced = await octokit.rest.git.updateRef({
      owner,
      repo,
      ref: 'heads/molecular/a',
      sha: 'b'.repeat(40),
      force: true,
    });
    expect(forced.data.object.sha).toBe('b'.repeat(40));

    const deleted = await octokit.rest.git.deleteRef({ owner, repo, ref: 'heads/molecular/a' });
    expect(deleted.status).toBe(204);
    expect(await statusOf(octokit.rest.git.getRef({ owner, repo, ref: 'heads/molecular/a' }))).toBe(404);
    expect(await statusOf(octokit.rest.git.deleteRef({ owner, repo, ref: 'heads/molecular/a' }))).toBe(422);
    const { data: branch } = await octokit.rest.repos.getBranch({ owner, repo, branch: 'molecular/b' });
    expect(branch.commit.sha).toBe(head);
    expect(gh.violations).toEqual([]);
  });
});

describe('fake GitHub: git commits (the ref lock writes its lease into one)', () => {
  it('creates commits whose sha git computes, serves them, and counts them for fast-forwards', async () => {
    const gh = await start();
    const octokit = client(gh);
    const emptyTree = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';
    const who = { name: 'Lock', email: 'lock@example.com', date: '2026-03-01T12:00:00Z' };
    const message = 'molecular lock\n\n{"holder":"a"}\n';
    const { data: first } = await octokit.rest.git.createCommit({
      owner,
      repo,
      message,
      tree: emptyTree,
      parents: [],
      author: who,
      committer: who,
    });
    const dir = mkdtempSync(join(tmpdir(), 'fake-github-commit-'));
    try {
      execFileSync('git', ['init', '-q', dir]);
      const env = {
        ...process.env,
        GIT_AUTHOR_NAME: who.name,
        GIT_AUTHOR_EMAIL: who.email,
        GIT_AUTHOR_DATE: '1772366400 +0000',
        GIT_COMMITTER_NAME: who.name,
        GIT_COMMITTER_EMAIL: who.email,
        GIT_COMMITTER_DATE: '1772366400 +0000',
      };
      const expected = execFileSync('git', ['commit-tree', emptyTree], {
        cwd: dir,
        env,
        input: message,
        encoding: 'utf8',
      });
      expect(first.sha).toBe(expected.trim());
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const { data: got } = await octokit.rest.git.getCommit({ owner, repo, commit_sha: first.sha });
    expect(got).toMatchObject({ sha: first.sha, message, tree: { sha: emptyTree }, parents: [] });

    const { data: child } = await octokit.rest.git.createCommit({
      owner,
      repo,
      message: 'next',
      tree: emptyTree,
      parents: [first.sha],
    });
    expect(child.parents.map((p) => p.sha)).toEqual([first.sha]);
    await octokit.rest.git.createRef({ owner, repo, ref: 'refs/molecular/locks/x', sha: first.sha });
    const ff = await octokit.rest.git.updateRef({
      owner,
      repo,
      ref: 'molecular/locks/x',
      sha: child.sha,
      force: false,
    });
    expect(ff.data.object.sha).toBe(child.sha);

    expect(
      await statusOf(octokit.rest.git.createCommit({ owner, repo, message: 'x', tree: 'c'.repeat(40) })),
    ).toBe(422);
    expect(
      await statusOf(
        octokit.rest.git.createCommit({
          owner,
          repo,
          message: 'x',
          tree: emptyTree,
          parents: ['d'.repeat(40)],
        }),
      ),
    ).toBe(422);
    expect(await statusOf(octokit.rest.git.getCommit({ owner, repo, commit_sha: 'e'.repeat(40) }))).toBe(404);
    expect(gh.violations).toEqual([]);
  });
});

describe('fake GitHub: checks and actions', () => {
  let gh: FakeGitHub;
  beforeEach(async () => {
    gh = await start();
  });

  it('stores check runs and lists the latest per name for a ref', async () => {
    const octokit = client(gh);
    const sha = 'c'.repeat(40);
    const { data: run } = await octokit.rest.checks.create({
      owner,
      repo,
      name: 'molecule/release',
      head_sha: sha,
      status: 'in_progress',
      output: { title: 'Step 2 of 5', summary: 'building' },
      actions: [{ label: 'Retry', description: 'Retry the step', identifier: 'retry' }],
    });
    expect(run).toMatchObject({ status: 'in_progress', conclusion: null, head_sha: sha });
    const { data: done } = await octokit.rest.checks.update({
      owner,
      repo,
      check_run_id: run.id,
      conclusion: 'success',
      output: { title: 'Done', summary: 'all steps passed' },
    });
    expect(done).toMatchObject({ status: 'completed', conclusion: 'success', output: { title: 'Done' } });
    expect(done.completed_at).not.toBeNull();
    expect(gh.state.checkRuns[0]?.actions).toEqual([
      { label: 'Retry', description: 'Retry the step', identifier: 'retry' },
    ]);

    await octokit.rest.checks.create({ owner, repo, name: 'molecule/release', head_sha: sha });
    await octokit.rest.checks.create({ owner, repo, name: 'other', head_sha: 'd'.repeat(40) });
    const latest = await octokit.rest.checks.listForRef({ owner, repo, ref: sha });
    expect(latest.data.total_count).toBe(1);
    expect(latest.data.check_runs[0]?.status).toBe('queued');
    const all = await octokit.rest.checks.listForRef({ owner, repo, ref: sha, filter: 'all' });
    expect(all.data.total_count).toBe(2);

    // `completed` without a conclusion: the spec's update schema refuses it (an anyOf), and the
    // create schema does not, so there the fake applies GitHub's rule itself, without a violation.
    expect(
      await statusOf(octokit.rest.checks.update({ owner, repo, check_run_id: run.id, status: 'completed' })),
    ).toBe(422);
    expect(gh.violations.map((v) => v.operationId)).toEqual(['checks/update']);
    expect(gh.violations[0]?.problems).toContain("body must have required property 'conclusion'");
    expect(
      await statusOf(
        octokit.rest.checks.create({ owner, repo, name: 'x', head_sha: sha, status: 'completed' }),
      ),
    ).toBe(422);
    expect(gh.violations).toHaveLength(1);
    expect(gh.state.checkRuns).toHaveLength(3);
  });

  it('records workflow dispatches, tells listeners, and serves runs the listener creates', async () => {
    gh.state.files.set('.github/workflows/molecular.yml', 'on: workflow_dispatch\n');
    gh.on('workflow_dispatch', (dispatch) => {
      gh.state.workflowRuns.set(77, {
        id: 77,
        status: 'completed',
        conclusion: 'success',
        head_branch: dispatch.ref,
      });
    });
    const octokit = client(gh);
    const response = await octokit.rest.actions.createWorkflowDispatch({
      owner,
      repo,
      workflow_id: 'molecular.yml',
      ref: 'main',
      inputs: { molecule: '12', step: 'build' },
    });
    expect(response.status).toBe(204);
    expect(gh.state.workflowDispatches).toMatchObject([
      { workflow_id: 'molecular.yml', ref: 'main', inputs: { molecule: '12', step: 'build' } },
    ]);
    const { data: run } = await octokit.rest.actions.getWorkflowRun({ owner, repo, run_id: 77 });
    expect(run).toMatchObject({ id: 77, status: 'completed', conclusion: 'success', head_branch: 'main' });
    expect(await statusOf(octokit.rest.actions.getWorkflowRun({ owner, repo, run_id: 78 }))).toBe(404);
    expect(
      await statusOf(
        octokit.rest.actions.createWorkflowDispatch({ owner, repo, workflow_id: 1, ref: 'no-such-branch' }),
      ),
    ).toBe(422);
    expect(gh.violations).toEqual([]);
  });

  it('returns run details when asked, and records repository dispatches', async () => {
    gh.state.files.set('README.md', 'x');
    const octokit = client(gh);
    const detailed = await octokit.request(
      'POST /repos/{owner}/{repo}/actions/workflows/{workflow_id}/dispatches',
      {
        owner,
        repo,
        workflow_id: 'molecular.yml',
        ref: 'main',
        return_run_details: true,
      },
    );
    expect(detailed.status).toBe(200);
    const runId = (detailed.data as { workflow_run_id: number }).workflow_run_id;
    expect(gh.state.workflowRuns.get(runId)).toMatchObject({ status: 'queued', event: 'workflow_dispatch' });
    expect(gh.state.workflowDispatches[0]?.run_id).toBe(runId);
    // From API version 2026-03-10 GitHub always answers 200 with the run, never 204.
    const versioned = await octokit.rest.actions.createWorkflowDispatch({
      owner,
      repo,
      workflow_id: 'molecular.yml',
      ref: 'main',
      headers: { 'x-github-api-version': '2026-03-10' },
    });
    expect(versioned.status).toBe(200);

    const seen: string[] = [];
    gh.on('repository_dispatch', (d) => {
      seen.push(d.event_type);
    });
    const dispatched = await octokit.rest.repos.createDispatchEvent({
      owner,
      repo,
      event_type: 'molecular-advance',
      client_payload: { molecule: 3 },
    });
    expect(dispatched.status).toBe(204);
    expect(gh.state.repositoryDispatches).toMatchObject([
      { event_type: 'molecular-advance', client_payload: { molecule: 3 } },
    ]);
    expect(seen).toEqual(['molecular-advance']);
  });
});

describe('fake GitHub: OpenAPI validation', () => {
  let gh: FakeGitHub;
  beforeEach(async () => {
    gh = await start();
  });

  it('refuses a check run without head_sha with 422 and records the violation', async () => {
    const error = await client(gh)
      // A literal URL escapes Octokit's typing, which (rightly) would not let this compile.
      .request('POST /repos/acme/widgets/check-runs', { name: 'no sha' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 422 });
    expect(gh.violations).toHaveLength(1);
    expect(gh.violations[0]).toMatchObject({ operationId: 'checks/create', method: 'POST' });
    expect(gh.violations[0]?.problems.join()).toContain('head_sha');
    expect(gh.state.checkRuns).toEqual([]);
  });

  it('refuses a workflow dispatch without ref', async () => {
    const status = await statusOf(
      client(gh).request('POST /repos/acme/widgets/actions/workflows/molecular.yml/dispatches', {
        inputs: {},
      }),
    );
    expect(status).toBe(422);
    expect(gh.violations.map((v) => v.operationId)).toEqual(['actions/create-workflow-dispatch']);
    expect(gh.state.workflowDispatches).toEqual([]);
  });

  it('records unknown operations, bad path params, wrong body types and missing query params', async () => {
    const octokit = client(gh);
    expect(await statusOf(octokit.request('GET /repos/{owner}/{repo}/hooks', { owner, repo }))).toBe(404);
    expect(await statusOf(octokit.request('GET /repos/acme/widgets/issues/not-a-number'))).toBe(422);
    expect(
      await statusOf(
        octokit.request('PATCH /repos/acme/widgets/issues/comments/1', { body: 42 as unknown as string }),
      ),
    ).toBe(422);
    expect(await statusOf(octokit.request('GET /search/issues'))).toBe(422);
    expect(gh.violations.map((v) => v.operationId)).toEqual([
      null,
      'issues/get',
      'issues/update-comment',
      'search/issues-and-pull-requests',
    ]);
    expect(gh.violations[3]?.problems).toEqual(['query parameter "q" is required']);
  });

  it('answers 404 without a violation for another repository, and 401 for anonymous writes', async () => {
    expect(await statusOf(client(gh).rest.repos.get({ owner: 'someone', repo: 'else' }))).toBe(404);
    const anonymous = new Octokit({ baseUrl: gh.url });
    const issue = gh.state.addIssue({ title: 't' });
    expect(
      await statusOf(
        anonymous.rest.issues.createComment({ owner, repo, issue_number: issue.number, body: 'x' }),
      ),
    ).toBe(401);
    expect((await anonymous.rest.repos.get({ owner, repo })).data.default_branch).toBe('main');
    expect(gh.violations).toEqual([]);
  });

  it('implements every operation of the committed subset, and the subset misses none we asked for', async () => {
    const implemented = allRoutes().map((route) => route.operation.operationId);
    expect(implemented).toHaveLength(44);
    expect(implemented.filter((id) => !(id in handlers))).toEqual([]);
    expect(loadSpec()['x-molecular-missing-operations']).toEqual([]);
  });

  it('checks its own responses against the spec', async () => {
    gh.state.labels.set('broken', {
      id: 1,
      name: 'broken',
      color: 7 as unknown as string,
      description: null,
      default: false,
    });
    await client(gh).rest.issues.getLabel({ owner, repo, name: 'broken' });
    expect(gh.responseViolations).toHaveLength(1);
    expect(gh.responseViolations[0]?.problems.join()).toContain('/color');
    gh.responseViolations.length = 0;
  });
});

describe('fake GitHub: faults', () => {
  it('answers 5xx, secondary-rate-limit 403 with retry-after, and 429 as configured', async () => {
    const gh = await start({ faults: { rate5xx: 1 } });
    const octokit = client(gh);
    const server = await octokit.rest.repos.get({ owner, repo }).catch((e: unknown) => e);
    expect((server as { status: number }).status).toBeGreaterThanOrEqual(500);

    gh.faults.rate5xx = 0;
    gh.faults.secondaryRateLimit = 1;
    gh.faults.retryAfterSeconds = 7;
    const secondary = await octokit.rest.repos.get({ owner, repo }).catch((e: unknown) => e);
    expect(secondary).toMatchObject({ status: 403, response: { headers: { 'retry-after': '7' } } });
    expect((secondary as { message: string }).message).toContain('secondary rate limit');

    gh.faults.secondaryRateLimit = 0;
    gh.faults.rate429 = 1;
    const limited = await octokit.rest.repos.get({ owner, repo }).catch((e: unknown) => e);
    expect(limited).toMatchObject({
      status: 429,
      response: { headers: { 'retry-after': '7', 'x-ratelimit-remaining': '0' } },
    });

    gh.faults.rate429 = 0;
    expect((await octokit.rest.repos.get({ owner, repo })).status).toBe(200);
  });

  it('draws faults from the seed, so the same seed fails the same requests', async () => {
    const pattern = async (seed: number) => {
      const gh = await start({ seed, faults: { rate5xx: 0.5 } });
      const statuses: Array<number | 'ok'> = [];
      for (let i = 0; i < 20; i++) statuses.push(await statusOf(client(gh).rest.repos.get({ owner, repo })));
      return statuses.map((s) => (s === 'ok' ? 'ok' : 'fail'));
    };
    const a = await pattern(42);
    expect(await pattern(42)).toEqual(a);
    expect(a).toContain('ok');
    expect(a).toContain('fail');
    expect(await pattern(7)).not.toEqual(a);
  });

  it('fails only the next matching request with failNext, and before any write happens', async () => {
    const gh = await start();
    const issue = gh.state.addIssue({ title: 't' });
    gh.failNext({ operationId: 'issues/create-comment' }, { status: 502, body: { message: 'Bad Gateway' } });
    const seen: Array<[string | null, number]> = [];
    const stop = gh.on('request', (entry) => {
      seen.push([entry.operationId, entry.status]);
    });
    const octokit = client(gh);
    expect((await octokit.rest.repos.get({ owner, repo })).status).toBe(200);
    const create = () =>
      octokit.rest.issues.createComment({ owner, repo, issue_number: issue.number, body: 'x' });
    expect(await statusOf(create())).toBe(502);
    expect(gh.state.comments.size).toBe(0);
    expect(await statusOf(create())).toBe('ok');
    expect(gh.state.comments.size).toBe(1);
    stop();
    await octokit.rest.repos.get({ owner, repo });
    expect(seen).toEqual([
      ['repos/get', 200],
      ['issues/create-comment', 502],
      ['issues/create-comment', 201],
    ]);
  });

  it('delays responses by latencyMs', async () => {
    const gh = await start({ faults: { latencyMs: 120 } });
    const started = performance.now();
    await client(gh).rest.repos.get({ owner, repo });
    expect(performance.now() - started).toBeGreaterThanOrEqual(110);
  });

  it('serves the previous version of a comment once after a write when staleReads is on', async () => {
    const gh = await start({ faults: { staleReads: true } });
    const issue = gh.state.addIssue({ title: 't' });
    const octokit = client(gh);
    const { data: comment } = await octokit.rest.issues.createComment({
      owner,
      repo,
      issue_number: issue.number,
      body: 'v1',
    });
    const list = async () =>
      (await octokit.rest.issues.listComments({ owner, repo, issue_number: issue.number })).data.map(
        (c) => c.body,
      );
    expect(await list()).toEqual([]);
    expect(await list()).toEqual(['v1']);

    await octokit.rest.issues.updateComment({ owner, repo, comment_id: comment.id, body: 'v2' });
    const get = async () =>
      (await octokit.rest.issues.getComment({ owner, repo, comment_id: comment.id })).data.body;
    expect(await get()).toBe('v1');
    expect(await get()).toBe('v2');

    await octokit.rest.issues.deleteComment({ owner, repo, comment_id: comment.id });
    expect(await list()).toEqual(['v2']);
    expect(await list()).toEqual([]);

    gh.faults.staleReads = false;
    const { data: fresh } = await octokit.rest.issues.createComment({
      owner,
      repo,
      issue_number: issue.number,
      body: 'now',
    });
    expect(await list()).toEqual(['now']);
    await octokit.rest.issues.updateComment({ owner, repo, comment_id: fresh.id, body: 'later' });
    expect(await list()).toEqual(['later']);
  });
});

describe('fake GitHub: size limits GitHub enforces', () => {
  const tooLong = (error: unknown) => ({
    status: (error as { status: number }).status,
    errors: (error as { response: { data: { errors: unknown } } }).response.data.errors,
  });

  it('refuses an issue or comment body over 65,536 characters (code points), on create and on edit', async () => {
    const gh = await start();
    const octokit = client(gh);
    const issue = gh.state.addIssue({ title: 't' });
    // 65,536 emoji are 131,072 UTF-16 units and still within the limit: GitHub counts characters.
    const longest = '🚀'.repeat(65_536);
    const { data: created } = await octokit.rest.issues.createComment({
      owner,
      repo,
      issue_number: issue.number,
      body: longest,
    });
    const refusedCreate = await octokit.rest.issues
      .createComment({ owner, repo, issue_number: issue.number, body: `${longest}x` })
      .catch(tooLong);
    const refusedEdit = await octokit.rest.issues
      .updateComment({ owner, repo, comment_id: created.id, body: 'y'.repeat(65_537) })
      .catch(tooLong);
    const commentError = [
      {
        resource: 'IssueComment',
        code: 'unprocessable',
        field: 'data',
        message: 'Body is too long (maximum is 65536 characters)',
      },
    ];
    expect(refusedCreate).toEqual({ status: 422, errors: commentError });
    expect(refusedEdit).toEqual({ status: 422, errors: commentError });
    expect(gh.state.comments.get(created.id)?.body).toBe(longest);

    const refusedIssue = await octokit.rest.issues
      .create({ owner, repo, title: 'big', body: 'z'.repeat(65_537) })
      .catch(tooLong);
    const refusedIssueEdit = await octokit.rest.issues
      .update({ owner, repo, issue_number: issue.number, body: 'z'.repeat(65_537) })
      .catch(tooLong);
    const issueError = [
      {
        resource: 'Issue',
        code: 'custom',
        field: 'body',
        message: 'body is too long (maximum is 65536 characters)',
      },
    ];
    expect(refusedIssue).toEqual({ status: 422, errors: issueError });
    expect(refusedIssueEdit).toEqual({ status: 422, errors: issueError });
    expect(gh.state.issues.get(issue.number)?.body).toBeNull();
    expect(gh.state.issues.size).toBe(1);
  });

  it('refuses a check run summary or text over 65,535 bytes of UTF-8, even under 65,535 characters', async () => {
    const gh = await start();
    const octokit = client(gh);
    const head_sha = 'b'.repeat(40);
    const fits = 'a'.repeat(65_535);
    const { data: run } = await octokit.rest.checks.create({
      owner,
      repo,
      name: 'n',
      head_sha,
      output: { title: 't', summary: fits, text: fits },
    });
    const wide = 'é'.repeat(40_000); // 40,000 characters, 80,000 bytes
    const refusedSummary = await octokit.rest.checks
      .update({ owner, repo, check_run_id: run.id, output: { title: 't', summary: wide } })
      .catch(tooLong);
    const refusedText = await octokit.rest.checks
      .create({ owner, repo, name: 'm', head_sha, output: { title: 't', summary: 's', text: wide } })
      .catch(tooLong);
    expect(refusedSummary).toEqual({
      status: 422,
      errors: [
        {
          resource: 'CheckRun',
          code: 'custom',
          field: 'summary',
          message: 'summary exceeds a maximum bytesize of 65535',
        },
      ],
    });
    expect(refusedText).toEqual({
      status: 422,
      errors: [
        {
          resource: 'CheckRun',
          code: 'custom',
          field: 'text',
          message: 'text exceeds a maximum bytesize of 65535',
        },
      ],
    });
    expect(gh.state.checkRuns.map((r) => r.output.summary)).toEqual([fits]);
  });
});

describe('fake GitHub: GraphQL', () => {
  it('pages open labelled issues 100 at a time with their comments (the survey query)', async () => {
    const gh = await start();
    const edited = gh.state.addIssue({ title: 'first', labels: ['molecule'] });
    for (let i = 0; i < 149; i++) gh.state.addIssue({ title: `issue ${i}`, labels: ['molecule'] });
    gh.state.addIssue({ title: 'closed', labels: ['molecule'], state: 'closed' });
    gh.state.addIssue({ title: 'unlabelled' });
    const comment = gh.state.addComment(edited.number, 'state v1', { login: 'molecular[bot]', type: 'Bot' });
    gh.state.addComment(edited.number, 'hello', { login: 'alice', type: 'User' });
    const octokit = client(gh);
    await octokit.rest.issues.updateComment({ owner, repo, comment_id: comment.id, body: 'state v2' });

    interface Survey {
      search: {
        issueCount: number;
        pageInfo: { hasNextPage: boolean; endCursor: string | null };
        nodes: Array<{
          number: number;
          state: string;
          labels: { nodes: Array<{ name: string }> };
          comments: {
            totalCount: number;
            nodes: Array<{
              databaseId: number;
              author: { __typename: string; login: string };
              editor: { __typename: string; login: string } | null;
              body: string;
              lastEditedAt: string | null;
            }>;
          };
        }>;
      };
    }
    const q = `repo:${owner}/${repo} is:issue is:open label:molecule sort:created-asc`;
    const page1 = await octokit.graphql<Survey>(SURVEY_QUERY, { q, after: null });
    expect(page1.search.issueCount).toBe(150);
    expect(page1.search.nodes).toHaveLength(100);
    expect(page1.search.pageInfo.hasNextPage).toBe(true);
    const page2 = await octokit.graphql<Survey>(SURVEY_QUERY, { q, after: page1.search.pageInfo.endCursor });
    expect(page2.search.nodes).toHaveLength(50);
    expect(page2.search.pageInfo.hasNextPage).toBe(false);
    const numbers = [...page1.search.nodes, ...page2.search.nodes].map((n) => n.number);
    expect(new Set(numbers).size).toBe(150);

    const first = page1.search.nodes[0];
    expect(first).toMatchObject({
      number: edited.number,
      state: 'OPEN',
      labels: { nodes: [{ name: 'molecule' }] },
    });
    expect(first?.comments.totalCount).toBe(2);
    expect(first?.comments.nodes).toMatchObject([
      {
        databaseId: comment.id,
        author: { __typename: 'Bot', login: 'molecular' },
        editor: { __typename: 'Bot', login: 'molecular' },
        body: 'state v2',
      },
      { author: { __typename: 'User', login: 'alice' }, editor: null, body: 'hello', lastEditedAt: null },
    ]);
    expect(first?.comments.nodes[0]?.lastEditedAt).not.toBeNull();
    expect(gh.requests.filter((r) => r.operationId === 'graphql').map((r) => r.graphqlOperation)).toEqual([
      'MolecularSurvey',
      'MolecularSurvey',
    ]);
    expect(gh.violations).toEqual([]);
  });

  it('answers any valid selection of the implemented fields, aliases included', async () => {
    const gh = await start();
    const issue = gh.state.addIssue({ title: 'an issue' });
    gh.state.pulls.set(7, {
      number: 7,
      title: 'a pull request',
      merged: true,
      state: 'closed',
      labels: ['molecule:active'],
      head: { ref: 'feature', sha: 'a'.repeat(40) },
      base: { ref: 'main' },
    });
    gh.state.addComment(7, 'on the PR', { login: 'bob', type: 'User' });
    const query = `query Either($n: Int!) {
      repository(owner: "${owner}", name: "${repo}") {
        issueOrPullRequest(number: $n) {
          __typename
          ... on Issue { number title issueState: state }
          ... on PullRequest { number title prState: state labels(first: 5) { nodes { name } } comments(first: 1) { totalCount nodes { body author { login } } } }
        }
      }
    }`;
    const octokit = client(gh);
    const onIssue = await octokit.graphql<{ repository: { issueOrPullRequest: unknown } }>(query, {
      n: issue.number,
    });
    expect(onIssue.repository.issueOrPullRequest).toEqual({
      __typename: 'Issue',
      number: issue.number,
      title: 'an issue',
      issueState: 'OPEN',
    });
    const onPull = await octokit.graphql<{ repository: { issueOrPullRequest: unknown } }>(query, { n: 7 });
    expect(onPull.repository.issueOrPullRequest).toEqual({
      __typename: 'PullRequest',
      number: 7,
      title: 'a pull request',
      prState: 'MERGED',
      labels: { nodes: [{ name: 'molecule:active' }] },
      comments: { totalCount: 1, nodes: [{ body: 'on the PR', author: { login: 'bob' } }] },
    });
    expect(gh.violations).toEqual([]);
  });

  it('refuses a document GitHub’s schema refuses, with HTTP 200 and an errors list, and records a violation', async () => {
    const gh = await start();
    const conflicting = `query { search(type: ISSUE, query: "is:open", first: 1) {
      nodes { ... on Issue { state } ... on PullRequest { state } } } }`;
    const response = await fetch(`${gh.url}/graphql`, {
      method: 'POST',
      headers: { authorization: 'token t', 'content-type': 'application/json' },
      body: JSON.stringify({ query: conflicting }),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data?: unknown; errors: Array<{ message: string }> };
    expect(body.data).toBeUndefined();
    expect(body.errors.map((e) => e.message)).toEqual([
      expect.stringContaining(
        'Fields "state" conflict because they return conflicting types "IssueState!" and "PullRequestState!"',
      ),
    ]);
    expect(gh.violations).toMatchObject([
      { operationId: 'graphql', problems: [expect.stringContaining('"state" conflict')] },
    ]);
  });

  it('names a field of GitHub’s schema it does not implement instead of answering null', async () => {
    const gh = await start();
    const error = await client(gh)
      .graphql('query { viewer { login } }')
      .catch((e: unknown) => e);
    expect((error as Error).message).toContain('does not implement Query.viewer');
    expect(gh.violations).toHaveLength(1);
  });

  it('answers a missing issue or node with data null and a NOT_FOUND error, HTTP 200, no violation', async () => {
    const gh = await start();
    const octokit = client(gh);
    const missingIssue = await octokit
      .graphql(COMMENTS_QUERY, { owner, name: repo, number: 404, after: null })
      .catch((e: unknown) => e);
    expect(missingIssue).toMatchObject({
      data: { repository: { issueOrPullRequest: null } },
      errors: [{ type: 'NOT_FOUND', path: ['repository', 'issueOrPullRequest'] }],
    });
    const missingNode = await octokit
      .graphql(COMMENT_QUERY, { id: 'SXNzdWVDb21tZW50Ojk5OTk' })
      .catch((e: unknown) => e);
    expect(missingNode).toMatchObject({
      data: { node: null },
      errors: [{ type: 'NOT_FOUND', path: ['node'] }],
    });
    expect(gh.requests.map((r) => r.status)).toEqual([200, 200]);
    expect(gh.violations).toEqual([]);
  });

  it('refuses what GitHub refuses while resolving: unbounded or oversized pages, bad cursors, missing variables', async () => {
    const gh = await start();
    const issue = gh.state.addIssue({ title: 't' });
    const octokit = client(gh);
    const refusal = (query: string, variables: Record<string, unknown> = {}) =>
      octokit.graphql(query, variables).then(
        () => undefined,
        (e: { errors?: Array<{ type?: string; message: string }> }) => e.errors?.[0],
      );
    const comments = (args: string) =>
      `query { repository(owner: "${owner}", name: "${repo}") { issueOrPullRequest(number: ${issue.number}) { ... on Issue { comments${args} { nodes { body } } } } } }`;
    expect(await refusal(comments(''))).toMatchObject({
      type: 'MISSING_PAGINATION_BOUNDARIES',
      message: 'You must provide a `first` or `last` value to properly paginate the `comments` connection.',
    });
    expect(await refusal(comments('(first: 101)'))).toMatchObject({
      type: 'EXCESSIVE_PAGINATION',
      message:
        'Requesting 101 records on the `comments` connection exceeds the `first` limit of 100 records.',
    });
    expect(await refusal(comments('(first: 1, after: "bm9wZQ")'))).toMatchObject({
      message: '`bm9wZQ` does not appear to be a valid cursor.',
    });
    expect(await refusal(COMMENT_QUERY)).toMatchObject({ message: expect.stringContaining('"$id"') });
    expect(gh.violations).toHaveLength(4);
  });

  it('serves a stale snapshot through issueOrPullRequest and node, as REST does, but not through search', async () => {
    const gh = await start({ faults: { staleReads: true } });
    const issue = gh.state.addIssue({ title: 't', labels: ['m'] });
    const octokit = client(gh);
    const { data: created } = await octokit.rest.issues.createComment({
      owner,
      repo,
      issue_number: issue.number,
      body: 'v1',
    });
    const bodies = async () => {
      const data = await octokit.graphql<{
        repository: { issueOrPullRequest: { comments: { nodes: Array<{ body: string }> } } };
      }>(COMMENTS_QUERY, { owner, name: repo, number: issue.number, after: null });
      return data.repository.issueOrPullRequest.comments.nodes.map((n) => n.body);
    };
    const surveyed = await octokit.graphql<{
      search: { nodes: Array<{ comments: { nodes: Array<{ body: string }> } }> };
    }>(SURVEY_QUERY, { q: 'is:open label:m', after: null });
    expect(surveyed.search.nodes[0]?.comments.nodes.map((n) => n.body)).toEqual(['v1']);
    expect(await bodies()).toEqual([]);
    expect(await bodies()).toEqual(['v1']);
    await octokit.rest.issues.updateComment({ owner, repo, comment_id: created.id, body: 'v2' });
    const read = () =>
      octokit
        .graphql<{ node: { body: string } }>(COMMENT_QUERY, { id: created.node_id })
        .then((d) => d.node.body);
    expect(await read()).toBe('v1');
    expect(await read()).toBe('v2');
    expect(gh.violations).toEqual([]);
  });
});

describe('fake GitHub: apps and GitHub Enterprise paths', () => {
  it('mints installation tokens that act as the app bot', async () => {
    const gh = await start({ appSlug: 'molecular' });
    gh.tokens.set('jwt', { login: 'someone', type: 'User' });
    const octokit = client(gh, 'jwt');
    const { data: app } = await octokit.rest.apps.getAuthenticated();
    expect(app?.slug).toBe('molecular');
    const { data: installation } = await octokit.rest.apps.getRepoInstallation({ owner, repo });
    const { data: token } = await octokit.rest.apps.createInstallationAccessToken({
      installation_id: installation.id,
    });
    const issue = gh.state.addIssue({ title: 't' });
    const { data: comment } = await client(gh, token.token).rest.issues.createComment({
      owner,
      repo,
      issue_number: issue.number,
      body: 'x',
    });
    expect(comment.user).toMatchObject({ login: 'molecular[bot]', type: 'Bot' });
    expect(gh.violations).toEqual([]);
  });

  it('serves the /api/v3 prefix (and the bare one) with urls under the prefix', async () => {
    const gh = await start({ pathPrefix: '/api/v3' });
    gh.state.pulls.set(9, {
      number: 9,
      title: 'pr',
      head: { ref: 'feature', sha: 'e'.repeat(40) },
      base: { ref: 'main' },
    });
    expect(gh.url).toBe(`${gh.origin}/api/v3`);
    const { data: repository } = await client(gh).rest.repos.get({ owner, repo });
    expect(repository.url).toBe(`${gh.origin}/api/v3/repos/acme/widgets`);
    const { data: pull } = await client(gh).rest.pulls.get({ owner, repo, pull_number: 9 });
    expect(pull.head.sha).toBe('e'.repeat(40));
    const bare = new Octokit({ baseUrl: gh.origin, auth: 't' });
    expect((await bare.rest.repos.get({ owner, repo })).status).toBe(200);
    const survey = await client(gh).graphql<{ search: { issueCount: number } }>(SURVEY_QUERY, {
      q: 'is:open',
    });
    expect(survey.search.issueCount).toBe(0);
    expect(gh.requests.map((r) => r.path)).toEqual([
      '/repos/acme/widgets',
      '/repos/acme/widgets/pulls/9',
      '/repos/acme/widgets',
      '/api/graphql',
    ]);
    expect(gh.violations).toEqual([]);
  });
});

describe('fake GitHub: git over HTTP beside the API', () => {
  afterEach(async () => {
    await Promise.all(servers.map((s) => s.close()));
    servers = [];
  });

  function bareWithCommit(): { remote: string; work: string; sha: string } {
    const root = mkdtempSync(join(tmpdir(), 'fake-github-git-http-'));
    const remote = join(root, 'remote.git');
    const work = join(root, 'work.git');
    execFileSync('git', ['init', '-q', '--bare', remote]);
    execFileSync('git', ['init', '-q', '--bare', work]);
    const tree = execFileSync('git', ['mktree'], { cwd: work, input: '', encoding: 'utf8' }).trim();
    const sha = execFileSync(
      'git',
      ['-c', 'user.name=t', '-c', 'user.email=t@t', 'commit-tree', tree, '-m', 'lock'],
      {
        cwd: work,
        encoding: 'utf8',
      },
    ).trim();
    return { remote, work, sha };
  }

  const authEnv = (gh: FakeGitHub, token?: string): NodeJS.ProcessEnv => ({
    ...process.env,
    GIT_TERMINAL_PROMPT: '0',
    ...(token === undefined
      ? {}
      : {
          GIT_CONFIG_COUNT: '1',
          GIT_CONFIG_KEY_0: `http.${gh.origin}/.extraheader`,
          GIT_CONFIG_VALUE_0: `AUTHORIZATION: basic ${Buffer.from(`x-access-token:${token}`).toString('base64')}`,
        }),
  });

  // Asynchronous: the fake answers git from this very process, so a synchronous call would wait on itself.
  const git = (args: string[], cwd: string, env: NodeJS.ProcessEnv) =>
    new Promise<{ ok: boolean; out: string }>((resolve) => {
      execFile('git', args, { cwd, env, encoding: 'utf8' }, (error, stdout, stderr) =>
        resolve({ ok: !error, out: error ? stderr : stdout }),
      );
    });

  it('takes a push and a fetch at <origin>/<owner>/<repo>.git into the bare remote, counted apart from API requests', async () => {
    const gh = await start();
    const { remote, work, sha } = bareWithCommit();
    gh.serveGit(remote);
    const url = `${gh.origin}/${owner}/${repo}.git`;
    const lease = [
      'push',
      '--porcelain',
      '--force-with-lease=refs/molecular/locks/x:',
      url,
      `${sha}:refs/molecular/locks/x`,
    ];
    expect((await git(lease, work, authEnv(gh, 'test-token'))).ok).toBe(true);
    const onRemote = execFileSync('git', ['--git-dir', remote, 'rev-parse', 'refs/molecular/locks/x'], {
      encoding: 'utf8',
    });
    expect(onRemote.trim()).toBe(sha);
    const other = execFileSync(
      'git',
      ['-c', 'user.name=t', '-c', 'user.email=t@t', 'commit-tree', `${sha}^{tree}`, '-m', 'other'],
      {
        cwd: work,
        encoding: 'utf8',
      },
    ).trim();
    const second = lease.map((arg) => (arg.startsWith(sha) ? `${other}:refs/molecular/locks/x` : arg));
    expect((await git(second, work, authEnv(gh, 'test-token'))).ok).toBe(false);
    const listed = await git(['ls-remote', url, 'refs/molecular/locks/x'], work, authEnv(gh, 'test-token'));
    expect(listed.out.split('\t')[0]).toBe(sha);
    expect(gh.requests).toHaveLength(0);
    expect(gh.gitRequests).toContainEqual(
      expect.objectContaining({ service: 'receive-pack', login: 'molecular[bot]' }),
    );
    // Each answer's time is kept, for benchmarks that tell the fake's share from the client's.
    for (const request of gh.gitRequests) expect(request.servedMs).toBeGreaterThanOrEqual(0);
  });

  it('refuses a push without a credential or with a revoked one, and serves no other repository', async () => {
    const gh = await start();
    const { remote, work, sha } = bareWithCommit();
    gh.serveGit(remote);
    gh.badTokens.add('revoked');
    const url = `${gh.origin}/${owner}/${repo}.git`;
    const push = (env: NodeJS.ProcessEnv, to = url) =>
      git(['push', '-q', to, `${sha}:refs/molecular/locks/y`], work, env);
    expect((await push(authEnv(gh))).ok).toBe(false);
    expect((await push(authEnv(gh, 'revoked'))).ok).toBe(false);
    expect((await push(authEnv(gh, 'test-token'), `${gh.origin}/${owner}/other.git`)).out).toMatch(
      /not found|404/i,
    );
    const found = await git(
      ['--git-dir', remote, 'rev-parse', '--verify', '-q', 'refs/molecular/locks/y'],
      work,
      authEnv(gh),
    );
    expect(found.ok).toBe(false);
  });
});
