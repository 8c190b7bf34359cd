/**
 * A delivery that never happened is made by patrol, through the bundled Action. The job whose step
 * completes the molecule cannot open its pull request (GitHub refuses it once, as it refuses a
 * workflow token the repository does not let open pull requests): the molecule is complete, no pull
 * request, the issue says why, what to fix and that patrol will try again, and the issue keeps
 * `molecule:active` so patrol's survey finds it. A scheduled `patrol` job then opens exactly one
 * pull request and says so on the issue; the next patrol job has nothing to do and spends one
 * request, as a patrol with nothing to do always does.
 */
import { Octokit } from '@octokit/rest';
import { describe, expect, it } from 'vitest';
import { type ActionRepo, useActionBundle } from '../helpers/action-repo.js';
import type { JobResult } from '../helpers/simulated-runner.js';

const SHIP = `formula = "ship"
execution = "distributed"
version = 1

[pull_request]
title = "Ship {{issue}}: {{title}}"

[[steps]]
id = "plan"
title = "Plan"
run = "echo plan > plan.txt"

[[steps]]
id = "code"
title = "Code"
needs = ["plan"]
run = "test -f plan.txt && echo code > code.txt"
`;

const REFUSAL = 'GitHub Actions is not permitted to create or approve pull requests.';

const bundle = useActionBundle();

const patrolJob = (w: ActionRepo) =>
  w.runner.run({ eventName: 'schedule', payload: {}, inputs: { mode: 'patrol' }, noCheckout: true });

const issueComments = (w: ActionRepo) =>
  [...w.gh.state.comments.values()]
    .filter((c) => c.issue_number === w.issue && !c.body.includes('molecular:state'))
    .map((c) => c.body);

/**
 * The ship formula run to its end by `step` jobs, the completing job's pull request refused once:
 * complete, undelivered, and said so on the issue.
 */
async function undelivered(): Promise<{ w: ActionRepo; branch: string }> {
  const w = await bundle.start({
    formulas: { ship: SHIP },
    people: { alice: 'write' },
    issue: { title: 'Add search', author: 'alice' },
  });
  const finishing: JobResult[] = [];
  w.onDispatch(async (dispatch) => {
    finishing.push(
      await w.runner.run({
        eventName: 'workflow_dispatch',
        payload: dispatch.payload,
        inputs: { mode: 'step', ...dispatch.step },
        ref: 'main',
        runId: w.runner.newRunId(),
      }),
    );
  });
  w.gh.failNext({ operationId: 'pulls/create' }, { status: 403, body: { message: REFUSAL } });

  const poured = await w.label('formula:ship');
  expect(poured.exitCode, poured.stdout + poured.stderr).toBe(0);
  await w.settle();
  expect(w.runner.errors).toEqual([]);
  expect(finishing.map((j) => [j.request.inputs.step, j.exitCode])).toEqual([
    ['plan', 0],
    ['code', 0],
  ]);
  const branch = `molecular/${w.molecule().id}/-result`;
  const mol = w.molecule();
  expect(mol.status).toBe('complete');
  expect(mol.delivery).toMatchObject({ branch, due: expect.any(String) });
  expect(mol.delivery?.pr).toBeUndefined();
  expect(w.gh.state.pulls.size).toBe(0);
  // Past the grace period (redispatch_after) at once, so the next patrol job acts.
  w.gh.state.files.set('.github/molecular.yml', 'redispatch_after: 1ms\n');
  return { w, branch };
}

describe('patrol delivers what the completing job could not', () => {
  it('opens exactly one pull request a round later, says so, and then costs one request a round', async () => {
    const { w, branch } = await undelivered();
    const labels = () => w.gh.state.issues.get(w.issue)?.labels ?? [];
    expect(labels()).toContain('molecule:active');
    expect(labels()).not.toContain('molecule:complete');
    const told = issueComments(w).join('\n');
    expect(told).toContain(`GitHub answered 403: ${REFUSAL}`);
    expect(told).toContain('Allow GitHub Actions to create and approve pull requests');
    expect(told).toContain('patrol will try again later (try 1 of 5), or comment /mol deliver');

    // With the setting fixed, a patrol job delivers it.
    const round = await patrolJob(w);
    expect(round.exitCode, round.stdout + round.stderr).toBe(0);
    const pulls = [...w.gh.state.pulls.values()];
    expect(pulls).toHaveLength(1);
    const pull = pulls[0] as (typeof pulls)[number];
    expect(pull).toMatchObject({ head: { ref: branch }, base: { ref: 'main' }, state: 'open' });
    expect(w.gh.state.filesAt(branch)?.get('code.txt')).toBe('code\n');
    const delivered = w.molecule();
    expect(delivered.delivery).toMatchObject({ branch, pr: pull.number, state: 'open' });
    expect(delivered.delivery?.due).toBeUndefined();
    expect(delivered.history.map((h) => h.event)).toEqual(expect.arrayContaining(['redeliver', 'delivered']));
    expect(labels()).toContain('molecule:complete');
    expect(labels()).not.toContain('molecule:active');
    expect(issueComments(w).at(-1)).toContain(`patrol delivered it (try 1): #${pull.number}`);

    // Delivered and complete: the next round finds nothing, in one request.
    const before = w.gh.requests.length;
    const idle = await patrolJob(w);
    expect(idle.exitCode, idle.stdout + idle.stderr).toBe(0);
    expect(w.gh.requests.slice(before).map((r) => r.operationId)).toEqual(['graphql']);
    expect(w.gh.state.pulls.size).toBe(1);
    expect(w.gh.violations).toEqual([]);
    expect(w.gh.responseViolations).toEqual([]);
  }, 240_000);

  it('records the pull request a late job opened before its runner died, and opens none', async () => {
    const { w, branch } = await undelivered();
    // The late job got as far as opening it; its record of it never reached the state comment.
    const late = new Octokit({ baseUrl: w.gh.url, auth: w.token, request: { retries: 0 } });
    const { data: opened } = await late.request('POST /repos/{owner}/{repo}/pulls', {
      owner: 'acme',
      repo: 'widgets',
      title: 'Late',
      head: branch,
      base: 'main',
    });
    const before = w.gh.requests.length;
    const round = await patrolJob(w);
    expect(round.exitCode, round.stdout + round.stderr).toBe(0);
    expect(w.gh.requests.slice(before).filter((r) => r.operationId === 'pulls/create')).toEqual([]);
    expect([...w.gh.state.pulls.keys()]).toEqual([opened.number]);
    expect(w.molecule().delivery).toMatchObject({ branch, pr: opened.number, state: 'open' });
    expect(w.molecule().delivery?.due).toBeUndefined();
    expect(w.gh.violations).toEqual([]);
  }, 240_000);
});
