/**
 * `[pull_request]` through the bundled Action with the workflow token (the default: `github-token`
 * is the job's own token). A label pours a distributed formula; each dispatched step runs as its
 * own `step` job through the bundle; the last one delivers. Exactly one pull request opens from the
 * molecule's result branch to the default branch, with the formula's title, labels, reviewers and
 * draft flag, `Closes #N`, and every step's files; the "CI will not run" line and its fix are in
 * the pull request's body, the state comment and the delivering job's summary. Running that job
 * again opens no second pull request.
 */
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { type ActionRepo, type StepDispatch, useActionBundle } from '../helpers/action-repo.js';
import type { JobResult } from '../helpers/simulated-runner.js';

const SHIP = `formula = "ship"
execution = "distributed"
version = 1

[pull_request]
title = "Ship {{issue}}: {{title}}"
body = "{{summary}}"
labels = ["molecular"]
reviewers = ["mona"]

[[steps]]
id = "plan"
title = "Plan"
run = "echo plan > plan.txt"

[[steps]]
id = "api"
title = "The API"
needs = ["plan"]
run = "test -f plan.txt && echo api > api.txt"

[[steps]]
id = "ui"
title = "The UI"
needs = ["plan"]
run = "test -f plan.txt && echo ui > ui.txt"
`;

const exec = promisify(execFile);

const CI_LINE = 'CI will not run on this pull request';
const FIX = 'actions/create-github-app-token';

const bundle = useActionBundle();

/** The same steps for an agent: no `run`, the work comes from the agent job's patch. */
const SHIP_FOR_AGENTS = SHIP.replace(/^run = .*\n/gm, '');

type Jobs = 'step' | 'step-start and step-finish';

/**
 * A repository whose step dispatches each run through the bundle: as one `step` job, or as the
 * agent workflow does it (`step-start`, an agent writing `<step>.txt` in a clone of the step's
 * branch, its work as a patch, `step-finish` in a fresh clone).
 */
async function setUp(jobs: Jobs): Promise<{ w: ActionRepo; finishing: JobResult[] }> {
  const w = await bundle.start({
    formulas: { ship: jobs === 'step' ? SHIP : SHIP_FOR_AGENTS },
    people: { alice: 'write', mona: 'write' },
    issue: { title: 'Add search', author: 'alice' },
  });
  const finishing: JobResult[] = [];
  const job = (dispatch: StepDispatch, mode: string, runId: number, extra: Record<string, string> = {}) =>
    w.runner.run({
      eventName: 'workflow_dispatch',
      payload: dispatch.payload,
      inputs: { mode, ...dispatch.step, ...extra },
      ref: 'main',
      runId,
    });
  w.onDispatch(async (dispatch) => {
    const runId = w.runner.newRunId();
    if (jobs === 'step') {
      finishing.push(await job(dispatch, 'step', runId));
      return;
    }
    const start = await job(dispatch, 'step-start', runId);
    expect(start.exitCode, start.stdout + start.stderr).toBe(0);
    const { step } = dispatch.step;
    const agentDir = join(w.git.root, `agent-${runId}`);
    await exec('git', ['clone', '-q', '--branch', start.outputs.branch ?? '', w.git.remote, agentDir]);
    await writeFile(join(agentDir, `${step}.txt`), `${step}\n`);
    const patch = join(w.git.root, `work-${runId}.patch`);
    await exec('sh', ['-c', `git add -A && git diff --cached --binary "$BASE" > '${patch}'`], {
      cwd: agentDir,
      env: { PATH: process.env.PATH, BASE: start.outputs.base ?? '' },
    });
    finishing.push(await job(dispatch, 'step-finish', runId, { work: patch }));
  });
  return { w, finishing };
}

/** Labels the issue and waits until every step job has ended; each must have succeeded. */
async function runToEnd(w: ActionRepo, finishing: JobResult[]): Promise<void> {
  const poured = await w.label('formula:ship');
  expect(poured.exitCode, poured.stdout + poured.stderr).toBe(0);
  await w.settle();
  expect(w.runner.errors).toEqual([]);
  for (const job of finishing) expect(job.exitCode, job.stdout + job.stderr).toBe(0);
  expect(finishing.map((j) => j.request.inputs.step).sort()).toEqual(['api', 'plan', 'ui']);
}

describe.each<Jobs>(['step', 'step-start and step-finish'])(
  'the Action delivers a molecule as one pull request, its steps run as %s jobs',
  (jobs) => {
    it('opens one pull request from the result branch with every step’s files, and says CI will not run', async () => {
      const { w, finishing } = await setUp(jobs);
      await runToEnd(w, finishing);

      const mol = w.molecule();
      expect(mol.status).toBe('complete');
      const pulls = [...w.gh.state.pulls.values()];
      expect(pulls).toHaveLength(1);
      const pull = pulls[0] as (typeof pulls)[number];
      const branch = `molecular/${mol.id}/-result`;
      expect(pull).toMatchObject({
        title: `Ship #${w.issue}: Add search`,
        draft: true,
        state: 'open',
        head: { ref: branch },
        base: { ref: 'main' },
        requestedReviewers: ['mona'],
      });
      expect(w.gh.state.issues.get(pull.number)?.labels).toEqual(['molecular']);
      expect(pull.body).toContain(`Closes #${w.issue}`);
      expect(pull.body).toContain(CI_LINE);
      expect(pull.body).toContain(FIX);
      // Every step's files, as its job committed them, on the branch the pull request is from.
      const files = w.gh.state.filesAt(branch);
      expect([...(files?.keys() ?? [])].sort()).toEqual(
        ['.github/formulas/ship.formula.toml', 'README.md', 'api.txt', 'plan.txt', 'ui.txt'].sort(),
      );
      expect(['plan.txt', 'api.txt', 'ui.txt'].map((f) => files?.get(f))).toEqual([
        'plan\n',
        'api\n',
        'ui\n',
      ]);
      expect(mol.delivery).toMatchObject({ branch, pr: pull.number, state: 'open' });
      const state = w.stateComments()[0]?.body ?? '';
      expect(state).toContain(`[#${pull.number}](`);
      expect(state).toContain(CI_LINE);
      expect(state).toContain(FIX);

      // The job whose step completed the molecule delivered it, and its summary says so; no other's does.
      const last = mol.steps.reduce((a, b) => ((a.completedAt ?? '') > (b.completedAt ?? '') ? a : b));
      const summaries = finishing.map((j) => [j.request.inputs.step, j.summary.includes(CI_LINE)]);
      expect(summaries.filter(([, noted]) => noted)).toEqual([[last.id, true]]);
      const delivering = finishing.find((j) => j.request.inputs.step === last.id);
      expect(delivering?.summary).toContain(FIX);
      expect(delivering?.stdout).toContain(`::warning::⚠️ ${CI_LINE}`);

      expect(w.gh.violations).toEqual([]);
      expect(w.gh.listenerErrors).toEqual([]);
    }, 240_000);
  },
);

describe('re-running the Action job that delivered', () => {
  it('opens no second pull request', async () => {
    const { w, finishing } = await setUp('step');
    await runToEnd(w, finishing);
    const mol = w.molecule();
    const last = mol.steps.reduce((a, b) => ((a.completedAt ?? '') > (b.completedAt ?? '') ? a : b));
    const delivering = finishing.find((j) => j.request.inputs.step === last.id) as JobResult;
    const state = w.stateComments()[0]?.body;
    const before = w.gh.requests.length;

    // GitHub's "Re-run job": the same run id, the same inputs, a fresh clone.
    const again = await w.runner.run({ ...delivering.request });
    expect(again.exitCode, again.stdout + again.stderr).toBe(0);
    expect(again.stdout).toContain('already completed');
    expect(w.gh.state.pulls.size).toBe(1);
    const calls = w.gh.requests.slice(before);
    expect(calls.filter((r) => r.operationId === 'pulls/create')).toEqual([]);
    expect(calls.filter((r) => r.method !== 'GET' && r.operationId !== 'graphql')).toEqual([]);
    expect(w.stateComments()[0]?.body).toBe(state);
    expect(w.gh.violations).toEqual([]);
  }, 240_000);
});
