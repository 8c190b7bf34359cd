/**
 * The Action's rate budget (src/github/rate-budget.ts), through the bundle on the simulated runner
 * against the fake GitHub, whose `x-ratelimit-*` headers count down per request. A step was left
 * in progress by a run that ended (its lease holder is gone), so a patrol has something to do: with
 * the token's hour nearly spent, the patrol job defers the round (one read, no write, the step left
 * for the next round) and says so in its log and job summary; with the budget whole, the same job
 * takes the step back. Every job says how many requests it sent.
 */
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actorFor, type FakeGitHub, startFakeGitHub } from '../helpers/fake-github/index.js';
import { issueEvent } from '../helpers/fake-github/webhook-payloads.js';
import { makeTempRepo } from '../helpers/git.js';
import { buildActionBundle, type JobResult, SimulatedRunner } from '../helpers/simulated-runner.js';

const TOKEN = 'ghs_rate_budget_token';

const FORMULA = `formula = "answer"
execution = "distributed"

[[steps]]
id = "answer"
title = "Answer"
description = "Write the answer."
`;

let bundleDir: string;
let bundle: string;
beforeAll(async () => {
  bundleDir = await realpath(await mkdtemp(join(tmpdir(), 'mol-budget-bundle-')));
  bundle = await buildActionBundle(bundleDir);
}, 60_000);
afterAll(() => rm(bundleDir, { recursive: true, force: true }));

async function patrolWith(remaining: number): Promise<{ job: JobResult; gh: FakeGitHub; calls: string[] }> {
  const gh = await startFakeGitHub({ owner: 'acme', repo: 'widgets', defaultBranch: 'main' });
  const git = await makeTempRepo();
  try {
    gh.tokens.set(TOKEN, actorFor('github-actions[bot]'));
    gh.state.collaborators.set('alice', 'write');
    const path = '.github/formulas/answer.formula.toml';
    gh.state.files.set(path, FORMULA);
    await git.write(path, FORMULA);
    await git.commitAll('add the formula');
    await git.git(['push', '-q', 'origin', 'main']);
    const runner = new SimulatedRunner({ gh, bundle, remote: git.remote, root: git.root, token: TOKEN });
    const issue = gh.state.addIssue({ title: 'Answer it', user: actorFor('alice') }).number;
    const poured = await runner.run({
      eventName: 'issues',
      payload: issueEvent(gh, 'alice', 'labeled', issue, 'formula:answer'),
      inputs: { mode: 'event' },
    });
    expect(poured.exitCode, poured.stdout).toBe(0);
    // The step's job starts it and ends: its run is over, its lease holder gone.
    const [dispatch] = gh.state.workflowDispatches;
    const inputs = dispatch?.inputs as Record<string, string>;
    const started = await runner.run({
      eventName: 'workflow_dispatch',
      payload: { inputs, ref: 'refs/heads/main', workflow: dispatch?.workflow_id },
      inputs: { mode: 'step-start', molecule: inputs.molecule ?? '', step: inputs.step ?? '' },
      ref: 'main',
    });
    expect(started.outputs.status).toBe('in_progress');
    gh.rateLimit.limit = 1000;
    gh.rateLimit.remaining = remaining;
    const before = gh.requests.length;
    const job = await runner.run({
      eventName: 'schedule',
      payload: {},
      inputs: { mode: 'patrol' },
      noCheckout: true,
    });
    const calls = gh.requests.slice(before).map((r) => r.graphqlOperation ?? r.operationId ?? r.path);
    expect(gh.violations).toEqual([]);
    return { job, gh, calls };
  } finally {
    await gh.close();
    await git.cleanup();
  }
}

describe('the rate budget in the Action', () => {
  it('a patrol job with a nearly spent rate limit defers the round and says so', async () => {
    const { job, calls } = await patrolWith(20);
    expect(job.exitCode, job.stdout + job.stderr).toBe(0);
    expect(job.outputs.status).toBe('deferred');
    // One read and nothing acted on: what is left is for the writes of running molecules.
    expect(calls).toEqual(['MolecularPatrolSnapshot']);
    expect(job.stdout).toMatch(
      /::warning::patrol: Patrol deferred: the rate budget is low \(\d+ of 1000 API requests left until \d\d:\d\d UTC\)/,
    );
    expect(job.summary).toContain('Patrol deferred: the rate budget is low');
    expect(job.stdout).toMatch(
      new RegExp(`Molecular sent ${calls.length} API requests?; \\d+ of 1000 API requests left`),
    );
  }, 120_000);

  it('with the budget whole, the same job patrols and says what it sent', async () => {
    const { job, calls } = await patrolWith(1000);
    expect(job.exitCode, job.stdout + job.stderr).toBe(0);
    expect(job.outputs.status).toBe('acted');
    expect(calls.length).toBeGreaterThan(1);
    expect(job.stdout).toContain(`Molecular sent ${calls.length} API request`);
    expect(job.stdout).not.toContain('rate budget is low');
  }, 120_000);
});
