/**
 * Runtime fan-out (`on_complete` for_each / bond, issue 23) through the bundled Action on the
 * simulated runner: a label pours a distributed formula whose first step prints a JSON line with
 * an array; each item gets a copy of the bond (a formula of its own in the formulas folder), each
 * copy's steps run as their own jobs, and a `waits_for = "all-children"` step joins them. The
 * same facts as test/conformance/upstream-fanout.test.ts, on GitHub instead of `mol run`.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import type { Molecule } from '../../src/engine/molecule/molecule-schema.js';
import { type ActionRepo, useActionBundle } from '../helpers/action-repo.js';
import type { SimulatedRunnerOptions } from '../helpers/simulated-runner.js';

const exec = promisify(execFile);
const SPENDER = resolve(import.meta.dirname, '../helpers/fake-spender.mjs');

/**
 * Gas City's shape of a bond: `[[template]]` steps named under `{target}`, the item's vars
 * declared; each copy checks the fan-out step's file is there.
 */
const arm = (parentFile = 'base.txt') => `description = "arm one worker"
[vars]
who = { description = "the worker" }
n = { description = "the item's index" }

[[template]]
id = "{target}.arm"
title = "Arm {{who}}"
run = '''
if [ -n "$SLOW_MARKER" ]; then echo $$ > "$SLOW_MARKER"; sleep 30; fi
test -f ${parentFile} && echo "$MOL_VAR_WHO $MOL_VAR_N" > "arm-$MOL_VAR_WHO.txt"
'''

[[template]]
id = "{target}.check"
title = "Check {{who}}"
needs = ["{target}.arm"]
run = 'test -f "arm-$MOL_VAR_WHO.txt" && echo "checked $MOL_STEP" >> "arm-$MOL_VAR_WHO.txt"'
`;

const survey = (printed: string) => `formula = "survey"
execution = "distributed"

[[steps]]
id = "survey"
title = "Survey the workers"
max_retries = 0
run = '''echo base > base.txt; echo 'surveyed'; echo '${printed}' '''
gate = { type = "files", paths = ["base.txt"] }

[steps.on_complete]
for_each = "output.workers"
bond = "mol-arm"
vars = { who = "{item.name}", n = "{index}" }

[[steps]]
id = "gather"
title = "Gather"
needs = ["survey"]
waits_for = "all-children"
run = 'cat arm-*.txt > gathered.txt; echo "gathered by $MOL_STEP" >> gather.log'
gate = { type = "files", paths = ["gathered.txt"] }
`;

/** The same bond rewritten: one step under another name. */
const CHANGED_ARM = `[vars]
who = { description = "the worker" }
n = { description = "the item's index" }
[[template]]
id = "{target}.other"
run = "true"
`;

const WORKERS = '{"workers": [{"name": "ada"}, {"name": "bob"}, {"name": "cy"}]}';

const CHILDREN = [1, 2, 3].flatMap((n) => [`survey.item.${n}.arm`, `survey.item.${n}.check`]);

const bundle = useActionBundle();

function setUp(printed = WORKERS, envFor?: SimulatedRunnerOptions['envFor']): Promise<ActionRepo> {
  return bundle.start({
    formulas: { survey: survey(printed), 'mol-arm': arm() },
    people: { alice: 'write' },
    issue: { title: 'Arm the workers', author: 'alice' },
    listen: true,
    ...(envFor ? { runner: { envFor } } : {}),
  });
}

/** The survey step without run: an agent does it (writing work/survey.txt, as the fake agents do). */
function setUpByAgent(): Promise<ActionRepo> {
  const byAgent = survey(WORKERS)
    .replace(/^run = '''.*\n/m, 'description = "List the workers."\n')
    .replace('paths = ["base.txt"]', 'paths = ["work/survey.txt"]');
  return bundle.start({
    formulas: { survey: byAgent, 'mol-arm': arm('work/survey.txt') },
    people: { alice: 'write' },
    issue: { title: 'Arm the workers', author: 'alice' },
  });
}

const remoteGit = async (w: ActionRepo, args: string[]) =>
  (await exec('git', [`--git-dir=${w.git.remote}`, ...args])).stdout.trim();

const stepJobs = (w: ActionRepo) => w.runner.jobs.filter((j) => j.request.inputs.mode === 'step');

function stateOf(w: ActionRepo): Molecule {
  const comments = w.stateComments();
  expect(comments).toHaveLength(1);
  return w.molecule();
}

describe('the Action runs a runtime fan-out on a simulated runner', () => {
  it('runs every child of the bond as its own job, with the item vars, then the all-children join once', async () => {
    const w = await setUp();
    const labelled = await w.label('formula:survey');
    expect(labelled.exitCode, labelled.stdout + labelled.stderr).toBe(0);
    await w.runner.idle();
    expect(w.runner.errors).toEqual([]);
    const failed = w.runner.jobs.filter((j) => j.exitCode !== 0);
    expect(failed.map((j) => j.stdout + j.stderr)).toEqual([]);

    const mol = stateOf(w);
    expect(mol.status).toBe('complete');
    expect(mol.steps.map((s) => [s.id, s.status, s.attempts])).toEqual(
      ['survey', 'gather', ...CHILDREN].map((id) => [id, 'completed', 1]),
    );
    expect(mol.steps[0]?.fanout).toEqual([
      { who: 'ada', n: '0' },
      { who: 'bob', n: '1' },
      { who: 'cy', n: '2' },
    ]);
    // The bond is pinned with the molecule at pour, beside the formula.
    expect(mol.formula.pins?.['mol-arm']).toMatchObject({ path: '.github/formulas/mol-arm.formula.toml' });

    // One job per step, the children's ids (with their dots) in the dispatch inputs, and the join once.
    const jobs = stepJobs(w);
    expect(jobs.map((j) => j.request.inputs.step).sort()).toEqual(['survey', 'gather', ...CHILDREN].sort());
    expect(new Set(jobs.map((j) => j.workspace)).size).toBe(jobs.length);
    const dispatched = w.gh.state.workflowDispatches.map((d) => d.inputs?.step);
    expect(dispatched.filter((s) => s === 'gather')).toHaveLength(1);
    expect([...dispatched].sort()).toEqual(['survey', 'gather', ...CHILDREN].sort());
    // The join started after every child had completed.
    const gather = mol.steps.find((s) => s.id === 'gather');
    const lastChild = mol.steps
      .filter((s) => CHILDREN.includes(s.id))
      .map((s) => s.completedAt ?? '')
      .sort()
      .at(-1);
    expect(gather?.startedAt && lastChild && gather.startedAt >= lastChild).toBe(true);

    for (const step of mol.steps) {
      const branch = `molecular/${mol.id}/${step.id}`;
      expect(step.branch).toBe(branch);
      expect(await remoteGit(w, ['rev-parse', `refs/heads/${branch}`])).toBe(step.checkpoint?.commit);
      // A check run reports each gated step on its commit; a bond step holds no gate, so no check run.
      const checks = w.gh.state.checkRuns.filter((c) => c.head_sha === step.checkpoint?.commit);
      expect(checks.map((c) => [c.name, c.external_id, c.conclusion])).toEqual(
        CHILDREN.includes(step.id)
          ? []
          : [[`molecular / survey / ${step.id}`, `${mol.id}/${step.id}`, 'success']],
      );
    }

    // Each child saw the parent's files; the item's vars reached its command as MOL_VAR_*.
    for (const [n, who] of ['ada', 'bob', 'cy'].entries()) {
      const file = await remoteGit(w, [
        'show',
        `molecular/${mol.id}/survey.item.${n + 1}.check:arm-${who}.txt`,
      ]);
      expect(file.split('\n')).toEqual([`${who} ${n}`, `checked survey.item.${n + 1}.check`]);
    }
    // The join saw all of them.
    const gathered = await remoteGit(w, ['show', `molecular/${mol.id}/gather:gathered.txt`]);
    expect(gathered.split('\n').sort()).toEqual(
      ['ada 0', 'bob 1', 'cy 2', ...[1, 2, 3].map((n) => `checked survey.item.${n}.check`)].sort(),
    );
    expect(await remoteGit(w, ['show', `molecular/${mol.id}/gather:gather.log`])).toBe('gathered by gather');

    // The state comment lists the children, with their titles filled from the items.
    const body = w.stateComments()[0]?.body ?? '';
    for (const id of CHILDREN) expect(body).toContain(id);
    expect(body).toContain('Arm bob');
    // ...and the graph draws them under the step they came from.
    const graph = body.slice(body.indexOf('```mermaid'));
    expect(graph).toMatch(/s4\["✅ Arm bob<br\/>survey\.item\.2\.arm"\]/);
    expect(graph).toContain('s0 --> s2');
    expect(w.gh.state.issues.get(w.issue)?.labels).toContain('molecule:complete');
    expect(w.gh.violations).toEqual([]);
    expect(w.gh.listenerErrors).toEqual([]);
  }, 240_000);

  it('recovers a child whose job died mid-run through patrol: re-dispatched once, then the join', async () => {
    const marker = join(tmpdir(), `mol-fanout-slow-${process.pid}-${Date.now()}`);
    let slowed = false;
    const w = await setUp(WORKERS, (dispatch) => {
      if (dispatch.inputs.step !== 'survey.item.2.arm' || slowed) return undefined;
      slowed = true;
      return { SLOW_MARKER: marker };
    });
    await w.label('formula:survey');
    while (!existsSync(marker)) await new Promise((r) => setTimeout(r, 50));
    const pid = Number((await readFile(marker, 'utf8')).trim());
    const victim = [...w.runner.running.values()].find((j) => j.request.inputs.step === 'survey.item.2.arm');
    expect(victim).toBeDefined();
    victim?.child.kill('SIGKILL');
    process.kill(-pid, 'SIGKILL');
    await victim?.done;
    await w.runner.idle();
    await rm(marker, { force: true });
    const stuck = stateOf(w);
    const child = stuck.steps.find((s) => s.id === 'survey.item.2.arm');
    expect(child).toMatchObject({ status: 'in_progress', lease: { runId: String(victim?.runId) } });
    expect(stuck.steps.find((s) => s.id === 'gather')?.status).toBe('pending');

    const patrol = await w.runner.run({
      eventName: 'schedule',
      payload: {},
      inputs: { mode: 'patrol' },
      noCheckout: true,
    });
    expect(patrol.exitCode, patrol.stdout + patrol.stderr).toBe(0);
    expect(patrol.stdout).toContain(`redispatch ${stuck.id}/survey.item.2.arm`);
    await w.runner.idle();
    const done = stateOf(w);
    expect(done.status).toBe('complete');
    expect(done.steps.find((s) => s.id === 'survey.item.2.arm')).toMatchObject({
      status: 'completed',
      attempts: 2,
    });
    const dispatched = w.gh.state.workflowDispatches.map((d) => d.inputs?.step);
    expect(dispatched.filter((s) => s === 'survey.item.2.arm')).toHaveLength(2);
    expect(dispatched.filter((s) => s === 'gather')).toHaveLength(1);
    expect(w.gh.violations).toEqual([]);
  }, 240_000);

  it('runs the bond pinned at pour, though the bond changed on the default branch before the fan-out', async () => {
    const w = await bundle.start({
      formulas: { survey: survey(WORKERS), 'mol-arm': arm() },
      people: { alice: 'write' },
      issue: { title: 'Arm the workers', author: 'alice' },
    });
    let changed = false;
    w.onDispatch(async ({ payload, step }) => {
      if (step.step === 'survey' && !changed) {
        // After the pour, before the job that fans out: someone rewrites the bond on main.
        changed = true;
        const path = '.github/formulas/mol-arm.formula.toml';
        w.gh.state.files.set(path, CHANGED_ARM);
        await w.git.write(path, CHANGED_ARM);
        await w.git.commitAll('rewrite the bond');
        await w.git.git(['push', '-q', 'origin', 'main']);
      }
      await w.runner.run({
        eventName: 'workflow_dispatch',
        payload,
        inputs: { mode: 'step', ...step },
      });
    });
    const labelled = await w.label('formula:survey');
    expect(labelled.exitCode, labelled.stdout + labelled.stderr).toBe(0);
    await w.settle();
    expect(changed).toBe(true);
    expect(w.runner.jobs.filter((j) => j.exitCode !== 0).map((j) => j.stdout + j.stderr)).toEqual([]);
    const mol = stateOf(w);
    expect(mol.status).toBe('complete');
    expect(mol.steps.map((s) => s.id)).toEqual(['survey', 'gather', ...CHILDREN]);
    expect(stepJobs(w).map((j) => j.request.inputs.step)).not.toContain('survey.item.1.other');
    expect(w.gh.violations).toEqual([]);
  }, 240_000);

  it('fails the step with one line in the state comment when its output holds no array, and dispatches nothing more', async () => {
    const w = await setUp('{"workers": "none to speak of"}');
    const labelled = await w.label('formula:survey');
    expect(labelled.exitCode, labelled.stdout + labelled.stderr).toBe(0);
    await w.runner.idle();
    expect(w.runner.errors).toEqual([]);
    const mol = stateOf(w);
    expect(mol.status).toBe('failed');
    expect(mol.steps.map((s) => [s.id, s.status])).toEqual([
      ['survey', 'failed'],
      ['gather', 'blocked'],
    ]);
    const line = 'step "survey": on_complete for_each "output.workers": the output has no array there';
    expect(mol.steps[0]?.error).toBe(line);
    // The comment's table shows the same line, its underscores escaped for Markdown.
    const row = w
      .stateComments()[0]
      ?.body.split('\n')
      .find((l) => l.startsWith('| ❌ failed | `survey`'));
    expect(row).toContain(line.replaceAll('_', '\\_'));
    expect(w.gh.state.workflowDispatches.map((d) => d.inputs?.step)).toEqual(['survey']);
    expect(stepJobs(w)).toHaveLength(1);
    expect(w.gh.violations).toEqual([]);
  }, 240_000);

  it('fans out a step an agent did in the agent workflow: its items are the last JSON line of what the agent said', async () => {
    // The survey step has no run: an agent does it, through step-start, `mode: agent`, step-finish.
    const w = await setUpByAgent();
    // opencode speaks JSON events; the step's output is the agent's text, whose last line is the list.
    const bin = join(w.git.root, 'bin');
    await mkdir(bin);
    await writeFile(
      join(bin, 'opencode'),
      `#!/bin/sh\nexec '${process.execPath}' '${SPENDER}' opencode "$@"\n`,
    );
    await chmod(join(bin, 'opencode'), 0o755);
    const agentRuns: string[] = [];
    w.onDispatch(async ({ payload, step }) => {
      if (step.step !== 'survey') {
        await w.runner.run({ eventName: 'workflow_dispatch', payload, inputs: { mode: 'step', ...step } });
        return;
      }
      const runId = w.runner.newRunId();
      const job = (inputs: Record<string, string>, ref: string, env: Record<string, string> = {}) =>
        w.runner.run({ eventName: 'workflow_dispatch', payload, inputs, ref, runId, env });
      const start = await job({ mode: 'step-start', ...step }, 'main');
      if (start.outputs.status !== 'in_progress') return;
      const work = join(w.git.root, `work-${runId}`);
      await mkdir(work);
      const agent = await job(
        {
          mode: 'agent',
          'github-token': '',
          agent: 'opencode',
          prompt: start.outputs.prompt ?? '',
          budget: start.outputs.budget ?? '',
          usage: join(work, 'usage.json'),
        },
        start.outputs.branch ?? '',
        { PATH: `${bin}:${process.env.PATH}`, FAKE_TURNS: '2', FAKE_SAY: WORKERS },
      );
      agentRuns.push(agent.stdout);
      await exec(
        'sh',
        ['-c', `git add -A && git diff --cached --binary "$BASE" > '${join(work, 'work.patch')}'`],
        {
          cwd: agent.workspace,
          env: { PATH: process.env.PATH, BASE: start.outputs.base ?? '' },
        },
      );
      const finish = await job({ mode: 'step-finish', ...step, work: join(work, 'work.patch') }, 'main');
      expect(finish.exitCode, finish.stdout + finish.stderr).toBe(0);
    });
    const labelled = await w.label('formula:survey');
    expect(labelled.exitCode, labelled.stdout + labelled.stderr).toBe(0);
    await w.settle();
    expect(agentRuns).toHaveLength(1);
    expect(w.runner.jobs.filter((j) => j.exitCode !== 0).map((j) => j.stdout + j.stderr)).toEqual([]);
    const mol = stateOf(w);
    expect(mol.status).toBe('complete');
    expect(mol.steps[0]?.fanout).toEqual([
      { who: 'ada', n: '0' },
      { who: 'bob', n: '1' },
      { who: 'cy', n: '2' },
    ]);
    expect(mol.steps.map((s) => [s.id, s.status])).toEqual(
      ['survey', 'gather', ...CHILDREN].map((id) => [id, 'completed']),
    );
    const gathered = await remoteGit(w, ['show', `molecular/${mol.id}/gather:gathered.txt`]);
    expect(gathered.split('\n')).toEqual(expect.arrayContaining(['ada 0', 'bob 1', 'cy 2']));
    expect(w.gh.violations).toEqual([]);
  }, 240_000);

  it("fans out a step your own agent action did: step-finish's output input carries what it printed", async () => {
    const w = await setUpByAgent();
    w.onDispatch(async ({ payload, step }) => {
      if (step.step !== 'survey') {
        await w.runner.run({ eventName: 'workflow_dispatch', payload, inputs: { mode: 'step', ...step } });
        return;
      }
      const runId = w.runner.newRunId();
      const job = (inputs: Record<string, string>) =>
        w.runner.run({ eventName: 'workflow_dispatch', payload, inputs, ref: 'main', runId });
      const start = await job({ mode: 'step-start', ...step });
      if (start.outputs.status !== 'in_progress') return;
      // Your agent, not run by Molecular: it works in a clone of the branch; its text is a job output.
      const agentDir = join(w.git.root, `agent-${runId}`);
      await exec('git', ['clone', '-q', '--branch', start.outputs.branch ?? '', w.git.remote, agentDir]);
      await mkdir(join(agentDir, 'work'));
      await writeFile(join(agentDir, 'work/survey.txt'), 'surveyed\n');
      const said = `I listed the workers.\n${WORKERS}\n`;
      const patch = join(w.git.root, `work-${runId}.patch`);
      await exec('sh', ['-c', `git add -A && git diff --cached --binary "$BASE" > '${patch}'`], {
        cwd: agentDir,
        env: { PATH: process.env.PATH, BASE: start.outputs.base ?? '' },
      });
      const finish = await job({ mode: 'step-finish', ...step, work: patch, output: said });
      expect(finish.exitCode, finish.stdout + finish.stderr).toBe(0);
    });
    const labelled = await w.label('formula:survey');
    expect(labelled.exitCode, labelled.stdout + labelled.stderr).toBe(0);
    await w.settle();
    expect(w.runner.jobs.filter((j) => j.exitCode !== 0).map((j) => j.stdout + j.stderr)).toEqual([]);
    const mol = stateOf(w);
    expect(mol.status).toBe('complete');
    expect(mol.steps[0]?.fanout?.map((v) => v.who)).toEqual(['ada', 'bob', 'cy']);
    expect(mol.steps.map((s) => s.id)).toEqual(['survey', 'gather', ...CHILDREN]);
    expect(w.gh.violations).toEqual([]);
  }, 240_000);
});
