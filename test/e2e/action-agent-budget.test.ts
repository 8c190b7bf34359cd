/**
 * A budget through the agent workflow (molecular-agent-step.yml) on a simulated runner against the
 * strict fake GitHub: step-start outputs the budget, the agent job runs `opencode` (the fake
 * spender on its PATH, speaking opencode's `--format json`) under the Action's `agent` mode with no
 * token, its usage travels beside the work patch to step-finish. The agent is stopped on the
 * reading that reaches the USD limit, its WIP is pushed on the step's branch, the molecule pauses;
 * `/mol budget usd=1` from a maintainer lets it go on, and the totals add up over both attempts.
 */
import { execFile } from 'node:child_process';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { useActionBundle } from '../helpers/action-repo.js';
import type { JobResult } from '../helpers/simulated-runner.js';

const exec = promisify(execFile);
const SPENDER = resolve(import.meta.dirname, '../helpers/fake-spender.mjs');

const FORMULA = `formula = "spend"
description = "One agent step on a budget"
execution = "distributed"
version = 1
budget = { usd = 0.025 }

[[steps]]
id = "answer"
title = "Answer"
description = "Answer the question."
`;

const bundle = useActionBundle();

describe('the agent workflow on a budget', () => {
  it('stops the agent at the limit, keeps its WIP, pauses, and goes on after /mol budget', async () => {
    const { git, runner, label, comment, molecule, stateComments, onDispatch, settle } = await bundle.start({
      token: 'ghs_agent_budget_token',
      formulas: { spend: FORMULA },
      people: { alice: 'maintain' },
      issue: { title: 'Spend on it', author: 'alice' },
    });
    const bin = join(git.root, 'bin');
    await mkdir(bin);
    await writeFile(
      join(bin, 'opencode'),
      `#!/bin/sh\nexec '${process.execPath}' '${SPENDER}' opencode "$@"\n`,
    );
    await chmod(join(bin, 'opencode'), 0o755);

    let agentEnv: Record<string, string> = { FAKE_TURNS: '5', FAKE_HOLD_AFTER: '3' };
    const runs: Array<{ start: JobResult; agent?: JobResult; finish?: JobResult }> = [];
    onDispatch(async ({ payload, step: stepInputs }) => {
      const runId = runner.newRunId();
      const start = await runner.run({
        eventName: 'workflow_dispatch',
        payload,
        inputs: { mode: 'step-start', ...stepInputs },
        ref: 'main',
        runId,
      });
      const run: (typeof runs)[number] = { start };
      runs.push(run);
      if (start.outputs.status !== 'in_progress') return;
      // The agent job: the step's branch, no token at all, the agent under the Action's watch.
      const work = join(git.root, `work-${runId}`);
      await mkdir(work);
      const agent = await runner.run({
        eventName: 'workflow_dispatch',
        payload,
        inputs: {
          mode: 'agent',
          'github-token': '',
          agent: 'opencode',
          prompt: start.outputs.prompt ?? '',
          budget: start.outputs.budget ?? '',
          usage: join(work, 'usage.json'),
        },
        ref: start.outputs.branch ?? '',
        runId,
        env: { PATH: `${bin}:${process.env.PATH}`, ...agentEnv },
      });
      run.agent = agent;
      if (agent.exitCode !== 0) return;
      // "Package the work", as the workflow does it.
      await exec(
        'sh',
        ['-c', `git add -A && git diff --cached --binary "$BASE" > '${join(work, 'work.patch')}'`],
        {
          cwd: agent.workspace,
          env: { PATH: process.env.PATH, BASE: start.outputs.base ?? '' },
        },
      );
      run.finish = await runner.run({
        eventName: 'workflow_dispatch',
        payload,
        inputs: { mode: 'step-finish', ...stepInputs, work: join(work, 'work.patch') },
        ref: 'main',
        runId,
      });
    });

    const labelled = await label('formula:spend');
    expect(labelled.exitCode, labelled.stdout + labelled.stderr).toBe(0);
    await settle();

    expect(runs).toHaveLength(1);
    const first = runs[0] as (typeof runs)[number];
    expect(first.agent?.exitCode, first.agent?.stdout).toBe(0);
    // The log shows the agent's text, not opencode's JSON.
    expect(first.agent?.stdout).toContain('turn 2 of answer');
    expect(first.agent?.stdout).not.toContain('"step_finish"');
    expect(first.finish?.stdout).toContain('paused until its budget is raised');
    let mol = molecule();
    expect(mol.status).toBe('paused');
    let step = mol.steps.find((s) => s.id === 'answer');
    expect(step?.status).toBe('ready');
    expect(step?.error).toContain("the molecule's usd budget is spent: $0.03 of $0.025");
    expect(step?.usage).toMatchObject({ cost_usd: 0.03, turns: 3 });
    // The WIP is on the step's branch on the remote.
    const branch = `molecular/${mol.id}/answer`;
    const subject = await exec('git', [`--git-dir=${git.remote}`, 'log', '-1', '--format=%s', branch]);
    expect(subject.stdout.startsWith('WIP')).toBe(true);
    const wip = await exec('git', [`--git-dir=${git.remote}`, 'show', `${branch}:work/answer.txt`]);
    expect(wip.stdout).toBe('work in progress of answer\n');

    agentEnv = { FAKE_TURNS: '2' };
    const raised = await comment('/mol budget usd=1');
    expect(raised.exitCode, raised.stdout + raised.stderr).toBe(0);
    await settle();

    expect(runs).toHaveLength(2);
    const second = runs[1] as (typeof runs)[number];
    expect(second.finish?.exitCode, second.finish?.stdout).toBe(0);
    expect(second.finish?.outputs['cost-usd']).toBe('0.05');
    mol = molecule();
    expect(mol.status).toBe('complete');
    step = mol.steps.find((s) => s.id === 'answer');
    expect(step).toMatchObject({ status: 'completed', attempts: 2 });
    expect(step?.usage).toMatchObject({ cost_usd: 0.05, turns: 5 });
    expect(step?.checkpoint?.usage).toMatchObject({ cost_usd: 0.02, turns: 2 });
    expect(stateComments()[0]?.body).toMatch(/\| Usage \|/);
  }, 240_000);
});
