/**
 * The App's patrol timer end to end against the fake GitHub, whose GraphQL is GitHub's schema
 * executed over its state: the real survey query is validated as GitHub validates it (a document
 * GitHub refuses fails here as it fails there), then a distributed molecule whose first dispatch
 * was never picked up is dispatched again by a timer round, and a pull request GitHub refused when
 * the molecule completed is opened by a round once `redispatch_after` has passed, once.
 */
import { describe, expect, it } from 'vitest';
import { issueEvent } from '../helpers/fake-github/webhook-payloads.js';
import { useAppWorld } from './app-world.js';

const SHIP = `
formula = "ship"
execution = "distributed"

[[steps]]
id = "build"
title = "Build"
description = "Build it."
`;

const SHIP_PR = `
formula = "ship"
execution = "distributed"

[pull_request]
title = "Ship {{title}}"

[[steps]]
id = "build"
title = "Build"
description = "Build it."
`;

const MINUTE = 60_000;

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 400 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 25));
  if (!condition()) throw new Error(`gave up waiting for ${what}`);
}

describe('the App patrol timer', () => {
  let now = Date.parse('2026-04-01T12:00:00.000Z');
  const clock = () => new Date(now);
  const world = useAppWorld({
    fake: { clock },
    app: { now: clock, patrolIntervalMs: 20 },
    formulas: { ship: SHIP },
    people: { alice: 'write' },
    issue: { title: 'Ship it', author: 'alice', labels: ['formula:ship'] },
  });
  const { app, gh } = world;

  it('surveys through GitHub’s schema and re-dispatches a step nobody picked up', async () => {
    const poured = await app.send('issues', issueEvent(gh, 'alice', 'labeled', world.issue, 'formula:ship'));
    expect(poured.status).toBe(200);
    expect(gh.state.workflowDispatches.map((d) => d.inputs.step)).toEqual(['build']);

    // Rounds before the step has waited long enough change nothing.
    const surveys = () => gh.requests.filter((r) => r.graphqlOperation === 'MolecularSurvey');
    await until(() => surveys().length >= 2, 'two patrol rounds');
    expect(gh.state.workflowDispatches).toHaveLength(1);

    now += 31 * MINUTE;
    await until(() => gh.state.workflowDispatches.length === 2, 'the re-dispatch');
    expect(gh.state.workflowDispatches.map((d) => d.inputs.step)).toEqual(['build', 'build']);
    expect(surveys().every((r) => r.status === 200 && r.login === 'molecular[bot]')).toBe(true);
    expect(gh.violations).toEqual([]);
    expect(gh.responseViolations).toEqual([]);
    expect(app.errors()).toEqual([]);
    expect(app.logs.filter((l) => /patrol/.test(l.msg) && l.level >= 40)).toEqual([]);
  });
});

describe('the App patrol timer and a delivery that never happened', () => {
  let now = Date.parse('2026-04-01T12:00:00.000Z');
  const clock = () => new Date(now);
  const world = useAppWorld({
    fake: { clock },
    app: { now: clock, patrolIntervalMs: 20 },
    formulas: { ship: SHIP_PR },
    people: { alice: 'write' },
    issue: { title: 'Ship it', author: 'alice', labels: ['formula:ship'] },
  });
  const { app, gh } = world;

  it('opens the refused pull request once redispatch_after has passed, says so, and stops', async () => {
    const poured = await app.send('issues', issueEvent(gh, 'alice', 'labeled', world.issue, 'formula:ship'));
    expect(poured.status).toBe(200);
    const molId = world.molecule().id;
    const branch = `molecular/${molId}/build`;
    gh.state.branchFiles.set(branch, new Map([...gh.state.files, ['build.txt', 'built\n']]));
    // As GitHub answers an App installed without pull requests: write.
    gh.failNext(
      { operationId: 'pulls/create' },
      { status: 403, body: { message: 'Resource not accessible by integration' } },
    );
    const reported = await world.report({
      molecule: molId,
      step: 'build',
      event: 'complete',
      runId: '1',
      branch,
      checkpoint: {
        commit: gh.state.branchSha(branch),
        filesModified: ['build.txt'],
        testsPassed: true,
        notes: 'built',
        capturedAt: clock().toISOString(),
      },
    });
    expect(reported.status).toBe(200);
    expect(world.molecule().status).toBe('complete');
    expect(gh.state.pulls.size).toBe(0);
    const said = () =>
      [...gh.state.comments.values()]
        .filter((c) => c.issue_number === world.issue && !c.body.includes('molecular:state'))
        .map((c) => c.body);
    expect(said().join('\n')).toContain('patrol will try again later (try 1 of 5)');

    // Rounds within the grace period leave it to the job that may be delivering it now.
    const surveys = () => gh.requests.filter((r) => r.graphqlOperation === 'MolecularSurvey').length;
    const seen = surveys();
    await until(() => surveys() >= seen + 2, 'two patrol rounds');
    expect(gh.state.pulls.size).toBe(0);

    now += 31 * MINUTE;
    // The round records the pull request, then says so on the issue.
    await until(() => said().some((c) => c.includes('patrol delivered it')), 'the redelivery said');
    const pulls = [...gh.state.pulls.values()];
    expect(pulls.map((p) => p.head.ref)).toEqual([`molecular/${molId}/-result`]);
    expect(world.molecule().delivery?.pr).toBe(pulls[0]?.number);
    expect(said().at(-1)).toContain(`patrol delivered it (try 1): #${pulls[0]?.number}`);
    expect(gh.state.issues.get(world.issue)?.labels).toContain('molecule:complete');
    expect(gh.state.issues.get(world.issue)?.labels).not.toContain('molecule:active');

    // Delivered: later rounds, however late, open nothing more.
    now += 24 * 60 * MINUTE;
    const after = surveys();
    await until(() => surveys() >= after + 2, 'two more patrol rounds');
    expect(gh.state.pulls.size).toBe(1);
    expect(world.molecule().history.filter((h) => h.event === 'redeliver')).toHaveLength(1);
    expect(gh.violations).toEqual([]);
    expect(gh.responseViolations).toEqual([]);
    expect(app.errors()).toEqual([]);
  });
});
