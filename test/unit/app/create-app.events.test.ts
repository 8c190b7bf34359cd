import nock from 'nock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { forgetProtos } from '../../../src/shell/formulas/load-proto.js';
import { STEP_REPORT_EVENT } from '../../../src/webhooks/step-report.js';
import {
  commentAnswer,
  commentsAnswer,
  isCommentQuery,
  isCommentsQuery,
} from '../../helpers/graphql-comments.js';
import {
  API,
  commentJson,
  labeledPayload,
  mockConfig,
  mockFormulaFile,
  mockPermission,
  mockReply,
  NOW,
  REPO,
  repository,
  reviewMolecule,
  StateComment,
  serveBlobs,
  someone,
  stepStatus,
  type TestApp,
  testApp,
  unmatched,
} from './nock.js';

const ISSUE = 7;
const STATE_ID = 500;
const SHA = 'c'.repeat(40);

let app: TestApp;
let scope: nock.Scope;

beforeEach(async () => {
  // Every test starts with no formula cooked: a change by id then reads the state twice.
  forgetProtos();
  nock.disableNetConnect();
  serveBlobs();
  app = await testApp();
  scope = nock(API);
});

afterEach(() => {
  const pending = scope.pendingMocks();
  nock.cleanAll();
  nock.enableNetConnect();
  expect(pending).toEqual([]);
  expect(unmatched.splice(0)).toEqual([]);
  expect(app.logs.filter((l) => l.level >= 50)).toEqual([]);
});

/** The state comment's create: existence check, post, re-read, label. Returns the body holder. */
function expectCreate(issue: number): { body: string } {
  const created = { body: '' };
  scope.post('/graphql', (b) => isCommentsQuery(b, issue)).reply(200, commentsAnswer([]));
  scope.post(`${REPO}/issues/${issue}/comments`).reply(async (req: Request) => {
    created.body = ((await req.json()) as { body: string }).body;
    return [201, commentJson(STATE_ID, issue, created.body, 'molecular[bot]')];
  });
  scope
    .post('/graphql', (b) => isCommentQuery(b, STATE_ID))
    .reply(() => [
      200,
      commentAnswer({
        id: STATE_ID,
        body: created.body,
        login: 'molecular[bot]',
        createdAt: NOW.toISOString(),
      }),
    ]);
  scope.post(`${REPO}/issues/${issue}/labels`, { labels: ['molecule:active'] }).reply(200, []);
  return created;
}

describe('issues.labeled', () => {
  const body = 'Please.\n\n```mol-vars\nfeature: search\n```\n';

  it('pours the labelled formula with vars from the mol-vars block', async () => {
    mockConfig(scope);
    const login = someone('labeller');
    mockPermission(scope, login, 'write');
    mockFormulaFile(scope);
    const created = expectCreate(ISSUE);
    await app.receive('issues', labeledPayload(ISSUE, 'formula:review', login, body));
    expect(created.body).toContain('Draft search');
    expect(created.body).toMatch(
      /<!-- molecular:digest sha256:[0-9a-f]{64} at:2026-04-01T12:00:00.000Z -->$/,
    );
  });

  it('with step_issues, each step becomes a sub-issue, closed when the step completes', async () => {
    mockConfig(scope, 'step_issues: true\n');
    const login = someone('labeller');
    mockPermission(scope, login, 'write');
    mockFormulaFile(scope);
    const created = expectCreate(ISSUE);
    const children: Array<{ id: number; number: number; title: string; body: string; state: string }> = [];
    scope
      .post(`${REPO}/issues`)
      .times(3)
      .reply(async (req: Request) => {
        const { title, body: text } = (await req.json()) as { title: string; body: string };
        const child = {
          id: 9100 + children.length,
          number: 100 + children.length,
          title,
          body: text,
          state: 'open',
        };
        children.push(child);
        return [201, child];
      });
    const linked: number[] = [];
    scope
      .post(`${REPO}/issues/${ISSUE}/sub_issues`)
      .times(3)
      .reply(async (req: Request) => {
        linked.push(((await req.json()) as { sub_issue_id: number }).sub_issue_id);
        return [201, {}];
      });
    await app.receive('issues', labeledPayload(ISSUE, 'formula:review', login, body));
    const id = /"id":"(7-[0-9a-f]{6})"/.exec(created.body)?.[1];
    expect(children.map((c) => c.title)).toEqual([
      `Draft search (${id})`,
      `Publish search (${id})`,
      `Sign off (${id})`,
    ]);
    expect(linked).toEqual([9100, 9101, 9102]);
    expect(children[0]?.body).toContain('Step `draft` of molecule');
    expect(created.body).toContain('Draft search');

    // /mol done draft closes the draft sub-issue.
    const state = new StateComment(ISSUE, STATE_ID, created.body);
    const commenter = someone('writer');
    mockPermission(scope, commenter, 'write');
    scope.post(`${REPO}/issues/comments/601/reactions`).reply(201, {}); // 🚀
    state.list(scope).list(scope).write(scope);
    scope
      .get(`${REPO}/issues/${ISSUE}/sub_issues`)
      .query(true)
      .reply(200, () => children);
    const closed: unknown[] = [];
    scope.patch(`${REPO}/issues/100`).reply(async (req: Request) => {
      closed.push(await req.json());
      return [200, {}];
    });
    await app.receive('issue_comment', {
      action: 'created',
      issue: { number: ISSUE },
      comment: { id: 601, body: '/mol done draft', user: { login: commenter, type: 'User' } },
      repository: repository(),
      sender: { login: commenter, type: 'User' },
    });
    expect(closed).toEqual([{ state: 'closed', state_reason: 'completed' }]);
  });

  it('the label prefix comes from the config; other labels are ignored', async () => {
    mockConfig(scope, 'label_prefix: "run/"\n');
    await app.receive('issues', labeledPayload(ISSUE, 'formula:review', 'alice', body));
    const login = someone('labeller');
    mockPermission(scope, login, 'write');
    mockFormulaFile(scope);
    expectCreate(ISSUE);
    await app.receive('issues', labeledPayload(ISSUE, 'run/review', login, body));
  });

  it('an unknown formula gets a reply naming it, and nothing else changes', async () => {
    mockConfig(scope);
    const login = someone('labeller');
    mockPermission(scope, login, 'write');
    scope
      .get((uri) => uri.includes('/contents/'))
      .query(true)
      .reply(404, { message: 'Not Found' });
    scope
      .get((uri) => uri.includes('/contents/'))
      .query(true)
      .reply(200, [
        {
          type: 'file',
          name: 'review.formula.toml',
          path: '.github/formulas/review.formula.toml',
          sha: 'f'.repeat(40),
        },
      ]);
    const replies: string[] = [];
    mockReply(scope, ISSUE, replies);
    await app.receive('issues', labeledPayload(ISSUE, 'formula:reveiw', login, body));
    expect(replies[0]).toMatch(
      new RegExp(
        `^@${login} could not pour \`reveiw\` \\(label \`formula:reveiw\`\\): there is no formula "reveiw"`,
      ),
    );
    expect(replies[0]).toContain('there is no formula "reveiw" (did you mean "review"?) in .github/formulas');
    expect(replies[0]).toContain('the repository has: review');
    expect(replies[0]).toContain('the built-ins are gated-task, hello');
  });

  it('a missing required var gets a reply naming it, with how to give it', async () => {
    mockConfig(scope);
    const login = someone('labeller');
    mockPermission(scope, login, 'write');
    mockFormulaFile(scope);
    const replies: string[] = [];
    mockReply(scope, ISSUE, replies);
    await app.receive('issues', labeledPayload(ISSUE, 'formula:review', login, 'no vars'));
    expect(replies[0]).toContain(
      // `<value>` as it stands would be an HTML tag GitHub hides: the reply escapes it.
      'variable "feature" (What to write about) is required: give feature=&lt;value&gt;',
    );
    expect(replies[0]).toContain('```mol-vars');
  });

  it('an unreadable mol-vars block gets a reply, before the formula is even read', async () => {
    mockConfig(scope);
    const login = someone('labeller');
    mockPermission(scope, login, 'write');
    const replies: string[] = [];
    mockReply(scope, ISSUE, replies);
    await app.receive(
      'issues',
      labeledPayload(ISSUE, 'formula:review', login, '```mol-vars\nfeature = [1, 2]\n```'),
    );
    expect(replies[0]).toContain(
      'variable "feature" in the `mol-vars` block must be one value, not a list or a table',
    );
  });

  it('a labeller without the pour permission is refused', async () => {
    mockConfig(scope);
    const login = someone('triager');
    mockPermission(scope, login, 'triage');
    const replies: string[] = [];
    mockReply(scope, ISSUE, replies);
    await app.receive('issues', labeledPayload(ISSUE, 'formula:review', login, body));
    expect(replies[0]).toContain(
      'pouring a formula needs **write** permission on acme/widgets; you have **triage**',
    );
  });

  it('a formula already running on the issue is not poured twice', async () => {
    mockConfig(scope);
    const login = someone('labeller');
    mockPermission(scope, login, 'write');
    new StateComment(ISSUE, STATE_ID, reviewMolecule(ISSUE)).list(scope);
    const replies: string[] = [];
    mockReply(scope, ISSUE, replies);
    await app.receive('issues', labeledPayload(ISSUE, 'formula:review', login, body, ['molecule:active']));
    expect(replies[0]).toContain('formula "review" is already running here as molecule `7-abc123`');
  });

  it('a pull request from a fork is refused: its code never runs steps', async () => {
    mockConfig(scope);
    const login = someone('labeller');
    mockPermission(scope, login, 'write');
    const replies: string[] = [];
    mockReply(scope, 8, replies);
    await app.receive('pull_request', {
      action: 'labeled',
      label: { name: 'formula:review' },
      pull_request: {
        number: 8,
        body,
        head: { ref: 'patch-1', sha: SHA, repo: { id: 99, full_name: 'mallory/widgets' } },
        base: { repo: { id: 1, full_name: 'acme/widgets' } },
      },
      repository: repository(),
      sender: { login, type: 'User' },
    });
    expect(replies[0]).toContain('pull request #8 comes from a fork (mallory/widgets)');
  });
});

describe('check_run', () => {
  const failed = (feature = 'login') =>
    reviewMolecule(
      ISSUE,
      [
        { type: 'start', step: 'draft' },
        { type: 'fail', step: 'draft', error: 'one' },
        { type: 'start', step: 'draft' },
        { type: 'fail', step: 'draft', error: 'two' },
        { type: 'start', step: 'draft' },
        { type: 'fail', step: 'draft', error: 'three' },
      ],
      feature,
    );
  const event = (action: string, login: string, identifier?: string, slug = 'molecular') => ({
    action,
    check_run: {
      id: 77,
      name: 'molecular / review / draft',
      external_id: `${ISSUE}-abc123/draft`,
      head_sha: SHA,
      app: { slug },
    },
    ...(identifier ? { requested_action: { identifier } } : {}),
    repository: repository(),
    sender: { login, type: 'User' },
  });

  it('the Retry button retries the step named by the external id (formula not cooked yet: read twice)', async () => {
    mockConfig(scope);
    const state = new StateComment(ISSUE, STATE_ID, failed());
    const login = someone('clicker');
    mockPermission(scope, login, 'write');
    // The first read finds a molecule whose formula this process has not cooked: nothing is
    // written, the pinned formula is read, and the change is made on a second read.
    state.list(scope).get(scope).write(scope);
    scope.post(`${REPO}/issues/${ISSUE}/labels`, { labels: ['molecule:active'] }).reply(200, []);
    scope.delete(`${REPO}/issues/${ISSUE}/labels/molecule%3Afailed`).reply(200, []);
    await app.receive('check_run', event('requested_action', login, 'retry'));
    expect(stepStatus(state.mol(), 'draft')).toBe('ready');
    expect(state.mol().history.at(-1)).toMatchObject({ event: 'command', by: login });
  });

  it('the Skip button skips it; "Re-run" (rerequested) retries it', async () => {
    mockConfig(scope);
    const state = new StateComment(ISSUE, STATE_ID, failed());
    const login = someone('clicker');
    mockPermission(scope, login, 'write');
    state.list(scope).get(scope).write(scope);
    scope.post(`${REPO}/issues/${ISSUE}/labels`, { labels: ['molecule:active'] }).reply(200, []);
    scope.delete(`${REPO}/issues/${ISSUE}/labels/molecule%3Afailed`).reply(200, []);
    await app.receive('check_run', event('requested_action', login, 'skip'));
    expect(stepStatus(state.mol(), 'draft')).toBe('skipped');
    expect(stepStatus(state.mol(), 'publish')).toBe('ready');

    // Now the formula is cooked: one read, the edit, the re-read.
    const again = new StateComment(ISSUE, STATE_ID, failed());
    again.list(scope).write(scope);
    scope.post(`${REPO}/issues/${ISSUE}/labels`, { labels: ['molecule:active'] }).reply(200, []);
    scope.delete(`${REPO}/issues/${ISSUE}/labels/molecule%3Afailed`).reply(200, []);
    await app.receive('check_run', event('rerequested', login));
    expect(stepStatus(again.mol(), 'draft')).toBe('ready');
  });

  const waitingForApproval = () =>
    reviewMolecule(ISSUE, [
      { type: 'complete', step: 'draft' },
      { type: 'complete', step: 'publish' },
      { type: 'complete', step: 'sign' },
    ]);
  const skipSign = (login: string) => {
    const clicked = event('requested_action', login, 'skip');
    return {
      ...clicked,
      check_run: {
        ...clicked.check_run,
        name: 'molecular / review / sign',
        external_id: `${ISSUE}-abc123/sign`,
      },
    };
  };

  it("Skip on a step waiting for a maintainer's approval is refused to a writer: it would pass the gate", async () => {
    mockConfig(scope);
    const state = new StateComment(ISSUE, STATE_ID, waitingForApproval());
    expect(stepStatus(state.mol(), 'sign')).toBe('awaiting_gate');
    const login = someone('writer');
    mockPermission(scope, login, 'write');
    state.list(scope).get(scope);
    const replies: string[] = [];
    mockReply(scope, ISSUE, replies);
    await app.receive('check_run', skipSign(login));
    expect(replies[0]).toContain(
      'Skip of step `sign` (molecule `7-abc123`): this needs **maintain** permission on acme/widgets; you have **write**',
    );
    expect(state.edits).toEqual([]);
    expect(stepStatus(state.mol(), 'sign')).toBe('awaiting_gate');
  });

  it("a maintainer's Skip passes the step waiting for approval", async () => {
    mockConfig(scope);
    const state = new StateComment(ISSUE, STATE_ID, waitingForApproval());
    const login = someone('maintainer');
    mockPermission(scope, login, 'maintain');
    state.list(scope).get(scope).write(scope);
    scope.post(`${REPO}/issues/${ISSUE}/labels`, { labels: ['molecule:complete'] }).reply(200, []);
    scope.delete(`${REPO}/issues/${ISSUE}/labels/molecule%3Aactive`).reply(200, []);
    await app.receive('check_run', skipSign(login));
    expect(stepStatus(state.mol(), 'sign')).toBe('skipped');
    expect(state.mol().status).toBe('complete');
  });

  it('a clicker without write permission is answered on the issue; check runs of other apps are ignored', async () => {
    mockConfig(scope);
    const login = someone('reader');
    mockPermission(scope, login, 'read');
    const replies: string[] = [];
    mockReply(scope, ISSUE, replies);
    await app.receive('check_run', event('requested_action', login, 'retry'));
    expect(replies[0]).toContain(
      'Retry of step `draft` (molecule `7-abc123`): this needs **write** permission',
    );
    await app.receive('check_run', event('requested_action', login, 'retry', 'other-app'));
    await app.receive('check_run', event('completed', login));
  });
});

describe('workflow_run.completed', () => {
  const run = (id: number, title: string, path = '.github/workflows/molecular-step.yml') => ({
    action: 'completed',
    workflow_run: { id, path, display_title: title, status: 'completed', conclusion: 'cancelled' },
    repository: repository(),
    sender: { login: 'github-actions[bot]', type: 'Bot' },
  });
  const running = () =>
    reviewMolecule(ISSUE, [
      { type: 'start', step: 'draft', lease: { holder: 'run 4242', runId: '4242', ttlMs: 3_600_000 } },
    ]);

  it('a step job that ended without reporting fails its step, so its retries apply', async () => {
    mockConfig(scope);
    const state = new StateComment(ISSUE, STATE_ID, running());
    state.list(scope).get(scope).write(scope);
    await app.receive('workflow_run', run(4242, `molecular ${ISSUE}-abc123 / draft`));
    const draft = state.mol().steps.find((s) => s.id === 'draft');
    expect(draft).toMatchObject({
      status: 'ready',
      error: 'the step job (run 4242) ended cancelled without reporting',
    });
  });

  it('a run that does not hold the lease, or of another workflow, changes nothing', async () => {
    mockConfig(scope);
    const state = new StateComment(ISSUE, STATE_ID, running());
    state.list(scope).get(scope);
    await app.receive('workflow_run', run(5555, `molecular ${ISSUE}-abc123 / draft`));
    await app.receive(
      'workflow_run',
      run(4242, `molecular ${ISSUE}-abc123 / draft`, '.github/workflows/ci.yml'),
    );
    expect(state.edits).toEqual([]);
  });

  it('a run named otherwise is found among the live molecules by its lease', async () => {
    mockConfig(scope);
    const state = new StateComment(ISSUE, STATE_ID, running());
    scope
      .get('/search/issues')
      .query((q) => String(q.q).includes('label:"molecule:active"'))
      .reply(200, { total_count: 1, incomplete_results: false, items: [{ number: ISSUE }] });
    // list() reads the issue; the change then reads the comment by id, twice while cold
    state.list(scope).get(scope).get(scope).write(scope);
    await app.receive('workflow_run', run(4242, 'Molecular step'));
    expect(stepStatus(state.mol(), 'draft')).toBe('ready');
  });
});

describe('pull_request.closed', () => {
  const closed = (merged: boolean) => ({
    action: 'closed',
    pull_request: { number: ISSUE, merged },
    repository: repository(),
    sender: { login: 'alice', type: 'User' },
  });

  it('keeps the molecules by default', async () => {
    mockConfig(scope);
    const state = new StateComment(ISSUE, STATE_ID, reviewMolecule(ISSUE));
    state.list(scope);
    await app.receive('pull_request', closed(false));
    expect(state.deleted).toBe(false);
  });

  it('burns them when on_pr_closed is burn and the pull request was not merged', async () => {
    mockConfig(scope, 'on_pr_closed: burn\n');
    const state = new StateComment(ISSUE, STATE_ID, reviewMolecule(ISSUE));
    state.list(scope).list(scope).get(scope).remove(scope);
    scope.delete(`${REPO}/issues/${ISSUE}/labels/molecule%3Aactive`).reply(200, []);
    await app.receive('pull_request', closed(false));
    expect(state.deleted).toBe(true);
  });
});

describe('repository_dispatch step reports', () => {
  const report = (client_payload: unknown, event_type = STEP_REPORT_EVENT) => ({
    action: event_type,
    branch: 'main',
    client_payload,
    repository: repository(),
    sender: { login: 'github-actions[bot]', type: 'Bot' },
  });

  it('a completion is applied with its checkpoint', async () => {
    mockConfig(scope);
    const state = new StateComment(
      ISSUE,
      STATE_ID,
      reviewMolecule(ISSUE, [
        { type: 'start', step: 'draft', lease: { holder: 'run 1', runId: '1', ttlMs: 3_600_000 } },
      ]),
    );
    state.list(scope).get(scope).write(scope);
    await app.receive(
      'repository_dispatch',
      report({
        molecule: `${ISSUE}-abc123`,
        step: 'draft',
        event: 'complete',
        runId: 1,
        checkpoint: {
          commit: SHA,
          filesModified: ['draft.md'],
          testsPassed: true,
          notes: 'ok',
          capturedAt: NOW.toISOString(),
        },
      }),
    );
    const draft = state.mol().steps.find((s) => s.id === 'draft');
    expect(draft).toMatchObject({
      status: 'completed',
      checkpoint: { commit: SHA, filesModified: ['draft.md'] },
    });
  });

  it('a report of a run that lost the lease is refused; an invalid report or another dispatch type does nothing', async () => {
    mockConfig(scope);
    const state = new StateComment(
      ISSUE,
      STATE_ID,
      reviewMolecule(ISSUE, [
        { type: 'start', step: 'draft', lease: { holder: 'run 2', runId: '2', ttlMs: 3_600_000 } },
      ]),
    );
    state.list(scope).get(scope);
    await app.receive(
      'repository_dispatch',
      report({ molecule: `${ISSUE}-abc123`, step: 'draft', event: 'complete', runId: '1' }),
    );
    expect(
      app.logs.some(
        (l) =>
          l.level === 40 && l.msg.includes('run 1 reported step "draft" of 7-abc123, but run 2 holds it now'),
      ),
    ).toBe(true);
    await app.receive(
      'repository_dispatch',
      report({ molecule: `${ISSUE}-abc123`, step: 'draft', event: 'explode' }),
    );
    expect(
      app.logs.some((l) => l.level === 40 && l.msg.includes('the step report is invalid at event')),
    ).toBe(true);
    await app.receive('repository_dispatch', report({}, 'deploy'));
    expect(state.edits).toEqual([]);
  });
});

describe('installation', () => {
  it('creates the state labels in every repository it was given; existing ones are fine', async () => {
    const created: string[] = [];
    for (const repo of ['acme/widgets', 'acme/gadgets']) {
      scope
        .post(`/repos/${repo}/labels`)
        .times(3)
        .reply(async (req: Request) => {
          const { name } = (await req.json()) as { name: string };
          if (repo === 'acme/gadgets' && name === 'molecule:active')
            return [422, { message: 'Validation Failed' }];
          created.push(`${repo} ${name}`);
          return [201, { name }];
        });
    }
    await app.receive('installation', {
      action: 'created',
      installation: { id: 1 },
      repositories: [
        { name: 'widgets', full_name: 'acme/widgets' },
        { name: 'gadgets', full_name: 'acme/gadgets' },
      ],
      sender: { login: 'alice', type: 'User' },
    });
    expect(created).toEqual([
      'acme/widgets molecule:active',
      'acme/widgets molecule:complete',
      'acme/widgets molecule:failed',
      'acme/gadgets molecule:complete',
      'acme/gadgets molecule:failed',
    ]);
  });

  it('installation_repositories.added does the same for the added ones', async () => {
    scope.post('/repos/acme/more/labels').times(3).reply(201, {});
    await app.receive('installation_repositories', {
      action: 'added',
      installation: { id: 1 },
      repositories_added: [{ name: 'more', full_name: 'acme/more' }],
      repositories_removed: [],
      sender: { login: 'alice', type: 'User' },
    });
  });
});

describe('an invalid .github/molecular.yml', () => {
  it('stops Molecular in the repository and tells whoever asked', async () => {
    mockConfig(scope, 'on_pr_closed: sometimes\n');
    const replies: string[] = [];
    mockReply(scope, ISSUE, replies);
    await app.receive('issue_comment', {
      action: 'created',
      issue: { number: ISSUE },
      comment: { id: 1, body: '/mol status', user: { login: 'alice', type: 'User' } },
      repository: repository(),
      sender: { login: 'alice', type: 'User' },
    });
    expect(replies[0]).toContain('Molecular cannot act here until `.github/molecular.yml` is fixed');
    expect(replies[0]).toContain('"on_pr_closed" must be one of "keep", "burn", "fail"');
  });
});
