/**
 * A gated step's check run through the App process and the fake GitHub, across a Retry and a
 * Skip clicked on it: a retried step gets a new run (a finished run keeps its conclusion on
 * GitHub) that lists its approval gate as not judged yet, and a skipped step's run says its gate
 * was not judged, not that an approval is waiting.
 */
import { describe, expect, it } from 'vitest';
import { actorFor } from '../helpers/fake-github/index.js';
import { checkRunEvent, issueEvent } from '../helpers/fake-github/webhook-payloads.js';
import { useAppWorld } from './app-world.js';

const SHIP = `
formula = "ship"
execution = "distributed"

[[steps]]
id = "build"
title = "Build"
description = "Build it."

[[steps]]
id = "deploy"
title = "Deploy"
needs = ["build"]
max_retries = 0
description = "Ship it once a maintainer agrees."
acceptance = "The release is out"
gate = { type = "approval", permission = "maintain" }
`;

const SHA = 'b'.repeat(40);
const RUN_NAME = 'molecular / ship / deploy';

describe("a gated step's check run across Retry and Skip", () => {
  const world = useAppWorld({
    formulas: { ship: SHIP },
    people: { alice: 'write', mona: 'maintain' },
    issue: { title: 'Ship it', author: 'alice', labels: ['formula:ship'] },
  });
  const { app, molecule, report } = world;

  const checkpoint = () => ({
    commit: SHA,
    filesModified: [],
    testsPassed: true,
    notes: '',
    capturedAt: new Date().toISOString(),
  });
  const runStep = async (molId: string, step: string, runId: number) => {
    await report({ molecule: molId, step, event: 'start', runId });
    await report({ molecule: molId, step, event: 'complete', runId, checkpoint: checkpoint() });
  };
  const runs = () => app.gh.state.checkRuns.filter((r) => r.name === RUN_NAME);
  const click = (id: number, identifier: 'retry' | 'skip') => {
    // GitHub fills in a run's details_url (the App's page) when the App gives none; the fake does not.
    const run = app.gh.state.checkRuns.find((r) => r.id === id);
    if (run) run.details_url ??= 'https://github.com/apps/molecular';
    return app.send('check_run', checkRunEvent(app.gh, 'mona', 'requested_action', id, identifier));
  };

  it('a retry starts a new run listing the approval gate; a skip says the gate was not judged', async () => {
    const { issue } = world;
    await app.send('issues', issueEvent(app.gh, 'alice', 'labeled', issue, 'formula:ship'));
    const molId = molecule().id;
    await runStep(molId, 'build', 900);
    await runStep(molId, 'deploy', 901);
    expect(runs()).toHaveLength(1);
    await app.comment(issue, 'mona', '/mol fail deploy the release notes are wrong');
    const failed = runs()[0];
    expect(failed).toMatchObject({ status: 'completed', conclusion: 'failure' });

    expect((await click(failed?.id ?? 0, 'retry')).status).toBe(200);
    expect(molecule().steps.find((s) => s.id === 'deploy')?.status).toBe('ready');
    const [old, retried] = runs();
    expect(old).toMatchObject({ id: failed?.id, status: 'completed', conclusion: 'failure' });
    expect(retried).toMatchObject({ status: 'queued', conclusion: null, head_sha: SHA });
    expect(retried?.output.summary).toContain('**approval** waiting: not judged yet');
    expect(retried?.output.summary).not.toContain('This step has no gates.');

    // The retry's job does the work again; the approval waits; a maintainer skips it instead.
    await runStep(molId, 'deploy', 902);
    expect(runs()).toHaveLength(2);
    expect(runs()[1]).toMatchObject({ status: 'in_progress' });
    expect((await click(runs()[1]?.id ?? 0, 'skip')).status).toBe(200);
    expect(molecule().steps.find((s) => s.id === 'deploy')?.status).toBe('skipped');
    const skipped = runs()[1];
    expect(skipped).toMatchObject({ status: 'completed', conclusion: 'skipped' });
    expect(skipped?.output.summary).toContain('**approval** not judged: the step was skipped');
    expect(skipped?.output.summary).not.toContain('waiting');
    expect(app.errors()).toEqual([]);
  });

  it('a gate step is judged as soon as its need is done: CI checks on the commit it gates', async () => {
    app.gh.state.files.set(
      '.github/formulas/ci.formula.toml',
      `formula = "ci"
execution = "distributed"
[[steps]]
id = "build"
description = "Build it."
[[steps]]
id = "await-ci"
needs = ["build"]
gate = { type = "checks", names = ["test"] }
[[steps]]
id = "ship"
needs = ["await-ci"]
description = "Ship it."
`,
    );
    app.gh.state.checkRuns.push({
      id: app.gh.state.nextId(),
      name: 'test',
      head_sha: SHA,
      status: 'completed',
      conclusion: 'success',
      started_at: null,
      completed_at: null,
      details_url: null,
      external_id: null,
      output: {},
      actions: [],
    });
    const ci = app.gh.state.addIssue({ title: 'CI', user: actorFor('alice'), labels: ['formula:ci'] }).number;
    await app.send('issues', issueEvent(app.gh, 'alice', 'labeled', ci, 'formula:ci'));
    const molId = molecule(ci).id;
    await runStep(molId, 'build', 910);
    const mol = molecule(ci);
    expect(mol.steps.map((s) => [s.id, s.status])).toEqual([
      ['build', 'completed'],
      ['await-ci', 'completed'],
      ['ship', 'ready'],
    ]);
    expect(app.gh.state.workflowDispatches.map((d) => d.inputs?.step)).toEqual(['build', 'ship']);
    expect(app.errors()).toEqual([]);
  });
});
