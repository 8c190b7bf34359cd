import { Octokit } from '@octokit/rest';
import { describe, expect, it } from 'vitest';
import type { Molecule } from '../../src/engine/molecule/molecule-schema.js';
import { STEP_REPORT_EVENT } from '../../src/webhooks/step-report.js';
import { signStepReport } from '../../src/webhooks/step-report-signature.js';
import { issueEvent, workflowRunEvent } from '../helpers/fake-github/webhook-payloads.js';
import { type AppWorldOptions, useAppWorld } from './app-world.js';

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
max_retries = 1
description = "Test it."

[[steps]]
id = "deploy"
title = "Deploy"
needs = ["test"]
description = "Ship it once a maintainer agrees."
gate = { type = "approval", permission = "maintain" }
`;

const SHA = 'a'.repeat(40);

const SHIP_WORLD: AppWorldOptions = {
  formulas: { ship: SHIP },
  people: { alice: 'write', mona: 'maintain' },
  issue: { title: 'Ship it', author: 'alice', labels: ['formula:ship'] },
};

const step = (mol: Molecule, id: string) => mol.steps.find((s) => s.id === id);

describe('a distributed molecule driven by its step jobs', () => {
  const world = useAppWorld(SHIP_WORLD);
  const { app, molecule, report } = world;

  it('dispatches each ready step, applies reports, fails a job that ended silently, and gates on approval', async () => {
    const { issue } = world;
    const poured = await app.send('issues', issueEvent(app.gh, 'alice', 'labeled', issue, 'formula:ship'));
    expect(poured.status).toBe(200);
    let mol = molecule();
    expect(app.gh.state.workflowDispatches.map((d) => [d.workflow_id, d.ref, d.inputs])).toEqual([
      ['molecular-step.yml', 'main', { molecule: mol.id, step: 'build', base: 'main' }],
    ]);

    await report({ molecule: mol.id, step: 'build', event: 'start', runId: 900 });
    expect(step(molecule(), 'build')?.lease?.runId).toBe('900');
    const completed = await report({
      molecule: mol.id,
      step: 'build',
      event: 'complete',
      runId: '900',
      branch: `molecular/${mol.id}/build`,
      checkpoint: {
        commit: SHA,
        filesModified: ['a.txt'],
        testsPassed: true,
        notes: 'built',
        capturedAt: new Date().toISOString(),
      },
    });
    expect(completed.status).toBe(200);
    mol = molecule();
    expect(step(mol, 'build')?.status).toBe('completed');
    expect(app.gh.state.workflowDispatches.at(-1)?.inputs).toEqual({
      molecule: mol.id,
      step: 'test',
      base: `molecular/${mol.id}/build`,
    });

    // The same report again (a re-run job, a redelivery) records nothing twice and starts nothing.
    const again = await report({ molecule: mol.id, step: 'build', event: 'complete', runId: '900' });
    expect(again.status).toBe(200);
    expect(molecule().rev).toBe(mol.rev);
    expect(app.gh.state.workflowDispatches).toHaveLength(2);

    // The test job takes its lease, then its run ends without a report: the step fails and is retried.
    await report({ molecule: mol.id, step: 'test', event: 'start', runId: 901 });
    app.gh.state.workflowRuns.set(901, {
      id: 901,
      path: '.github/workflows/molecular-step.yml',
      display_title: `molecular ${mol.id} / test`,
      status: 'completed',
      conclusion: 'failure',
      event: 'workflow_dispatch',
    });
    const ended = await app.send('workflow_run', workflowRunEvent(app.gh, 'completed', 901));
    expect(ended.status).toBe(200);
    mol = molecule();
    expect(step(mol, 'test')?.status).toBe('ready');
    expect(step(mol, 'test')?.error).toMatch(/run 901\) ended failure without reporting/);
    expect(app.gh.state.workflowDispatches.at(-1)?.inputs).toMatchObject({ step: 'test' });
    expect(app.gh.state.workflowDispatches).toHaveLength(3);

    // A report from a run that does not hold the step's lease is refused.
    await report({ molecule: mol.id, step: 'test', event: 'start', runId: 902 });
    const stale = await report({ molecule: mol.id, step: 'test', event: 'complete', runId: 901 });
    expect(stale.status).toBe(200);
    expect(step(molecule(), 'test')?.status).toBe('in_progress');
    await report({
      molecule: mol.id,
      step: 'test',
      event: 'complete',
      runId: 902,
      checkpoint: {
        commit: SHA,
        filesModified: [],
        testsPassed: true,
        notes: '',
        capturedAt: new Date().toISOString(),
      },
    });

    // deploy has no work (a gate step): its approval waits as soon as test is done, with no job
    // dispatched; its check run is on the commit it gates, with Skip.
    mol = molecule();
    expect(app.gh.state.workflowDispatches.map((d) => d.inputs?.step)).not.toContain('deploy');
    expect(step(mol, 'deploy')?.status).toBe('awaiting_gate');
    const check = app.gh.state.checkRuns.find((r) => r.name === 'molecular / ship / deploy');
    expect(check).toMatchObject({ head_sha: SHA, status: 'in_progress', external_id: `${mol.id}/deploy` });
    expect(check?.output.summary).toMatch(/approval\*\* waiting/);
    expect(check?.actions.map((a) => a.identifier)).toEqual(['skip']);

    // alice (write) may not approve a maintain gate; mona (maintain) may.
    await app.comment(issue, 'alice', '/mol approve deploy');
    expect(step(molecule(), 'deploy')?.status).toBe('awaiting_gate');
    await app.comment(issue, 'mona', '/mol approve deploy');
    mol = molecule();
    expect(step(mol, 'deploy')?.status).toBe('completed');
    expect(mol.status).toBe('complete');
    expect(app.gh.state.checkRuns.find((r) => r.name === 'molecular / ship / deploy')).toMatchObject({
      status: 'completed',
      conclusion: 'success',
    });
    expect(app.errors()).toEqual([]);
  });

  it('burn deletes the state comment and every molecular/<id>/ branch, and nothing else', async () => {
    const { issue } = world;
    await app.send('issues', issueEvent(app.gh, 'alice', 'labeled', issue, 'formula:ship'));
    const mol = molecule();
    app.gh.state.refs.set(`refs/heads/molecular/${mol.id}/build`, SHA);
    app.gh.state.refs.set(`refs/heads/molecular/${mol.id}/test`, SHA);
    app.gh.state.refs.set('refs/heads/molecular/other-mol/build', SHA);
    const burned = await app.comment(issue, 'alice', '/mol burn');
    expect(burned.status).toBe(200);
    expect([...app.gh.state.comments.values()].some((c) => c.body.includes('molecular:state'))).toBe(false);
    expect([...app.gh.state.allRefs().keys()].filter((r) => r.includes('molecular/'))).toEqual([
      'refs/heads/molecular/other-mol/build',
    ]);
    expect(app.gh.state.issues.get(issue)?.labels).not.toContain('molecule:active');
    expect(app.errors()).toEqual([]);
  });
});

describe('step reports with MOLECULAR_STATE_KEY set, sent through GitHub', () => {
  const KEY = 'the-installation-state-key';
  const world = useAppWorld({ ...SHIP_WORLD, app: { stateKey: KEY } });
  const { app, molecule } = world;

  /**
   * A report as a job sends it: POST /dispatches (validated against GitHub's description, which
   * allows 10 top-level fields), then the webhook GitHub makes of it, from `sender`.
   */
  async function report(fields: Record<string, unknown>, sender = 'github-actions[bot]') {
    const octokit = new Octokit({ baseUrl: app.gh.url, auth: 'workflow-token', request: { retries: 0 } });
    await octokit.rest.repos.createDispatchEvent({
      owner: 'acme',
      repo: 'widgets',
      event_type: STEP_REPORT_EVENT,
      client_payload: fields,
    });
    const sent = app.gh.state.repositoryDispatches.at(-1);
    return app.send(
      'repository_dispatch',
      app.payload(sender, { action: sent?.event_type, branch: 'main', client_payload: sent?.client_payload }),
    );
  }
  const signed = (fields: Record<string, unknown>, key = KEY) => signStepReport('acme/widgets', fields, key);
  const done = (molId: string, id: string, runId: string, extra: Record<string, unknown> = {}) => ({
    molecule: molId,
    step: id,
    event: 'complete',
    runId,
    leaseTtlMs: 3_600_000,
    branch: `molecular/${molId}/${id}`,
    checkpoint: {
      commit: SHA,
      filesModified: [],
      testsPassed: true,
      notes: '',
      capturedAt: new Date().toISOString(),
    },
    gates: [],
    ...extra,
  });
  const warned = (text: string) => app.logs.some((l) => l.level === 40 && l.msg.includes(text));

  it('applies the signed reports of the run holding each step; refuses the rest; never takes an approval from one', async () => {
    const { issue } = world;
    await app.send('issues', issueEvent(app.gh, 'alice', 'labeled', issue, 'formula:ship'));
    const id = molecule().id;
    const status = (s: string) => step(molecule(), s)?.status;

    await report(signed({ molecule: id, step: 'build', event: 'start', runId: '900' }));
    expect(step(molecule(), 'build')?.lease?.runId).toBe('900');
    // Unsigned, signed with a guessed key, sent by a writer, naming no run: each refused, nothing changes.
    const rev = molecule().rev;
    await report(done(id, 'build', '900'));
    await report(signed(done(id, 'build', '900'), 'a guess'));
    await report(done(id, 'build', '900'), 'alice');
    const { runId: _none, ...anonymous } = done(id, 'build', '900');
    await report(signed(anonymous));
    expect(molecule().rev).toBe(rev);
    expect(status('build')).toBe('in_progress');
    expect(warned('the step report carries no signature')).toBe(true);
    expect(warned('signature does not match')).toBe(true);
    expect(warned('sent by @alice, who may not send step reports here')).toBe(true);
    expect(warned('names no run id, but run 900 holds the step')).toBe(true);

    // The genuine report: every field the schema has but `error`, signed, within GitHub's 10.
    expect(Object.keys(signed(done(id, 'build', '900')))).toHaveLength(9);
    expect((await report(signed(done(id, 'build', '900')))).status).toBe(200);
    expect(status('build')).toBe('completed');
    for (const [s, run] of [
      ['test', '901'],
      ['deploy', '903'],
    ] as const) {
      await report(signed({ molecule: id, step: s, event: 'start', runId: run }));
      await report(
        signed(done(id, s, run, { gates: [{ type: 'approval', passed: true, detail: 'the job says so' }] })),
      );
    }
    expect(status('test')).toBe('completed');
    // A signed report from the holding run still cannot pass the approval gate.
    expect(status('deploy')).toBe('awaiting_gate');
    expect(warned(`step report ${id}/deploy: its approval result was ignored`)).toBe(true);
    await app.comment(issue, 'alice', '/mol approve deploy');
    expect(status('deploy')).toBe('awaiting_gate');
    await app.comment(issue, 'mona', '/mol approve deploy');
    expect(status('deploy')).toBe('completed');
    expect(molecule().status).toBe('complete');
    expect(app.errors()).toEqual([]);
  });
});
