// Issue 27's rows: API calls per operation of the Action (the workflow token's 1,000 an hour),
// counted from the strict fake GitHub's request log and listed by endpoint. The Action is bundled
// from the current sources (test/helpers/simulated-runner's buildActionBundle), each job a real
// `node index.js` process on the simulated runner. The App's rows are bench/rows/api-calls.ts.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { countKinds, loadWorld } from '../../scripts/bench-action.mjs';

const ROOT = resolve(import.meta.dirname, '../..');
const TOKEN = 'ghs_bench_budget_token';

const PAIR = `formula = "pair"
execution = "distributed"

[[steps]]
id = "first"
run = "echo one > one.txt"

[[steps]]
id = "second"
needs = ["first"]
run = "test -f one.txt"
`;

const AGENT = `formula = "answer"
execution = "distributed"

[[steps]]
id = "answer"
title = "Answer"
description = "Write the answer."
`;

const IDLE = `formula = "idle"

[[steps]]
id = "review"
type = "human"
title = "A person reviews"
`;

function chain(n) {
  const steps = Array.from({ length: n }, (_, i) =>
    [`[[steps]]`, `id = "s${i}"`, `run = "echo ${i} > s${i}.txt"`, i > 0 ? `needs = ["s${i - 1}"]` : '']
      .filter(Boolean)
      .join('\n'),
  );
  return `formula = "chain"\nexecution = "distributed"\n\n${steps.join('\n\n')}\n`;
}

/** A fresh repository on the fake and the runner, with `formulas` published; `fn` gets the world. */
async function withRepo(world, bundle, formulas, fn) {
  const gh = await world.startFakeGitHub({ owner: 'acme', repo: 'widgets', defaultBranch: 'main' });
  const git = await world.makeTempRepo();
  try {
    gh.tokens.set(TOKEN, world.actorFor('github-actions[bot]'));
    gh.state.collaborators.set('alice', 'write');
    for (const [path, text] of Object.entries(formulas)) {
      gh.state.files.set(path, text);
      await git.write(path, text);
    }
    if (Object.keys(formulas).length > 0) {
      await git.commitAll('formulas');
      await git.git(['push', '-q', 'origin', 'main']);
    }
    const runner = new world.SimulatedRunner({
      gh,
      bundle,
      remote: git.remote,
      root: git.root,
      token: TOKEN,
    });
    const out = await fn({ gh, git, runner });
    if (gh.violations.length > 0)
      throw new Error(`the fake refused a request: ${JSON.stringify(gh.violations)}`);
    return out;
  } finally {
    await gh.close();
    await git.cleanup();
  }
}

/** The calls `job` makes, counted at the fake. */
async function counted(gh, job) {
  const before = gh.requests.length;
  const result = await job();
  if (result && result.exitCode !== 0) throw new Error(`a job failed: ${result.stdout}${result.stderr}`);
  return gh.requests.slice(before);
}

const label = (world, gh, issue, formula) => ({
  eventName: 'issues',
  payload: world.issueEvent(gh, 'alice', 'labeled', issue, `formula:${formula}`),
  inputs: { mode: 'event' },
});

function stepRequest(dispatch, mode, runId, extra = {}) {
  const inputs = dispatch.inputs;
  return {
    eventName: 'workflow_dispatch',
    payload: { inputs, ref: 'refs/heads/main', workflow: dispatch.workflow_id },
    inputs: { mode, molecule: inputs.molecule ?? '', step: inputs.step ?? '', ...extra },
    ref: 'main',
    ...(runId ? { runId } : {}),
  };
}

async function pourAndStep(world, bundle) {
  return withRepo(world, bundle, { '.github/formulas/pair.formula.toml': PAIR }, async ({ gh, runner }) => {
    const issue = gh.state.addIssue({ title: 'bench', user: world.actorFor('alice') }).number;
    const pour = await counted(gh, () => runner.run(label(world, gh, issue, 'pair')));
    const [dispatch] = gh.state.workflowDispatches;
    const step = await counted(gh, () => runner.run(stepRequest(dispatch, 'step')));
    const status = await counted(gh, async () => {
      const comment = gh.state.addComment(issue, '/mol status', world.actorFor('alice'));
      return runner.run({
        eventName: 'issue_comment',
        payload: world.commentEvent(gh, comment.id),
        inputs: { mode: 'event' },
      });
    });
    return { pour, step, status };
  });
}

async function agentStep(world, bundle) {
  return withRepo(
    world,
    bundle,
    {
      '.github/formulas/answer.formula.toml': AGENT,
      '.github/workflows/molecular-step.yml': 'name: molecular step\n',
    },
    async ({ gh, git, runner }) => {
      const issue = gh.state.addIssue({ title: 'bench', user: world.actorFor('alice') }).number;
      await counted(gh, () => runner.run(label(world, gh, issue, 'answer')));
      const [dispatch] = gh.state.workflowDispatches;
      const runId = runner.newRunId();
      const patch = join(git.root, 'work.patch');
      await import('node:fs/promises').then((fs) => fs.writeFile(patch, ''));
      return counted(gh, async () => {
        const start = await runner.run(stepRequest(dispatch, 'step-start', runId));
        if (start.exitCode !== 0) return start;
        return runner.run(stepRequest(dispatch, 'step-finish', runId, { work: patch }));
      });
    },
  );
}

async function patrolIdle(world, bundle, n) {
  return withRepo(world, bundle, {}, async ({ gh, runner }) => {
    world.seedIdleMolecules(gh, n, IDLE, '.github/formulas/idle.formula.toml');
    return counted(gh, () =>
      runner.run({ eventName: 'schedule', payload: {}, inputs: { mode: 'patrol' }, noCheckout: true }),
    );
  });
}

/** A step left in progress by a run that ended: the round takes it back (one action). */
async function patrolActing(world, bundle) {
  return withRepo(
    world,
    bundle,
    {
      '.github/formulas/answer.formula.toml': AGENT,
      '.github/workflows/molecular-step.yml': 'name: molecular step\n',
    },
    async ({ gh, runner }) => {
      const issue = gh.state.addIssue({ title: 'bench', user: world.actorFor('alice') }).number;
      await counted(gh, () => runner.run(label(world, gh, issue, 'answer')));
      const [dispatch] = gh.state.workflowDispatches;
      await counted(gh, () => runner.run(stepRequest(dispatch, 'step-start', runner.newRunId())));
      let done = '';
      const calls = await counted(gh, async () => {
        const job = await runner.run({
          eventName: 'schedule',
          payload: {},
          inputs: { mode: 'patrol' },
          noCheckout: true,
        });
        done = job.stdout
          .split('\n')
          .filter((l) => /^patrol: (redispatch|expire-lease|nudge|timeout)/.test(l))
          .join('; ');
        return job;
      });
      return { calls, done };
    },
  );
}

async function tenSteps(world, bundle) {
  return withRepo(
    world,
    bundle,
    { '.github/formulas/chain.formula.toml': chain(10) },
    async ({ gh, runner }) => {
      const issue = gh.state.addIssue({ title: 'bench', user: world.actorFor('alice') }).number;
      const stop = runner.listen();
      try {
        const calls = await counted(gh, async () => {
          const poured = await runner.run(label(world, gh, issue, 'chain'));
          await runner.idle();
          return poured;
        });
        const failed = runner.jobs.filter((j) => j.exitCode !== 0);
        if (failed.length > 0 || runner.errors.length > 0)
          throw new Error(`a step job failed: ${failed.map((j) => j.stdout).join('\n')}`);
        if (gh.state.workflowDispatches.length !== 10)
          throw new Error(`expected 10 dispatches, saw ${gh.state.workflowDispatches.length}`);
        return calls;
      } finally {
        stop();
      }
    },
  );
}

export async function measure() {
  await mkdir(join(ROOT, 'node_modules/.cache'), { recursive: true });
  const dir = await mkdtemp(join(ROOT, 'node_modules/.cache', 'mol-bench-budget-'));
  try {
    const world = await loadWorld(dir);
    const bundle = await world.buildActionBundle(join(dir, 'action'));
    const { pour, step, status } = await pourAndStep(world, bundle);
    const agent = await agentStep(world, bundle);
    const idle = await patrolIdle(world, bundle, 3);
    const acting = await patrolActing(world, bundle);
    const ten = await tenSteps(world, bundle);
    const row = (name, calls, goal, extra = '') => ({
      name,
      value: calls.length,
      unit: 'calls',
      goal,
      note: `${countKinds(calls)}${extra}`,
    });
    return [
      row('Action API calls: pour by label, first dispatch included', pour, '≤ 5'),
      row('Action API calls: one distributed step job, end to end', step, '≤ 6'),
      row('Action API calls: one agent step (`step-start` + `step-finish`)', agent, '≤ 8'),
      row('Action API calls: `/mol status`', status, '≤ 3'),
      row('Action API calls: patrol round, nothing to do (3 idle molecules)', idle, '1'),
      row(
        'Action API calls: patrol round taking one action (a lease whose run ended)',
        acting.calls,
        '1 + ≤ 3',
        acting.done ? `; did: ${acting.done}` : '',
      ),
      row('Action API calls: a 10-step distributed molecule, pour to complete', ten, '≤ 70'),
    ];
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const r of await measure())
    console.log(`${r.name}: ${r.value} ${r.unit} (goal ${r.goal}) — ${r.note}`);
}
