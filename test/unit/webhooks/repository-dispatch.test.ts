/**
 * Who may have a step report believed: the sender, the signature (with a state key), the run
 * that holds the step, and never an approval. Through the real App, GitHub played by nock: a
 * refused report must cost no state read (only the config) or, refused on the molecule, no write.
 */
import nock from 'nock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MoleculeEvent } from '../../../src/engine/molecule/ops/events.js';
import { forgetProtos } from '../../../src/shell/formulas/load-proto.js';
import { STEP_REPORT_EVENT } from '../../../src/webhooks/step-report.js';
import { signStepReport } from '../../../src/webhooks/step-report-signature.js';
import {
  API,
  mockConfig,
  NOW,
  repository,
  reviewMolecule,
  StateComment,
  serveBlobs,
  stateBody,
  stepStatus,
  type TestApp,
  testApp,
  unmatched,
} from '../app/nock.js';

const ISSUE = 7;
const STATE_ID = 500;
const MOL = `${ISSUE}-abc123`;
const KEY = 'state-key-of-this-installation';
const SHA = 'c'.repeat(40);

let app: TestApp;
let scope: nock.Scope;

beforeEach(() => {
  forgetProtos();
  nock.disableNetConnect();
  serveBlobs();
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

const lease = (step: string, runId: string): MoleculeEvent => ({
  type: 'start',
  step,
  lease: { holder: `run ${runId}`, runId, ttlMs: 3_600_000 },
});

/** `draft` held by run 1. */
const draftLeased = () => reviewMolecule(ISSUE, [lease('draft', '1')]);

/** draft and publish done; `sign` (a gate step: an approval that needs maintain) waits for it. */
const signWaiting = () =>
  reviewMolecule(ISSUE, [
    lease('draft', '1'),
    { type: 'complete', step: 'draft' },
    lease('publish', '2'),
    { type: 'complete', step: 'publish' },
  ]);

const checkpoint = {
  commit: SHA,
  filesModified: ['draft.md'],
  testsPassed: true,
  notes: 'ok',
  capturedAt: NOW.toISOString(),
};

function dispatch(client_payload: unknown, sender = 'github-actions[bot]') {
  return {
    action: STEP_REPORT_EVENT,
    branch: 'main',
    client_payload,
    repository: repository(),
    sender: { login: sender, type: sender.endsWith('[bot]') ? 'Bot' : 'User' },
  };
}

const warned = (text: string) => app.logs.some((l) => l.level === 40 && l.msg.includes(text));

describe('the sender of a step report', () => {
  beforeEach(async () => {
    app = await testApp();
  });

  it('a writer who dispatches a report themselves is refused before the molecule is read', async () => {
    mockConfig(scope);
    // No state routes: a refused sender costs the config and nothing else.
    await app.receive(
      'repository_dispatch',
      dispatch(
        {
          molecule: MOL,
          step: 'sign',
          event: 'complete',
          runId: '3',
          gates: [{ type: 'approval', passed: true, detail: 'approved by myself' }],
        },
        'mallory',
      ),
    );
    expect(warned('step report refused: sent by @mallory, who may not send step reports here')).toBe(true);
    expect(warned('allowed: molecular[bot], github-actions[bot]')).toBe(true);
  });

  it('step_report_senders names who may send instead (a PAT or another app), and then only them', async () => {
    mockConfig(scope, 'step_report_senders: ["ci-bot"]\n');
    const state = new StateComment(ISSUE, STATE_ID, draftLeased());
    state.list(scope).get(scope).write(scope);
    await app.receive(
      'repository_dispatch',
      dispatch({ molecule: MOL, step: 'draft', event: 'complete', runId: '1', checkpoint }, 'CI-Bot'),
    );
    expect(stepStatus(state.mol(), 'draft')).toBe('completed');
    await app.receive(
      'repository_dispatch',
      dispatch({ molecule: MOL, step: 'publish', event: 'start', runId: '2' }, 'github-actions[bot]'),
    );
    expect(warned('sent by @github-actions[bot], who may not send step reports here (allowed: ci-bot;')).toBe(
      true,
    );
    expect(state.edits).toHaveLength(1);
  });
});

describe('the signature of a step report, with MOLECULAR_STATE_KEY set', () => {
  beforeEach(async () => {
    app = await testApp({ stateKey: KEY });
  });

  const complete = { molecule: MOL, step: 'draft', event: 'complete', runId: '1', checkpoint };

  it('a report without one, with one made by another key, or changed after signing is refused unread; signed with the key, it is applied', async () => {
    mockConfig(scope);
    await app.receive('repository_dispatch', dispatch(complete));
    expect(
      warned('step report from @github-actions[bot] refused: the step report carries no signature'),
    ).toBe(true);
    await app.receive('repository_dispatch', dispatch(signStepReport('acme/widgets', complete, 'a guess')));
    const changed = { ...signStepReport('acme/widgets', complete, KEY), step: 'publish' };
    await app.receive('repository_dispatch', dispatch(changed));
    expect(app.logs.filter((l) => l.level === 40 && l.msg.includes('signature does not match'))).toHaveLength(
      2,
    );

    const state = new StateComment(ISSUE, STATE_ID, stateBody(draftLeased(), NOW, KEY));
    state.list(scope).get(scope).write(scope);
    await app.receive('repository_dispatch', dispatch(signStepReport('acme/widgets', complete, KEY)));
    expect(stepStatus(state.mol(), 'draft')).toBe('completed');
    expect(state.mol().steps.find((s) => s.id === 'draft')?.checkpoint?.commit).toBe(SHA);
  });
});

describe('the run of a step report', () => {
  beforeEach(async () => {
    app = await testApp();
  });

  it('a completion or failure naming no run is refused while a run holds the step; the state is not written', async () => {
    mockConfig(scope);
    const state = new StateComment(ISSUE, STATE_ID, draftLeased());
    state.list(scope).get(scope).list(scope).list(scope);
    await app.receive('repository_dispatch', dispatch({ molecule: MOL, step: 'draft', event: 'complete' }));
    expect(
      warned(`step report ${MOL}/draft: a report for step "draft" of ${MOL} names no run id, but run 1`),
    ).toBe(true);
    await app.receive(
      'repository_dispatch',
      dispatch({ molecule: MOL, step: 'draft', event: 'fail', error: 'x' }),
    );
    expect(app.logs.filter((l) => l.level === 40 && l.msg.includes('names no run id'))).toHaveLength(2);
    await app.receive(
      'repository_dispatch',
      dispatch({ molecule: MOL, step: 'draft', event: 'fail', runId: 9 }),
    );
    expect(warned(`run 9 reported step "draft" of ${MOL}, but run 1 holds it now`)).toBe(true);
    expect(state.edits).toEqual([]);
  });
});

describe('approval results in a step report', () => {
  beforeEach(async () => {
    app = await testApp();
  });

  it('are ignored, and said so: a run reporting the step done leaves it waiting for /mol approve', async () => {
    mockConfig(scope);
    const state = new StateComment(ISSUE, STATE_ID, signWaiting());
    // Without the approval the report changes nothing: no write.
    state.list(scope).get(scope);
    await app.receive(
      'repository_dispatch',
      dispatch({
        molecule: MOL,
        step: 'sign',
        event: 'complete',
        runId: '3',
        gates: [{ type: 'approval', passed: true, detail: 'approved by the job' }],
      }),
    );
    expect(warned(`step report ${MOL}/sign: its approval result was ignored`)).toBe(true);
    const sign = state.mol().steps.find((s) => s.id === 'sign');
    expect(sign?.status).toBe('awaiting_gate');
    expect(sign?.gates).toEqual([expect.objectContaining({ type: 'approval', passed: null })]);
    expect(state.mol().status).not.toBe('complete');
  });
});
