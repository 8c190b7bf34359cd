/**
 * `[pull_request]` through the real App: two replicas (separate processes, `lock: ref`) against the
 * strict fake GitHub. A labelled issue pours a distributed molecule; its step jobs report (the
 * fake holds each step's branch as the job pushed it); the last completion goes to both replicas at
 * once and is then redelivered. Exactly one pull request opens, from the molecule's result branch
 * to the default branch, with the formula's title, labels, reviewers and draft flag, `Closes #N`,
 * and every step's files.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decodeState } from '../../src/engine/codec/decode.js';
import type { Molecule } from '../../src/engine/molecule/molecule-schema.js';
import { STEP_REPORT_EVENT } from '../../src/webhooks/step-report.js';
import { repoPayload } from '../helpers/chaos/app-instance.js';
import { type AppProcess, startAppProcess } from '../helpers/chaos/app-process.js';
import { actorFor, type FakeGitHub, startFakeGitHub } from '../helpers/fake-github/index.js';
import { commentEvent, issueEvent, pullEvent, reviewEvent } from '../helpers/fake-github/webhook-payloads.js';

const SHIP = `
formula = "ship"
execution = "distributed"

[pull_request]
title = "Ship {{issue}}: {{title}}"
body = "{{summary}}"
labels = ["molecular"]
reviewers = ["mona"]
team_reviewers = ["core"]

[[steps]]
id = "plan"
description = "Plan it."

[[steps]]
id = "api"
needs = ["plan"]
description = "The API."

[[steps]]
id = "ui"
needs = ["plan"]
description = "The UI."
on_changes_requested = "plan"
max_loops = 1
`;

function molecule(gh: FakeGitHub, issue: number): Molecule {
  const comment = [...gh.state.comments.values()].find(
    (c) =>
      c.issue_number === issue && c.user.login === 'molecular[bot]' && c.body.includes('molecular:state'),
  );
  const decoded = decodeState(comment?.body ?? '');
  if (!decoded.ok) throw new Error(decoded.error.message);
  return decoded.value;
}

const stateComment = (gh: FakeGitHub, issue: number) =>
  [...gh.state.comments.values()].find(
    (c) =>
      c.issue_number === issue && c.user.login === 'molecular[bot]' && c.body.includes('molecular:state'),
  )?.body ?? '';

describe('a molecule delivered as a pull request, through two App replicas', () => {
  let gh: FakeGitHub;
  let replicas: AppProcess[];

  beforeEach(async () => {
    gh = await startFakeGitHub({
      owner: 'acme',
      repo: 'widgets',
      defaultBranch: 'main',
      appSlug: 'molecular',
    });
    gh.state.files.set('README.md', '# widgets\n');
    gh.state.files.set('.github/molecular.yml', 'lock: ref\n');
    gh.state.files.set('.github/formulas/ship.formula.toml', SHIP);
    gh.state.collaborators.set('alice', 'write');
    gh.state.collaborators.set('mona', 'write');
    replicas = [await startAppProcess(gh, { name: 'a' }), await startAppProcess(gh, { name: 'b' })];
  });

  afterEach(async () => {
    await Promise.all(replicas.map((r) => r.close()));
    await gh.close();
  });

  /** What a step job leaves on GitHub: its branch, the base's files plus its own (and its needs'). */
  const pushStep = (molId: string, step: string, files: string[]) => {
    const tree = new Map(gh.state.files);
    for (const f of files) tree.set(f, `${f}: work\n`);
    gh.state.branchFiles.set(`molecular/${molId}/${step}`, tree);
  };
  const report = (molId: string, step: string, runId: number) =>
    repoPayload(gh, 'github-actions[bot]', {
      action: STEP_REPORT_EVENT,
      branch: 'main',
      client_payload: {
        molecule: molId,
        step,
        event: 'complete',
        runId: String(runId),
        branch: `molecular/${molId}/${step}`,
        checkpoint: {
          commit: gh.state.branchSha(`molecular/${molId}/${step}`),
          filesModified: [`${step}.txt`],
          testsPassed: true,
          notes: step,
          capturedAt: new Date().toISOString(),
        },
      },
    });

  it('opens exactly one pull request with every step’s files, whatever is redelivered', async () => {
    const [a, b] = replicas as [AppProcess, AppProcess];
    const issue = gh.state.addIssue({
      title: 'Add search',
      user: actorFor('alice'),
      labels: ['formula:ship'],
    }).number;
    expect((await a.send('issues', issueEvent(gh, 'alice', 'labeled', issue, 'formula:ship'))).status).toBe(
      200,
    );
    const molId = molecule(gh, issue).id;

    pushStep(molId, 'plan', ['plan.txt']);
    expect((await b.send('repository_dispatch', report(molId, 'plan', 1))).status).toBe(200);
    pushStep(molId, 'api', ['plan.txt', 'api.txt']);
    pushStep(molId, 'ui', ['plan.txt', 'ui.txt']);
    expect((await a.send('repository_dispatch', report(molId, 'api', 2))).status).toBe(200);
    expect(gh.state.pulls.size).toBe(0);

    const before = gh.requests.length;
    // The last completion to both replicas at once, then redelivered (same delivery id).
    const last = report(molId, 'ui', 3);
    const both = await Promise.all([
      a.send('repository_dispatch', last, { id: 'ui-done' }),
      b.send('repository_dispatch', last, { id: 'ui-done' }),
    ]);
    expect(both.map((d) => d.status)).toEqual([200, 200]);
    expect((await a.send('repository_dispatch', last, { id: 'ui-done' })).status).toBe(200);

    const pulls = [...gh.state.pulls.values()];
    expect(pulls).toHaveLength(1);
    const pull = pulls[0] as (typeof pulls)[number];
    const branch = `molecular/${molId}/-result`;
    expect(pull).toMatchObject({
      title: `Ship #${issue}: Add search`,
      draft: true,
      state: 'open',
      head: { ref: branch },
      base: { ref: 'main' },
      requestedReviewers: ['mona'],
      requestedTeams: ['core'],
    });
    expect(pull.body).toContain(`Closes #${issue}`);
    // The App's installation token starts CI: no warning that it will not run.
    expect(pull.body).not.toContain('CI will not run');
    expect(pull.body).toContain(`molecule \`${molId}\``);
    expect(gh.state.issues.get(pull.number)?.labels).toEqual(['molecular']);
    expect([...(gh.state.filesAt(branch)?.keys() ?? [])].sort()).toEqual(
      [
        '.github/formulas/ship.formula.toml',
        '.github/molecular.yml',
        'README.md',
        'api.txt',
        'plan.txt',
        'ui.txt',
      ].sort(),
    );

    const mol = molecule(gh, issue);
    expect(mol.status).toBe('complete');
    expect(mol.delivery).toMatchObject({ branch, pr: pull.number, state: 'open' });
    expect(stateComment(gh, issue)).toContain(`**Pull request** [#${pull.number}](`);

    // What delivery cost: the calls on the pull request and the result branch.
    const delivery = gh.requests
      .slice(before)
      .filter(
        (r) =>
          r.operationId?.startsWith('pulls/') ||
          r.operationId === 'repos/merge' ||
          (r.operationId === 'git/get-ref' && decodeURIComponent(r.path).includes('/heads/molecular/')) ||
          (r.operationId === 'git/create-ref' &&
            r.path.includes('/git/refs') &&
            JSON.stringify(r.body).includes('-result')) ||
          (r.operationId === 'issues/add-labels' && r.path.endsWith(`/issues/${pull.number}/labels`)),
      );
    // 8 calls, once per molecule: the replica that lost the race and the redelivery add none.
    expect(delivery.map((r) => `${r.operationId} ${r.status}`)).toEqual([
      'git/get-ref 404', // the result branch: not yet
      'git/get-ref 200', // the first tip's head
      'git/create-ref 201', // the result branch, there
      'repos/merge 201', // the other tip merged in
      'pulls/list 200', // found by head: none
      'pulls/create 201',
      'issues/add-labels 200',
      'pulls/request-reviewers 201',
    ]);

    expect(gh.violations).toEqual([]);
    expect(gh.responseViolations).toEqual([]);
    expect(replicas.flatMap((r) => r.errors())).toEqual([]);
  });

  it('fails the step whose work conflicts on the result branch, naming the paths, and opens nothing', async () => {
    const [a] = replicas as [AppProcess];
    const issue = gh.state.addIssue({
      title: 'Clash',
      user: actorFor('alice'),
      labels: ['formula:ship'],
    }).number;
    await a.send('issues', issueEvent(gh, 'alice', 'labeled', issue, 'formula:ship'));
    const molId = molecule(gh, issue).id;
    pushStep(molId, 'plan', ['plan.txt']);
    await a.send('repository_dispatch', report(molId, 'plan', 1));
    pushStep(molId, 'api', ['plan.txt', 'api.txt']);
    pushStep(molId, 'ui', ['plan.txt', 'ui.txt']);
    gh.state.branchFiles.get(`molecular/${molId}/api`)?.set('README.md', '# widgets, by api\n');
    gh.state.branchFiles.get(`molecular/${molId}/ui`)?.set('README.md', '# widgets, by ui\n');
    await a.send('repository_dispatch', report(molId, 'api', 2));
    await a.send('repository_dispatch', report(molId, 'ui', 3));

    const mol = molecule(gh, issue);
    const ui = mol.steps.find((s) => s.id === 'ui');
    expect(ui?.status).toBe('failed');
    expect(ui?.error).toBe(
      `step "ui" does not merge into molecular/${molId}/-result: conflicts in README.md; resolve it on the step's branch and /mol retry ui`,
    );
    expect(mol.status).toBe('failed');
    expect(gh.state.pulls.size).toBe(0);
    expect(gh.violations).toEqual([]);
    expect(gh.responseViolations).toEqual([]);
    expect(a.errors()).toEqual([]);
  });

  /** Pours on a fresh issue through `app` and completes every step: the pull request opens. */
  /** Pours on a new issue and reports every step but the last (`ui`: pushed, not yet reported). */
  const allButLast = async (app: AppProcess, title: string) => {
    const issue = gh.state.addIssue({ title, user: actorFor('alice'), labels: ['formula:ship'] }).number;
    await app.send('issues', issueEvent(gh, 'alice', 'labeled', issue, 'formula:ship'));
    const molId = molecule(gh, issue).id;
    pushStep(molId, 'plan', ['plan.txt']);
    await app.send('repository_dispatch', report(molId, 'plan', 1));
    pushStep(molId, 'api', ['plan.txt', 'api.txt']);
    pushStep(molId, 'ui', ['plan.txt', 'ui.txt']);
    await app.send('repository_dispatch', report(molId, 'api', 2));
    return { issue, molId };
  };
  const deliverOne = async (app: AppProcess, title: string) => {
    const { issue, molId } = await allButLast(app, title);
    await app.send('repository_dispatch', report(molId, 'ui', 3));
    const pull = [...gh.state.pulls.values()].find((p) => p.head.ref === `molecular/${molId}/-result`);
    if (pull === undefined) throw new Error('no pull request opened');
    return { issue, molId, pull };
  };
  const close = (app: AppProcess, number: number, merged: boolean) => {
    const pull = gh.state.pulls.get(number);
    if (pull === undefined) throw new Error(`no #${number}`);
    pull.state = 'closed';
    pull.merged = merged;
    return app.send('pull_request', pullEvent(gh, 'mona', 'closed', number));
  };

  it('a delivery GitHub refuses is said on the issue, and /mol deliver delivers it once fixed, once', async () => {
    const [a] = replicas as [AppProcess];
    const { issue, molId } = await allButLast(a, 'Refused');
    // As GitHub answers a workflow token the repository does not let open pull requests.
    gh.failNext(
      { operationId: 'pulls/create' },
      {
        status: 403,
        body: { message: 'GitHub Actions is not permitted to create or approve pull requests.' },
      },
    );
    expect((await a.send('repository_dispatch', report(molId, 'ui', 3))).status).toBe(200);
    expect(gh.state.pulls.size).toBe(0);
    expect(molecule(gh, issue).status).toBe('complete');
    const told = [...gh.state.comments.values()].filter(
      (c) => c.issue_number === issue && c.body.includes('needs attention'),
    );
    expect(told.map((c) => c.body).join('\n')).toMatch(
      /could not deliver the work as a pull request: GitHub answered 403.*Allow GitHub Actions to create and approve pull requests.*patrol will try again later \(try 1 of 5\), or comment \/mol deliver/s,
    );

    // A reader may not ask; a writer may, and asking twice opens one pull request.
    gh.state.collaborators.set('rita', 'read');
    const byReader = gh.state.addComment(issue, '/mol deliver', actorFor('rita'));
    expect((await a.send('issue_comment', commentEvent(gh, byReader.id))).status).toBe(200);
    expect(gh.state.pulls.size).toBe(0);
    for (const _ of [1, 2]) {
      const asked = gh.state.addComment(issue, '/mol deliver', actorFor('alice'));
      expect((await a.send('issue_comment', commentEvent(gh, asked.id))).status).toBe(200);
    }
    const pulls = [...gh.state.pulls.values()];
    expect(pulls).toHaveLength(1);
    expect(pulls[0]?.head.ref).toBe(`molecular/${molId}/-result`);
    expect(molecule(gh, issue).delivery).toMatchObject({ pr: pulls[0]?.number, state: 'open' });
    const replies = [...gh.state.comments.values()]
      .filter((c) => c.issue_number === issue && c.user.login === 'molecular[bot]')
      .map((c) => c.body);
    expect(replies.some((r) => r.includes(`delivered: #${pulls[0]?.number}`))).toBe(true);
    expect(replies.some((r) => r.includes('needs **write** permission'))).toBe(true);
    expect(gh.violations).toEqual([]);
    expect(gh.responseViolations).toEqual([]);
  });

  it('a merge completes the molecule and squashes it into its archive on the issue', async () => {
    const [a] = replicas as [AppProcess];
    const { issue, molId, pull } = await deliverOne(a, 'Merge me');
    expect((await close(a, pull.number, true)).status).toBe(200);
    const comments = [...gh.state.comments.values()].filter((c) => c.issue_number === issue);
    expect(comments.some((c) => c.body.includes('molecular:state'))).toBe(false);
    const archive = comments.find((c) => c.body.includes('molecular:archive'));
    expect(archive?.body).toContain(molId);
    expect(gh.violations).toEqual([]);
    expect(a.errors()).toEqual([]);
  });

  it.each([
    ['keep', 'complete', undefined],
    ['burn', undefined, undefined],
    ['fail', 'failed', 'closed without merging (on_pr_closed: fail)'],
  ] as const)('a close without merge under on_pr_closed: %s', async (setting, status, error) => {
    gh.state.files.set('.github/molecular.yml', `lock: ref\non_pr_closed: ${setting}\n`);
    const [a] = replicas as [AppProcess];
    const { issue, pull } = await deliverOne(a, `Close me (${setting})`);
    expect((await close(a, pull.number, false)).status).toBe(200);
    const state = [...gh.state.comments.values()].some(
      (c) => c.issue_number === issue && c.body.includes('molecular:state'),
    );
    if (status === undefined) {
      expect(state).toBe(false); // burned
    } else {
      const mol = molecule(gh, issue);
      expect(mol.status).toBe(status);
      expect(mol.delivery?.state).toBe('closed');
      if (error) expect(mol.steps.find((s) => s.id === 'ui')?.error).toContain(error);
    }
    expect(gh.violations).toEqual([]);
    expect(a.errors()).toEqual([]);
  });

  it('a review requesting changes loops a writer back with its text; a reader and max_loops change nothing', async () => {
    gh.state.collaborators.set('rita', 'read');
    const [a] = replicas as [AppProcess];
    const { issue, molId, pull } = await deliverOne(a, 'Review me');
    const before = molecule(gh, issue);
    const replies = () =>
      [...gh.state.comments.values()].filter((c) => c.issue_number === pull.number).map((c) => c.body);

    const reader = await a.send(
      'pull_request_review',
      reviewEvent(gh, 'rita', pull.number, { id: 501, state: 'changes_requested', body: 'No.' }),
    );
    expect(reader.status).toBe(200);
    expect(molecule(gh, issue).rev).toBe(before.rev);
    expect(replies().at(-1)).toContain('needs **write** permission on acme/widgets; you have **read**');

    const writer = await a.send(
      'pull_request_review',
      reviewEvent(gh, 'mona', pull.number, {
        id: 502,
        state: 'changes_requested',
        body: 'Rename the API.',
        comments: [{ path: 'api.txt', line: 1, body: 'call it search' }],
      }),
    );
    expect(writer.status).toBe(200);
    const looped = molecule(gh, issue);
    const plan = looped.steps.find((s) => s.id === 'plan');
    expect(plan?.status).toBe('ready');
    expect(plan?.loops).toBe(1);
    expect(plan?.review).toContain('Rename the API.');
    expect(plan?.review).toContain('- api.txt:1: call it search');
    expect(looped.steps.filter((s) => s.status === 'pending').map((s) => s.id)).toEqual(['api', 'ui']);
    expect(gh.state.workflowDispatches.at(-1)?.inputs).toMatchObject({ molecule: molId, step: 'plan' });

    // max_loops = 1: a second review is told so and changes nothing.
    const again = await a.send(
      'pull_request_review',
      reviewEvent(gh, 'mona', pull.number, { id: 503, state: 'changes_requested', body: 'Still no.' }),
    );
    expect(again.status).toBe(200);
    expect(molecule(gh, issue).rev).toBe(looped.rev);
    expect(replies().at(-1)).toContain('(max_loops)');

    // `/mol` on the pull request steers the molecule on its issue.
    const said = gh.state.addComment(pull.number, '/mol skip plan', actorFor('mona'));
    expect((await a.send('issue_comment', commentEvent(gh, said.id))).status).toBe(200);
    expect(molecule(gh, issue).steps.find((s) => s.id === 'plan')?.status).toBe('skipped');
    expect(gh.violations).toEqual([]);
    expect(gh.responseViolations).toEqual([]);
    expect(a.errors()).toEqual([]);
  });

  it('auto_merge turns on GitHub’s auto-merge with the GraphQL mutation, never the merge endpoint', async () => {
    gh.state.files.set(
      '.github/formulas/ship.formula.toml',
      SHIP.replace('team_reviewers = ["core"]', 'team_reviewers = ["core"]\nauto_merge = "squash"'),
    );
    const [a] = replicas as [AppProcess];
    const { pull } = await deliverOne(a, 'Merge when green');
    expect(gh.state.pulls.get(pull.number)?.autoMerge).toBe('SQUASH');
    expect(
      gh.requests.filter(
        (r) => r.operationId === 'graphql' && JSON.stringify(r.body).includes('enablePullRequestAutoMerge'),
      ),
    ).toHaveLength(1);
    expect(
      gh.requests.some(
        (r) =>
          /\/pulls\/\d+\/merge$/.test(r.path) ||
          (r.operationId === 'repos/merge' && JSON.stringify(r.body).includes('"base":"main"')),
      ),
    ).toBe(false);
    expect(gh.state.pulls.get(pull.number)?.merged ?? false).toBe(false);
    expect(gh.violations).toEqual([]);
    expect(a.errors()).toEqual([]);
  });

  describe('a molecule poured on a pull request', () => {
    const pourOnPull = async (app: AppProcess) => {
      const feature = new Map([...gh.state.files, ['feature.txt', 'feature\n']]);
      gh.state.branchFiles.set('feature', feature);
      const pr = gh.state.nextIssueNumber();
      gh.state.pulls.set(pr, {
        number: pr,
        title: 'Feature',
        labels: ['formula:ship'],
        head: { ref: 'feature', sha: gh.state.branchSha('feature') as string },
        base: { ref: 'main' },
        user: actorFor('alice'),
      });
      gh.state.addIssue({ title: 'Feature', number: pr, user: actorFor('alice') });
      await app.send('pull_request', pullEvent(gh, 'alice', 'labeled', pr, 'formula:ship'));
      const molId = molecule(gh, pr).id;
      const step = (id: string, files: Record<string, string>) => {
        gh.state.branchFiles.set(`molecular/${molId}/${id}`, new Map([...feature, ...Object.entries(files)]));
      };
      return { pr, molId, step };
    };

    it('lands on the PR head by fast-forward, a person’s commit pushed meanwhile merged in, never forced', async () => {
      const [a] = replicas as [AppProcess];
      const { pr, molId, step } = await pourOnPull(a);
      step('plan', { 'plan.txt': 'plan\n' });
      await a.send('repository_dispatch', report(molId, 'plan', 1));
      // A person pushes to the PR while the molecule runs.
      gh.state.branchFiles.get('feature')?.set('person.txt', 'by a person\n');
      step('api', { 'plan.txt': 'plan\n', 'api.txt': 'api\n' });
      step('ui', { 'plan.txt': 'plan\n', 'ui.txt': 'ui\n' });
      await a.send('repository_dispatch', report(molId, 'api', 2));
      await a.send('repository_dispatch', report(molId, 'ui', 3));

      const files = [...(gh.state.filesAt('feature')?.keys() ?? [])];
      expect(files).toEqual(
        expect.arrayContaining(['feature.txt', 'person.txt', 'plan.txt', 'api.txt', 'ui.txt']),
      );
      expect(gh.state.pulls.size).toBe(1);
      expect(molecule(gh, pr).delivery).toMatchObject({ branch: 'feature', pr, state: 'open' });
      const updates = gh.requests.filter((r) => r.operationId === 'git/update-ref');
      expect(updates.map((r) => (r.body as { force?: boolean }).force)).toEqual([false]);
      expect(gh.violations).toEqual([]);
      expect(a.errors()).toEqual([]);
    });

    it('refuses, and pushes nothing, when the person’s commit conflicts with the work', async () => {
      const [a] = replicas as [AppProcess];
      const { pr, molId, step } = await pourOnPull(a);
      step('plan', { 'plan.txt': 'plan\n' });
      await a.send('repository_dispatch', report(molId, 'plan', 2));
      gh.state.branchFiles.get('feature')?.set('plan.txt', 'a person disagrees\n');
      const moved = gh.state.branchSha('feature');
      step('api', { 'plan.txt': 'plan\n', 'api.txt': 'api\n' });
      step('ui', { 'plan.txt': 'plan\n', 'ui.txt': 'ui\n' });
      await a.send('repository_dispatch', report(molId, 'api', 3));
      await a.send('repository_dispatch', report(molId, 'ui', 4));

      expect(gh.state.branchSha('feature')).toBe(moved);
      const ui = molecule(gh, pr).steps.find((s) => s.id === 'ui');
      expect(ui?.status).toBe('failed');
      expect(ui?.error).toContain(
        'feature got new commits while the molecule ran that conflict with step "ui"',
      );
      expect(ui?.error).toContain('in plan.txt: nothing was pushed to feature');
      expect(gh.violations).toEqual([]);
      expect(a.errors()).toEqual([]);
    });
  });
});
