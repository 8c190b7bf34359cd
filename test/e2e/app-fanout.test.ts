/**
 * Runtime fan-out (`on_complete` for_each / bond, issue 23) driven through the App by its step
 * jobs' reports, as test/e2e/app-distributed.test.ts drives a plain formula: the fan-out step's
 * report carries its output, the App makes the children and dispatches each as its own job, and
 * the `waits_for = "all-children"` step is dispatched once, after the last child.
 */
import { describe, expect, it } from 'vitest';
import type { Molecule } from '../../src/engine/molecule/molecule-schema.js';
import { issueEvent, workflowRunEvent } from '../helpers/fake-github/webhook-payloads.js';
import { type AppWorld, useAppWorld } from './app-world.js';

const ARM = `[vars]
who = { description = "the worker" }
[[template]]
id = "{target}.arm"
title = "Arm {{who}}"
description = "Arm {{who}}."
[[template]]
id = "{target}.check"
needs = ["{target}.arm"]
description = "Check {{who}}."
`;

const SURVEY = `formula = "survey"
execution = "distributed"

[[steps]]
id = "survey"
title = "Survey"
description = "List the workers, then print them as one JSON line."
[steps.on_complete]
for_each = "output.workers"
bond = "mol-arm"
vars = { who = "{item.name}" }

[[steps]]
id = "gather"
title = "Gather"
needs = ["survey"]
waits_for = "all-children"
description = "Gather what every worker did."
`;

const sha = (n: number) => n.toString(16).padStart(40, '0');
const step = (mol: Molecule, id: string) => mol.steps.find((s) => s.id === id);

/** Step jobs as the App sees them: each a start and a completion report, with what its command printed. */
function stepJobs(report: AppWorld['report']) {
  let runs = 900;
  return async (molId: string, id: string, output = '') => {
    const runId = String(runs++);
    await report({ molecule: molId, step: id, event: 'start', runId });
    const complete = {
      molecule: molId,
      step: id,
      event: 'complete',
      runId,
      branch: `molecular/${molId}/${id}`,
      checkpoint: {
        commit: sha(runs),
        filesModified: [],
        testsPassed: true,
        notes: '',
        capturedAt: new Date().toISOString(),
        ...(output ? { outputTail: output } : {}),
      },
    };
    const done = await report(complete);
    expect(done.status).toBe(200);
    return complete;
  };
}

describe('a fan-out on the App, driven by step reports', () => {
  const world = useAppWorld({
    formulas: { survey: SURVEY, 'mol-arm': ARM },
    people: { alice: 'write' },
    issue: { title: 'Arm the workers', author: 'alice', labels: ['formula:survey'] },
  });
  const { app, molecule, report } = world;
  const runStep = stepJobs(report);
  const dispatched = () => app.gh.state.workflowDispatches.map((d) => d.inputs?.step);

  it('dispatches every child as its own job from its parent branch, then the join once, and completes', async () => {
    const { issue } = world;
    await app.send('issues', issueEvent(app.gh, 'alice', 'labeled', issue, 'formula:survey'));
    const id = molecule().id;
    expect(dispatched()).toEqual(['survey']);

    const surveyed = await runStep(
      id,
      'survey',
      'surveyed\n{"workers": [{"name": "ada"}, {"name": "bob"}]}\n',
    );
    let mol = molecule();
    expect(step(mol, 'survey')?.fanout).toEqual([{ who: 'ada' }, { who: 'bob' }]);
    expect(mol.steps.map((s) => s.id)).toEqual([
      'survey',
      'gather',
      'survey.item.1.arm',
      'survey.item.1.check',
      'survey.item.2.arm',
      'survey.item.2.check',
    ]);
    // Each copy's entry step starts from the fan-out step's branch; the join waits.
    expect(app.gh.state.workflowDispatches.slice(1).map((d) => d.inputs)).toEqual([
      { molecule: id, step: 'survey.item.1.arm', base: `molecular/${id}/survey` },
      { molecule: id, step: 'survey.item.2.arm', base: `molecular/${id}/survey` },
    ]);

    // The same report again (a redelivery) makes no child twice and dispatches nothing.
    const rev = molecule().rev;
    await report(surveyed);
    expect(molecule().rev).toBe(rev);
    expect(app.gh.state.workflowDispatches).toHaveLength(3);

    await runStep(id, 'survey.item.1.arm');
    expect(app.gh.state.workflowDispatches.at(-1)?.inputs).toEqual({
      molecule: id,
      step: 'survey.item.1.check',
      base: `molecular/${id}/survey.item.1.arm`,
    });
    await runStep(id, 'survey.item.1.check');
    await runStep(id, 'survey.item.2.arm');
    expect(dispatched()).not.toContain('gather');
    await runStep(id, 'survey.item.2.check');
    // The last child done: the join is dispatched once, on the merge of what it waited for.
    expect(dispatched().filter((s) => s === 'gather')).toHaveLength(1);
    mol = molecule();
    const join = app.gh.state.workflowDispatches.at(-1)?.inputs;
    expect(join?.step).toBe('gather');
    expect(String(join?.base).split(' ')).toEqual(
      mol.steps.filter((s) => s.id !== 'gather').map((s) => `molecular/${id}/${s.id}`),
    );
    await runStep(id, 'gather');
    mol = molecule();
    expect(mol.steps.map((s) => [s.id, s.status])).toEqual(mol.steps.map((s) => [s.id, 'completed']));
    expect(mol.status).toBe('complete');
    expect(dispatched().sort()).toEqual(mol.steps.map((s) => s.id).sort());
    // The state comment names the children, their titles filled from the items.
    const body = world.stateComments()[0]?.body ?? '';
    expect(body).toContain('survey.item.2.check');
    expect(body).toContain('Arm bob');
    expect(app.errors()).toEqual([]);
  });

  it("fails a child whose job ended without reporting, by its run's name with the dotted id, and dispatches it again", async () => {
    const { issue } = world;
    await app.send('issues', issueEvent(app.gh, 'alice', 'labeled', issue, 'formula:survey'));
    const id = molecule().id;
    await runStep(id, 'survey', '{"workers": [{"name": "ada"}]}');
    const child = 'survey.item.1.arm';
    await report({ molecule: id, step: child, event: 'start', runId: 990 });
    app.gh.state.workflowRuns.set(990, {
      id: 990,
      path: '.github/workflows/molecular-step.yml',
      display_title: `molecular ${id} / ${child}`,
      status: 'completed',
      conclusion: 'failure',
      event: 'workflow_dispatch',
    });
    const ended = await app.send('workflow_run', workflowRunEvent(app.gh, 'completed', 990));
    expect(ended.status).toBe(200);
    expect(step(molecule(), child)).toMatchObject({
      status: 'ready',
      error: expect.stringMatching(/run 990\) ended failure without reporting/),
    });
    expect(dispatched()).toEqual(['survey', child, child]);
    expect(app.errors()).toEqual([]);
  });

  it('fails the fan-out step with one line when its output has no array; each attempt is dispatched once, no child ever', async () => {
    const { issue } = world;
    await app.send('issues', issueEvent(app.gh, 'alice', 'labeled', issue, 'formula:survey'));
    const id = molecule().id;
    const line = 'step "survey": on_complete for_each "output.workers": the output has no array there';
    // The App's default_retries (2) give the step two more attempts, as `mol run` does locally.
    for (const attempt of [1, 2]) {
      await runStep(id, 'survey', '{"workers": 3}');
      expect(step(molecule(), 'survey')).toMatchObject({ status: 'ready', attempts: attempt, error: line });
      expect(dispatched()).toEqual(Array(attempt + 1).fill('survey'));
    }
    await runStep(id, 'survey', '{"workers": 3}');
    const mol = molecule();
    expect(step(mol, 'survey')).toMatchObject({ status: 'failed', attempts: 3, error: line });
    expect(mol.status).toBe('failed');
    expect(mol.steps.map((s) => s.id)).toEqual(['survey', 'gather']);
    expect(dispatched()).toEqual(['survey', 'survey', 'survey']);
    expect(world.stateComments()[0]?.body).toContain(line.replaceAll('_', '\\_'));
    expect(app.errors()).toEqual([]);
  });
});

describe('a sequential fan-out on the App', () => {
  const world = useAppWorld({
    formulas: {
      survey: SURVEY.replace('bond = "mol-arm"', 'bond = "mol-arm"\nsequential = true'),
      'mol-arm': ARM,
    },
    people: { alice: 'write' },
    issue: { title: 'Arm the workers', author: 'alice', labels: ['formula:survey'] },
  });
  const { app, molecule, report } = world;

  it("dispatches the next copy only when the previous copy's last step is done, from its branch too", async () => {
    await app.send('issues', issueEvent(app.gh, 'alice', 'labeled', world.issue, 'formula:survey'));
    const id = molecule().id;
    const done = stepJobs(report);
    const inputs = () => app.gh.state.workflowDispatches.map((d) => d.inputs);
    await done(id, 'survey', '{"workers": [{"name": "ada"}, {"name": "bob"}]}');
    expect(inputs().slice(1)).toEqual([
      { molecule: id, step: 'survey.item.1.arm', base: `molecular/${id}/survey` },
    ]);
    await done(id, 'survey.item.1.arm');
    await done(id, 'survey.item.1.check');
    expect(inputs().at(-1)).toEqual({
      molecule: id,
      step: 'survey.item.2.arm',
      base: `molecular/${id}/survey molecular/${id}/survey.item.1.check`,
    });
    await done(id, 'survey.item.2.arm');
    await done(id, 'survey.item.2.check');
    await done(id, 'gather');
    expect(molecule().status).toBe('complete');
    expect(app.errors()).toEqual([]);
  });
});
