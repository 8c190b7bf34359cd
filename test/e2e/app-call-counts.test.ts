/**
 * GitHub API calls per operation (BENCHMARKS.md), counted at the fake server, with a warm App:
 * its token, its identity and the repository's config were read by an earlier delivery (the
 * config is then kept for a minute). Both lock modes: the default takes the git-ref lease around
 * every write (the ref and its deletion, plus the lock commit when the process made none in the
 * last half lease) and reads every edit back before it lets the lease go; `lock: none` takes no
 * lease.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { STEP_REPORT_EVENT } from '../../src/webhooks/step-report.js';
import { actorFor } from '../helpers/fake-github/index.js';
import { issueEvent } from '../helpers/fake-github/webhook-payloads.js';
import { type AppHarness, startAppHarness, workCalls } from './app-harness.js';

const REVIEW = `
formula = "review"
execution = "local"
[[steps]]
id = "draft"
title = "Draft"
description = "Write it."
[[steps]]
id = "publish"
title = "Publish"
needs = ["draft"]
description = "Put it out."
`;

const SHIP = `
formula = "ship"
execution = "distributed"
[[steps]]
id = "build"
title = "Build"
description = "Build it."
[[steps]]
id = "test"
title = "Test"
needs = ["build"]
description = "Test it."
`;

const LOCK = ['POST git/create-commit', 'POST git/create-ref'];
/** The lock commit made for the pour serves the later leases of the same process. */
const RELOCK = ['POST git/create-ref'];
const UNLOCK = ['DELETE git/delete-ref'];

let app: AppHarness;

afterEach(async () => {
  await app.close();
  expect(app.gh.violations).toEqual([]);
  expect(app.errors()).toEqual([]);
});

let run = 0;

async function measure(config: string) {
  app = await startAppHarness();
  // The permission cache is per process: new people each run, so each run looks them up once.
  run += 1;
  const alice = `alice${run}`;
  const bob = `bob${run}`;
  const carol = `carol${run}`;
  const { state } = app.gh;
  state.files.set('.github/molecular.yml', config);
  state.files.set('.github/formulas/review.formula.toml', REVIEW);
  state.files.set('.github/formulas/ship.formula.toml', SHIP);
  state.collaborators.set(alice, 'write');
  state.collaborators.set(bob, 'write');
  state.collaborators.set(carol, 'read');
  const issue = state.addIssue({ title: 'x', user: actorFor(alice) }).number;
  const label = (name: string) => app.send('issues', issueEvent(app.gh, alice, 'labeled', issue, name));

  await label('bug'); // warm-up: token, identity, config
  const pour = workCalls((await label('formula:review')).calls);
  const command = workCalls((await app.comment(issue, bob, '/mol done draft')).calls);
  const status = workCalls((await app.comment(issue, bob, '/mol status')).calls);
  // carol was never looked up: GitHub's author_association (COLLABORATOR) stands in for `read`.
  const firstStatus = workCalls((await app.comment(issue, carol, '/mol status')).calls);

  const shipIssue = state.addIssue({ title: 'y', user: actorFor(alice) }).number;
  await app.send('issues', issueEvent(app.gh, alice, 'labeled', shipIssue, 'formula:ship'));
  const comment = [...state.comments.values()].find((c) => c.issue_number === shipIssue);
  const id = /"id":"([^"]+)"/.exec(comment?.body ?? '')?.[1] ?? '';
  const report = (client_payload: Record<string, unknown>) =>
    app.send(
      'repository_dispatch',
      app.payload('github-actions[bot]', {
        action: STEP_REPORT_EVENT,
        branch: state.defaultBranch,
        client_payload,
      }),
    );
  await report({ molecule: id, step: 'build', event: 'start', runId: 1 });
  const completion = workCalls(
    (
      await report({
        molecule: id,
        step: 'build',
        event: 'complete',
        runId: 1,
        branch: `molecular/${id}/build`,
      })
    ).calls,
  );
  expect(state.workflowDispatches.map((d) => d.inputs.step)).toEqual(['build', 'test']);
  return { pour, command, status, firstStatus, completion };
}

describe('API calls per operation', () => {
  it('default lock (auto = the git-ref lease): pour 9, command 7 + 1 permission, status 3, completion with next dispatch 6', async () => {
    const { pour, command, status, firstStatus, completion } = await measure(
      'trusted_writers: ["molecular[bot]", "github-actions[bot]"]\n',
    );
    expect(pour).toEqual([
      'GET repos/get-collaborator-permission-level', // may alice pour? (cached for a minute)
      'GET repos/get-content', // the formula and its blob sha, from the default branch
      ...LOCK,
      'POST graphql MolecularComments', // is the id taken?
      'POST issues/create-comment',
      'POST graphql MolecularComment', // did it stick?
      'POST issues/add-labels', // molecule:active
      ...UNLOCK,
    ]);
    expect(command).toEqual([
      // No 👀 first: the 🚀 comes a moment later, and the history's key stops a redelivery.
      'POST graphql MolecularComments', // the molecules on the issue
      'GET repos/get-collaborator-permission-level', // bob's level (cached for a minute)
      ...RELOCK,
      'POST graphql MolecularComments', // the state, read under the lock
      'PATCH issues/update-comment',
      'POST graphql MolecularComment',
      ...UNLOCK,
      'POST reactions/create-for-issue-comment', // 🚀
    ]);
    expect(status).toEqual([
      'POST graphql MolecularComments', // the molecules on the issue (bob's level is cached)
      'POST reactions/create-for-issue-comment', // 🚀: the answer itself stands in for 👀
      'POST issues/create-comment',
    ]);
    expect(firstStatus).toEqual(status);
    expect(completion).toEqual([
      ...RELOCK,
      'POST graphql MolecularComments',
      'PATCH issues/update-comment',
      'POST graphql MolecularComment',
      ...UNLOCK,
      'POST actions/create-workflow-dispatch',
    ]);
  });

  it('lock: none: pour 6, command 5 + 1 permission, completion with next dispatch 4', async () => {
    const { pour, command, completion } = await measure('lock: none\n');
    const lockCalls = (calls: string[]) => calls.filter((c) => c.includes(' git/'));
    expect(lockCalls(pour)).toEqual([]);
    expect(pour).toHaveLength(6);
    expect(lockCalls(command)).toEqual([]);
    expect(command.filter((c) => !c.includes('permission'))).toHaveLength(5);
    expect(completion).toEqual([
      'POST graphql MolecularComments',
      'PATCH issues/update-comment',
      'POST graphql MolecularComment',
      'POST actions/create-workflow-dispatch',
    ]);
  });
});
