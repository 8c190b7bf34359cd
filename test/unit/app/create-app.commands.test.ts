import nock from 'nock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hasArchiveBlock } from '../../../src/github/store/archive-comment.js';
import {
  commentAnswer,
  commentsAnswer,
  isCommentQuery,
  isCommentsQuery,
} from '../../helpers/graphql-comments.js';
import {
  API,
  commentJson,
  commentPayload,
  mockAbsentConfig,
  mockConfig,
  mockFormulaFile,
  mockPermission,
  mockReactions,
  mockReply,
  NOW,
  REPO,
  reviewMolecule,
  StateComment,
  serveBlobs,
  someone,
  stateBody,
  stepStatus,
  type TestApp,
  testApp,
  unmatched,
} from './nock.js';

const ISSUE = 7;
const STATE_ID = 500;
const COMMENT_ID = 600;

let app: TestApp;
let scope: nock.Scope;

beforeEach(async () => {
  nock.disableNetConnect();
  serveBlobs();
  app = await testApp();
  scope = nock(API);
  mockConfig(scope);
});

afterEach(() => {
  const pending = scope.pendingMocks();
  nock.cleanAll();
  nock.enableNetConnect();
  expect(pending).toEqual([]);
  expect(unmatched.splice(0)).toEqual([]);
  expect(app.logs.filter((l) => l.level >= 50)).toEqual([]);
});

/** A command by `login` (with `role`) on an issue holding `state`: reactions and the list are expected. */
function command(body: string, role: string, state: StateComment | undefined, reactions: string[]) {
  const login = someone('user');
  mockPermission(scope, login, role);
  const seen = mockReactions(scope, COMMENT_ID, reactions);
  if (state) state.list(scope);
  else scope.post('/graphql', (b) => isCommentsQuery(b, ISSUE)).reply(200, commentsAnswer([]));
  return {
    login,
    seen,
    send: () => app.receive('issue_comment', commentPayload(ISSUE, COMMENT_ID, login, body)),
  };
}

describe('slash commands', () => {
  it('/mol done completes the step, readies the next, records the command, reacts 🚀', async () => {
    const state = new StateComment(ISSUE, STATE_ID, reviewMolecule(ISSUE));
    const { seen, send, login } = command('/mol done draft looks good', 'write', state, ['rocket']);
    state.list(scope).write(scope);
    await send();
    const mol = state.mol();
    expect(stepStatus(mol, 'draft')).toBe('completed');
    expect(stepStatus(mol, 'publish')).toBe('ready');
    expect(mol.history.at(-1)).toMatchObject({
      event: 'command',
      by: login,
      note: `comment ${COMMENT_ID} line 1: /mol done draft looks good`,
    });
    expect(seen).toEqual(['rocket']);
  });

  it('/mol status answers with the rendered molecule', async () => {
    const state = new StateComment(ISSUE, STATE_ID, reviewMolecule(ISSUE));
    // The answer is the acknowledgement: no 👀 for a comment that only asks for status.
    const { seen, send, login } = command('/mol status', 'read', state, ['rocket']);
    const replies: string[] = [];
    mockReply(scope, ISSUE, replies);
    await send();
    expect(replies).toHaveLength(1);
    expect(replies[0]).toContain(`@${login}`);
    expect(replies[0]).toMatch(/Draft login/);
    expect(replies[0]).toContain('```mermaid');
    expect(replies[0]).toContain(`<!-- molecular:reply-to ${COMMENT_ID} -->`);
    expect(seen).toEqual(['rocket']);
  });

  it('/mol help lists every command with its least permission, without reading the issue', async () => {
    const login = someone('user');
    mockPermission(scope, login, 'read');
    mockReactions(scope, COMMENT_ID, ['eyes', 'rocket']);
    const replies: string[] = [];
    mockReply(scope, ISSUE, replies);
    await app.receive('issue_comment', commentPayload(ISSUE, COMMENT_ID, login, '/mol help'));
    expect(replies[0]).toContain('| `/mol approve <step>` |');
    expect(replies[0]).toMatch(/\/mol approve <step>` \| [^|]+ \| maintain \|/);
    expect(replies[0]).toMatch(/\/mol reset --force` \| [^|]+ \| write; `--force`: admin \|/);
  });

  it('/mol pour pours a formula from the default branch with the given vars', async () => {
    const { seen, send } = command('/mol pour review feature="sign in"', 'write', undefined, [
      'eyes',
      'rocket',
    ]);
    mockFormulaFile(scope);
    let created = '';
    scope.post('/graphql', (b) => isCommentsQuery(b, ISSUE)).reply(200, commentsAnswer([]));
    scope.post(`${REPO}/issues/${ISSUE}/comments`).reply(async (req: Request) => {
      created = ((await req.json()) as { body: string }).body;
      return [201, commentJson(STATE_ID, ISSUE, created, 'molecular[bot]')];
    });
    scope
      .post('/graphql', (b) => isCommentQuery(b, STATE_ID))
      .reply(() => [
        200,
        commentAnswer({ id: STATE_ID, body: created, login: 'molecular[bot]', createdAt: NOW.toISOString() }),
      ]);
    scope.post(`${REPO}/issues/${ISSUE}/labels`, { labels: ['molecule:active'] }).reply(200, []);
    await send();
    expect(created).toContain('Draft sign in');
    expect(seen).toEqual(['eyes', 'rocket']);
  });

  it('/mol fail fails an in-progress step with the reason; a retry is left', async () => {
    const state = new StateComment(
      ISSUE,
      STATE_ID,
      reviewMolecule(ISSUE, [{ type: 'start', step: 'draft' }]),
    );
    const { send } = command('/mol fail draft the link is broken', 'write', state, ['rocket']);
    state.list(scope).write(scope);
    await send();
    const draft = state.mol().steps.find((s) => s.id === 'draft');
    expect(draft).toMatchObject({ status: 'ready', error: 'the link is broken', attempts: 1 });
  });

  it('/mol fail of a ready step nobody started starts it, then fails it, in one write (as mol fail does)', async () => {
    const fresh = reviewMolecule(ISSUE);
    expect(stepStatus(fresh, 'draft')).toBe('ready');
    const state = new StateComment(ISSUE, STATE_ID, fresh);
    const { send, login } = command('/mol fail draft no time', 'write', state, ['rocket']);
    state.list(scope).write(scope);
    await send();
    const mol = state.mol();
    expect(mol.rev).toBe(fresh.rev + 1);
    expect(mol.steps.find((s) => s.id === 'draft')).toMatchObject({
      status: 'ready',
      error: 'no time',
      attempts: 1,
    });
    expect(
      mol.history.filter((h) => h.step === 'draft' && h.by === login).map((h) => [h.event, h.note]),
    ).toEqual([
      ['start', undefined],
      ['fail', 'no time'],
    ]);
  });

  it('/mol retry brings a step that failed for good back to ready', async () => {
    const failedForGood = reviewMolecule(ISSUE, [
      { type: 'start', step: 'draft' },
      { type: 'fail', step: 'draft', error: 'one' },
      { type: 'start', step: 'draft' },
      { type: 'fail', step: 'draft', error: 'two' },
      { type: 'start', step: 'draft' },
      { type: 'fail', step: 'draft', error: 'three' },
    ]);
    expect(stepStatus(failedForGood, 'draft')).toBe('failed');
    const state = new StateComment(ISSUE, STATE_ID, failedForGood);
    const { send } = command('/mol retry draft', 'write', state, ['rocket']);
    state.list(scope).write(scope);
    // failed → in progress again: the store swaps molecule:failed for molecule:active
    scope.post(`${REPO}/issues/${ISSUE}/labels`, { labels: ['molecule:active'] }).reply(200, []);
    scope.delete(`${REPO}/issues/${ISSUE}/labels/molecule%3Afailed`).reply(200, []);
    await send();
    expect(stepStatus(state.mol(), 'draft')).toBe('ready');
    expect(state.mol().status).toBe('in_progress');
  });

  it('/mol skip skips a step and readies what needed it', async () => {
    const state = new StateComment(ISSUE, STATE_ID, reviewMolecule(ISSUE));
    const { send } = command('/mol skip draft', 'write', state, ['rocket']);
    state.list(scope).write(scope);
    await send();
    expect(stepStatus(state.mol(), 'draft')).toBe('skipped');
    expect(stepStatus(state.mol(), 'publish')).toBe('ready');
  });

  it('/mol approve passes the approval gate for a maintainer', async () => {
    const waiting = reviewMolecule(ISSUE, [
      { type: 'complete', step: 'draft' },
      { type: 'complete', step: 'publish' },
      { type: 'complete', step: 'sign' },
    ]);
    expect(stepStatus(waiting, 'sign')).toBe('awaiting_gate');
    const state = new StateComment(ISSUE, STATE_ID, waiting);
    const { send, login } = command('/mol approve sign', 'maintain', state, ['rocket']);
    state.list(scope).write(scope);
    scope.post(`${REPO}/issues/${ISSUE}/labels`, { labels: ['molecule:complete'] }).reply(200, []);
    scope.delete(`${REPO}/issues/${ISSUE}/labels/molecule%3Aactive`).reply(200, []);
    await send();
    const mol = state.mol();
    expect(stepStatus(mol, 'sign')).toBe('completed');
    expect(mol.status).toBe('complete');
    expect(mol.steps.find((s) => s.id === 'sign')?.gates).toEqual([
      { type: 'approval', passed: true, detail: `approved by ${login}` },
    ]);
  });

  it('/mol skip passes an approval gate for a maintainer, whose level the gate asks for', async () => {
    const waiting = reviewMolecule(ISSUE, [
      { type: 'complete', step: 'draft' },
      { type: 'complete', step: 'publish' },
      { type: 'complete', step: 'sign' },
    ]);
    const state = new StateComment(ISSUE, STATE_ID, waiting);
    const { send, seen } = command('/mol skip sign', 'maintain', state, ['rocket']);
    state.list(scope).write(scope);
    scope.post(`${REPO}/issues/${ISSUE}/labels`, { labels: ['molecule:complete'] }).reply(200, []);
    scope.delete(`${REPO}/issues/${ISSUE}/labels/molecule%3Aactive`).reply(200, []);
    await send();
    expect(seen).toEqual(['rocket']);
    expect(stepStatus(state.mol(), 'sign')).toBe('skipped');
    expect(state.mol().status).toBe('complete');
  });

  it('/mol rollback returns to a checkpoint and says the branch was left alone', async () => {
    const state = new StateComment(
      ISSUE,
      STATE_ID,
      reviewMolecule(ISSUE, [
        { type: 'complete', step: 'draft' },
        { type: 'complete', step: 'publish' },
      ]),
    );
    const { send } = command('/mol rollback draft', 'write', state, ['rocket']);
    state.list(scope).write(scope);
    const replies: string[] = [];
    mockReply(scope, ISSUE, replies);
    await send();
    expect(stepStatus(state.mol(), 'draft')).toBe('completed');
    expect(stepStatus(state.mol(), 'publish')).toBe('ready');
    expect(replies[0]).toMatch(/recorded no commit; the branch was left as it is/);
  });

  it('/mol squash turns a complete molecule into its archive record', async () => {
    const complete = reviewMolecule(ISSUE, [
      { type: 'complete', step: 'draft' },
      { type: 'complete', step: 'publish' },
      { type: 'complete', step: 'sign' },
      { type: 'approve', step: 'sign', by: 'mona' },
    ]);
    expect(complete.status).toBe('complete');
    const state = new StateComment(ISSUE, STATE_ID, complete);
    const { send } = command('/mol squash', 'write', state, ['rocket']);
    state.list(scope).write(scope);
    await send();
    expect(hasArchiveBlock(state.body)).toBe(true);
    expect(state.body).toContain('**complete**');
  });

  it('/mol burn deletes the state comment and its label', async () => {
    const state = new StateComment(ISSUE, STATE_ID, reviewMolecule(ISSUE));
    const { send } = command('/mol burn', 'write', state, ['rocket']);
    state.list(scope).remove(scope); // a burn deletes: nothing to re-read
    scope.delete(`${REPO}/issues/${ISSUE}/labels/molecule%3Aactive`).reply(200, []);
    await send();
    expect(state.deleted).toBe(true);
  });

  it('/mol reset --force by an admin pours the molecule afresh, with a warning', async () => {
    const state = new StateComment(
      ISSUE,
      STATE_ID,
      reviewMolecule(ISSUE, [{ type: 'complete', step: 'draft' }]),
    );
    const { send } = command('/mol reset --force', 'admin', state, ['rocket']);
    state.list(scope).write(scope);
    const replies: string[] = [];
    mockReply(scope, ISSUE, replies);
    await send();
    expect(stepStatus(state.mol(), 'draft')).toBe('ready');
    expect(state.mol().status).toBe('pending');
    expect(replies).toHaveLength(1);
  });

  it('/mol reset (without --force) of a running molecule is refused by the state machine', async () => {
    const state = new StateComment(
      ISSUE,
      STATE_ID,
      reviewMolecule(ISSUE, [{ type: 'complete', step: 'draft' }]),
    );
    const { send, seen } = command('/mol reset', 'write', state, ['confused']);
    state.list(scope);
    const replies: string[] = [];
    mockReply(scope, ISSUE, replies);
    await send();
    expect(replies[0]).toMatch(
      /molecule "7-abc123" is in progress; it cannot be reset \(reset works on complete or failed molecules; \/mol reset --force works from any state\)/,
    );
    expect(seen).toEqual(['confused']);
  });
});

describe('the lock', () => {
  it('with the default config a change holds the git-ref lease of its molecule', async () => {
    nock.cleanAll(); // no config file at all this time
    serveBlobs();
    scope = nock(API);
    mockAbsentConfig(scope);
    const state = new StateComment(ISSUE, STATE_ID, reviewMolecule(ISSUE));
    const { send } = command('/mol done draft', 'write', state, ['rocket']);
    const lock: string[] = [];
    scope.post(`${REPO}/git/commits`).reply(async (req: Request) => {
      lock.push(`commit ${((await req.json()) as { message: string }).message.split('\n')[0]}`);
      return [201, { sha: 'd'.repeat(40) }];
    });
    scope.post(`${REPO}/git/refs`).reply(async (req: Request) => {
      lock.push(`take ${((await req.json()) as { ref: string }).ref}`);
      return [201, { ref: 'refs/molecular/locks/7-abc123', object: { sha: 'd'.repeat(40) } }];
    });
    state.list(scope).write(scope);
    scope.delete(/\/git\/refs\/molecular(%2F|\/)locks(%2F|\/)7-abc123$/).reply(() => {
      lock.push('release');
      return [204];
    });
    await send();
    expect(lock).toEqual(['commit molecular lock', 'take refs/molecular/locks/7-abc123', 'release']);
    expect(stepStatus(state.mol(), 'draft')).toBe('completed');
  });
});

describe('GitHub limits', () => {
  it('a secondary rate limit is waited out and the request sent again (Probot itself would give up)', async () => {
    const login = someone('user');
    scope.post(`${REPO}/issues/comments/${COMMENT_ID}/reactions`, { content: 'eyes' }).reply(
      403,
      {
        message: 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.',
      },
      {
        'retry-after': '0',
      },
    );
    mockReactions(scope, COMMENT_ID, ['eyes', 'confused']);
    const replies: string[] = [];
    mockReply(scope, ISSUE, replies);
    await app.receive('issue_comment', commentPayload(ISSUE, COMMENT_ID, login, '/mol stauts'));
    expect(replies[0]).toContain('did you mean "/mol status"');
    expect(app.logs.some((l) => l.level === 40 && l.msg.includes('secondary rate limit'))).toBe(true);
  });
});

describe('refusals', () => {
  it('a read-only user is refused with the level needed and the level they have', async () => {
    const state = new StateComment(ISSUE, STATE_ID, reviewMolecule(ISSUE));
    const { send, seen, login } = command('/mol done draft', 'read', state, ['confused']);
    const replies: string[] = [];
    mockReply(scope, ISSUE, replies);
    await send();
    expect(replies[0]).toBe(
      `<!-- molecular:reply-to ${COMMENT_ID} -->\n@${login}\n\n\`/mol done draft\` — \`/mol done\` needs **write** permission on acme/widgets; you have **read**`,
    );
    expect(seen).toEqual(['confused']);
    expect(state.edits).toEqual([]);
  });

  it('author_association is never consulted: an OWNER association with a read role is still read', async () => {
    const state = new StateComment(ISSUE, STATE_ID, reviewMolecule(ISSUE));
    const { login } = command('/mol burn', 'read', state, ['confused']);
    const replies: string[] = [];
    mockReply(scope, ISSUE, replies);
    const payload = commentPayload(ISSUE, COMMENT_ID, login, '/mol burn');
    (payload.comment as Record<string, unknown>).author_association = 'OWNER';
    await app.receive('issue_comment', payload);
    expect(replies[0]).toContain('needs **write**');
  });

  it('an unknown command gets a did-you-mean, and nothing is read or asked', async () => {
    const login = someone('user');
    const seen = mockReactions(scope, COMMENT_ID, ['eyes', 'confused']);
    const replies: string[] = [];
    mockReply(scope, ISSUE, replies);
    await app.receive('issue_comment', commentPayload(ISSUE, COMMENT_ID, login, '/mol stauts'));
    expect(replies[0]).toContain('unknown command "/mol stauts" — did you mean "/mol status"?');
    expect(seen).toEqual(['eyes', 'confused']);
  });

  it('an unknown step names the steps and the closest one', async () => {
    const state = new StateComment(ISSUE, STATE_ID, reviewMolecule(ISSUE));
    const { send } = command('/mol done drfat', 'write', state, ['confused']);
    state.list(scope);
    const replies: string[] = [];
    mockReply(scope, ISSUE, replies);
    await send();
    expect(replies[0]).toContain(
      'molecule "7-abc123" has no step "drfat" (did you mean "draft"?); its steps are draft, publish, sign',
    );
  });

  it('an approval gate that asks for more than the command does is enforced', async () => {
    const waiting = reviewMolecule(ISSUE, [
      { type: 'complete', step: 'draft' },
      { type: 'complete', step: 'publish' },
      { type: 'complete', step: 'sign' },
    ]);
    const state = new StateComment(ISSUE, STATE_ID, waiting);
    nock.cleanAll(); // this test reads a config of its own
    serveBlobs();
    scope = nock(API);
    mockConfig(scope, 'permissions:\n  approve: write\n');
    const login = someone('user');
    mockPermission(scope, login, 'write');
    mockReactions(scope, COMMENT_ID, ['confused']);
    state.list(scope);
    const replies: string[] = [];
    mockReply(scope, ISSUE, replies);
    await app.receive('issue_comment', commentPayload(ISSUE, COMMENT_ID, login, '/mol approve sign'));
    expect(replies[0]).toContain(
      'approving step `sign` needs **maintain** permission on acme/widgets; you have **write**',
    );
    expect(state.edits).toEqual([]);
  });

  it("/mol skip of a step waiting for a maintainer's approval is refused to a writer: it would pass the gate", async () => {
    const waiting = reviewMolecule(ISSUE, [
      { type: 'complete', step: 'draft' },
      { type: 'complete', step: 'publish' },
      { type: 'complete', step: 'sign' },
    ]);
    const state = new StateComment(ISSUE, STATE_ID, waiting);
    const { send, seen, login } = command('/mol skip sign', 'write', state, ['confused']);
    const replies: string[] = [];
    mockReply(scope, ISSUE, replies);
    await send();
    expect(replies[0]).toBe(
      `<!-- molecular:reply-to ${COMMENT_ID} -->\n@${login}\n\n\`/mol skip sign\` — skipping step \`sign\` needs **maintain** permission on acme/widgets; you have **write**`,
    );
    expect(seen).toEqual(['confused']);
    expect(state.edits).toEqual([]);
    expect(stepStatus(state.mol(), 'sign')).toBe('awaiting_gate');
  });

  it('comments by bots are ignored without a single call', async () => {
    await app.receive(
      'issue_comment',
      commentPayload(ISSUE, COMMENT_ID, 'molecular[bot]', '/mol burn', { type: 'Bot' }),
    );
    await app.receive(
      'issue_comment',
      commentPayload(ISSUE, COMMENT_ID, 'renovate[bot]', '/mol done draft', { type: 'Bot' }),
    );
    await app.receive(
      'issue_comment',
      commentPayload(ISSUE, COMMENT_ID, 'alice', '/mol burn', { action: 'edited' }),
    );
    await app.receive('issue_comment', commentPayload(ISSUE, COMMENT_ID, 'alice', 'no command here'));
    expect(scope.isDone()).toBe(false); // not even the config was read
    nock.cleanAll();
  });

  it('a state comment forged by a person is ignored and the reply says so', async () => {
    const forged = new StateComment(ISSUE, STATE_ID, reviewMolecule(ISSUE), 'mallory');
    const { send, seen } = command('/mol done draft', 'write', forged, ['confused']);
    const replies: string[] = [];
    mockReply(scope, ISSUE, replies);
    await send();
    expect(replies[0]).toContain('there is no molecule on this issue');
    expect(replies[0]).toContain(`comment #${STATE_ID} looks like one but was ignored`);
    expect(replies[0]).toContain('written by @\u200bmallory, who is not a trusted writer');
    expect(seen).toEqual(['confused']);
    expect(forged.edits).toEqual([]);
    expect(app.logs.some((l) => l.level === 40 && l.msg.includes('state-untrusted'))).toBe(true);
  });

  it('a state comment edited by hand after the App wrote it is ignored', async () => {
    const edited = new StateComment(
      ISSUE,
      STATE_ID,
      stateBody(reviewMolecule(ISSUE), new Date(NOW.getTime() - 3_600_000)),
    );
    const { send } = command('/mol done draft', 'write', edited, ['confused']);
    const replies: string[] = [];
    mockReply(scope, ISSUE, replies);
    await send();
    expect(replies[0]).toMatch(
      /was edited at 2026-04-01T12:00:00.000Z, after Molecular wrote it at 2026-04-01T11:00:00.000Z/,
    );
    expect(edited.edits).toEqual([]);
  });

  it('a redelivered comment that was answered already does nothing more', async () => {
    const state = new StateComment(ISSUE, STATE_ID, reviewMolecule(ISSUE));
    const login = someone('user');
    // A status-only comment has no 👀: the answer among the issue's comments is what it finds.
    const answer = commentJson(
      9001,
      ISSUE,
      `@${login} …\n\n<!-- molecular:reply-to ${COMMENT_ID} -->`,
      'molecular[bot]',
    );
    state.list(scope, [answer]);
    await app.receive('issue_comment', commentPayload(ISSUE, COMMENT_ID, login, '/mol status'));
    expect(state.edits).toEqual([]);
  });
});
