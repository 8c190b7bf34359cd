/**
 * GitHub API calls per operation (BENCHMARKS.md), counted at the fake server, with a warm App:
 * its token, its identity and the repository's config were read by an earlier delivery (the
 * config is then kept for a minute). Both lock modes: the default takes the git-ref lease around
 * every write by git push (no API request; the fake serves the repository's git beside its API,
 * as GitHub does), and the released record carries the rev, so no edit is read back; `lock: none`
 * takes no lease. Where the host's git cannot reach the repository the App takes the lease over
 * the REST API: the ref and its deletion, plus the lock commit when the process made none in the
 * last half lease, and every edit read back.
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

let app: AppHarness;

afterEach(async () => {
  await app.close();
  expect(app.gh.violations).toEqual([]);
  expect(app.errors()).toEqual([]);
});

let run = 0;

async function measure(config: string, git = true) {
  app = await startAppHarness({}, {}, { git });
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
  const shipPour = workCalls(
    (await app.send('issues', issueEvent(app.gh, alice, 'labeled', shipIssue, 'formula:ship'))).calls,
  );
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
  return { pour, shipPour, command, status, firstStatus, completion };
}

describe('API calls per operation', () => {
  it('default lock (auto = the git-ref lease, by git push): pour 4 (with its dispatch 5), command 3 + 1 permission, status 3, completion with next dispatch 3', async () => {
    const { pour, shipPour, command, status, firstStatus, completion } = await measure(
      'trusted_writers: ["molecular[bot]", "github-actions[bot]"]\n',
    );
    expect(pour).toEqual([
      'POST graphql MolecularJobSnapshot', // the formulas folder and the issue's comments
      'GET repos/get-collaborator-permission-level', // may alice pour? (cached for a minute)
      // The lease is a push; on a lock ref nobody held, the snapshot's comments say the id is free.
      'POST issues/create-comment',
      'POST issues/add-labels', // molecule:active
    ]);
    expect(shipPour).toEqual([
      'POST graphql MolecularJobSnapshot',
      'POST issues/create-comment',
      'POST issues/add-labels',
      'POST actions/create-workflow-dispatch', // the first step
    ]);
    expect(command).toEqual([
      // No 👀 first: the 🚀 comes a moment later, and the history's key stops a redelivery.
      'POST graphql MolecularComments', // the molecules on the issue
      'GET repos/get-collaborator-permission-level', // bob's level (cached for a minute)
      // The pour's released record says rev 1, which that listing shows: no read under the lease.
      'PATCH issues/update-comment',
      'POST reactions/create-for-issue-comment', // 🚀
    ]);
    expect(status).toEqual([
      'POST graphql MolecularComments', // the molecules on the issue (bob's level is cached)
      'POST reactions/create-for-issue-comment', // 🚀: the answer itself stands in for 👀
      'POST issues/create-comment',
    ]);
    expect(firstStatus).toEqual(status);
    expect(completion).toEqual([
      'POST graphql MolecularComments', // the state, read under the lease
      'PATCH issues/update-comment',
      'POST actions/create-workflow-dispatch',
    ]);
    // Every lease was a push with the installation's token, and given back.
    const pushes = app.gh.gitRequests.filter((r) => r.service === 'receive-pack');
    expect(pushes.length).toBeGreaterThanOrEqual(8);
    expect(new Set(pushes.map((r) => r.login))).toEqual(new Set(['molecular[bot]']));
    expect(app.logs.filter((l) => l.level >= 40)).toEqual([]);
  });

  it('default lock where git cannot reach the repository: the REST lease, said once in the log', async () => {
    const { pour, command, completion } = await measure('', false);
    expect(pour).toEqual([
      'POST graphql MolecularJobSnapshot',
      'GET repos/get-collaborator-permission-level',
      'POST git/create-commit', // the lock commit, made once for half a lease
      'POST git/create-ref',
      'POST graphql MolecularComments', // is the id taken? (the REST lease records nothing)
      'POST issues/create-comment',
      'POST graphql MolecularComment', // did it stick?
      'POST issues/add-labels',
      'DELETE git/delete-ref',
    ]);
    expect(command).toEqual([
      'POST graphql MolecularComments',
      'GET repos/get-collaborator-permission-level',
      'POST git/create-ref',
      'POST graphql MolecularComments', // the state, read under the lease
      'PATCH issues/update-comment',
      'POST graphql MolecularComment',
      'DELETE git/delete-ref',
      'POST reactions/create-for-issue-comment',
    ]);
    expect(completion).toEqual([
      'POST git/create-ref',
      'POST graphql MolecularComments',
      'PATCH issues/update-comment',
      'POST graphql MolecularComment',
      'DELETE git/delete-ref',
      'POST actions/create-workflow-dispatch',
    ]);
    const warnings = app.logs.filter((l) => l.level === 40).map((l) => l.msg);
    expect(warnings.filter((m) => m.includes('the molecule lease is taken over the API'))).toHaveLength(1);
    expect(warnings.join('\n')).toContain(`git could not reach ${app.gh.origin}/acme/widgets.git`);
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
