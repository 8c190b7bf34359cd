/**
 * The 5-step fork-join of issue 6 (plan → left, right → join → ship), run by the bundled Action
 * as separate processes (the simulated runner: a clone and `node dist/index.js` per job), every
 * API call and every git request of the lease through a chaos proxy. Jobs run one at a time in
 * dispatch order, so the sequence of writes (API writes and lease pushes) is the same from run to
 * run and "the k-th write" names one moment of the scenario.
 *
 * Each step's command appends `<step> <ns-time>` to a log outside the repository; with the time
 * at which the state first recorded each step's completion, that tells whether a command ran
 * again after its completion was recorded.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { decodeState } from '../../../src/engine/codec/decode.js';
import type { Molecule } from '../../../src/engine/molecule/molecule-schema.js';
import { actorFor, type FakeGitHub, type Faults, startFakeGitHub } from '../fake-github/index.js';
import { issueEvent } from '../fake-github/webhook-payloads.js';
import { makeTempRepo, type TempRepo } from '../git.js';
import { type JobRequest, type JobResult, SimulatedRunner } from '../simulated-runner.js';
import { type ChaosProxy, type ProxiedRequest, startChaosProxy } from './chaos-proxy.js';

export const RELAY_STEPS = ['plan', 'left', 'right', 'join', 'ship'] as const;
const TOKEN = 'ghs_relay_workflow_token';
const FORMULA_PATH = '.github/formulas/relay.formula.toml';

function relayFormula(log: string): string {
  const record = (step: string) => `echo "${step} $(date +%s%N)" >> '${log}'`;
  return `formula = "relay"
execution = "distributed"

[[steps]]
id = "plan"
output = "plan.md"
run = """
${record('plan')}
echo 'the plan' > plan.md
"""
gate = { type = "files", paths = ["plan.md"] }

[[steps]]
id = "left"
needs = ["plan"]
run = """
${record('left')}
test -f plan.md && echo left > left.txt
"""

[[steps]]
id = "right"
needs = ["plan"]
run = """
${record('right')}
test -f plan.md && echo right > right.txt
"""

[[steps]]
id = "join"
needs = ["left", "right"]
run = """
${record('join')}
cat plan.md left.txt right.txt > joined.txt
"""
gate = { type = "files", paths = ["joined.txt"] }

[[steps]]
id = "ship"
needs = ["join"]
run = """
${record('ship')}
test -f joined.txt && echo shipped >> ship.log
"""
gate = { type = "files", paths = ["ship.log"] }
`;
}

export type CrashMode = 'kill' | 'timeout';

export interface RelayOutcome {
  mol?: Molecule;
  /** API writes made by all jobs, in order. */
  writes: ProxiedRequest[];
  jobs: JobResult[];
  /** Executions of each step's command, with their start times (ns). */
  executions: Array<{ step: string; at: bigint }>;
  /** When the state first showed each step completed (ns, same clock). */
  completedAt: Map<string, bigint>;
  stateComments: number;
  /** Check runs per step name. */
  checkRuns: Record<string, number>;
  /** The files of the ship step's branch. */
  shipped?: string;
  crashedJob?: JobResult;
  patrolRounds: number;
  /** API requests made by all jobs. */
  requests: number;
}

export interface RelayOptions {
  bundle: string;
  /** Write index to crash at; none: the uninterrupted run. */
  crashAt?: number;
  mode?: CrashMode;
  /** Patrol rounds allowed for recovery. */
  maxPatrols?: number;
  /** The fake's probabilistic faults during the run (seeded by `seed`). */
  faults?: Faults;
  seed?: number;
}

export async function runRelay(options: RelayOptions): Promise<RelayOutcome> {
  const gh = await startFakeGitHub({
    owner: 'acme',
    repo: 'widgets',
    defaultBranch: 'main',
    ...(options.seed === undefined ? {} : { seed: options.seed }),
  });
  const proxy = await startChaosProxy(gh.url);
  const git = await makeTempRepo();
  try {
    return await drive(gh, proxy, git, options);
  } finally {
    await proxy.close();
    await gh.close();
    await git.cleanup();
  }
}

async function drive(
  gh: FakeGitHub,
  proxy: ChaosProxy,
  git: TempRepo,
  options: RelayOptions,
): Promise<RelayOutcome> {
  const log = join(git.root, 'executions.log');
  const formula = relayFormula(log);
  gh.tokens.set(TOKEN, actorFor('github-actions[bot]'));
  gh.state.collaborators.set('alice', 'write');
  // A lock left by a killed job is taken over after lock_ttl, and a ready step nobody started is
  // dispatched again after redispatch_after: both short, so recovery fits in a test.
  const config = 'lock_ttl: 2s\nredispatch_after: 2s\n';
  for (const [path, text] of [
    [FORMULA_PATH, formula],
    ['.github/molecular.yml', config],
  ] as const) {
    gh.state.files.set(path, text);
    await git.write(path, text);
  }
  gh.state.files.set('.github/workflows/molecular-step.yml', 'name: molecular step\n');
  await git.commitAll('relay formula');
  await git.git(['push', '-q', 'origin', 'main']);
  const issue = gh.state.addIssue({ title: 'Relay', user: actorFor('alice') }).number;

  const runner = new SimulatedRunner({
    gh,
    bundle: options.bundle,
    remote: git.remote,
    root: git.root,
    token: TOKEN,
  });
  // Git pushes of the lease too: a job can die right after one, as after an API write.
  const viaProxy = {
    GITHUB_API_URL: proxy.url,
    GITHUB_GRAPHQL_URL: `${proxy.url}/graphql`,
    GITHUB_SERVER_URL: new URL(proxy.url).origin,
  };
  const completedAt = new Map<string, bigint>();
  let crashedRunId: number | undefined;

  proxy.decide = (r) => {
    if (options.crashAt === undefined || r.writeIndex !== options.crashAt) return 'forward';
    return options.mode === 'timeout' ? 'forward-then-drop' : 'forward-then-hang';
  };
  proxy.onAnswered = (r) => {
    // The moment each step's completion is first on record, read from the fake as it stands.
    if (r.method === 'PATCH' && /\/issues\/comments\/\d+$/.test(r.path)) {
      const now = BigInt(Date.now()) * 1_000_000n;
      const mol = molOn(gh, issue);
      for (const s of mol?.steps ?? [])
        if (s.status === 'completed' && !completedAt.has(s.id)) completedAt.set(s.id, now);
    }
    // Jobs run one at a time: the running one made this write. It dies before hearing the answer.
    if (r.writeIndex !== undefined && r.writeIndex === options.crashAt && options.mode !== 'timeout') {
      for (const job of runner.running.values()) job.child.kill('SIGKILL');
    }
  };

  const runJob = async (request: JobRequest): Promise<JobResult> => {
    const job = runner.start({ ...request, env: { ...request.env, ...viaProxy } });
    const before = proxy.requests.length;
    const result = await job.done;
    const crashedHere = proxy.requests.slice(before).some((r) => r.writeIndex === options.crashAt);
    if (crashedHere && crashedRunId === undefined) crashedRunId = result.runId;
    return result;
  };
  const labelRequest: JobRequest = {
    eventName: 'issues',
    payload: issueEvent(gh, 'alice', 'labeled', issue, 'formula:relay'),
    inputs: { mode: 'event' },
  };
  let dispatched = 0;
  const drain = async () => {
    for (;;) {
      const next = gh.state.workflowDispatches[dispatched];
      if (!next) return;
      dispatched++;
      const inputs = next.inputs as Record<string, string>;
      await runJob({
        eventName: 'workflow_dispatch',
        payload: { inputs, ref: `refs/heads/${next.ref}`, workflow: next.workflow_id },
        inputs: { mode: 'step', molecule: inputs.molecule ?? '', step: inputs.step ?? '' },
        ref: next.ref,
      });
    }
  };

  Object.assign(gh.faults, options.faults ?? {});
  const label = await runJob(labelRequest);
  // A killed or failed event job is re-run as GitHub's "re-run failed jobs" does: the same run id
  // (the idempotency key of its writes), the next attempt.
  if (label.exitCode !== 0) {
    await runJob({ ...labelRequest, env: { GITHUB_RUN_ID: String(label.runId), GITHUB_RUN_ATTEMPT: '2' } });
  }
  await drain();
  let patrolRounds = 0;
  const maxPatrols = options.maxPatrols ?? 4;
  while (molOn(gh, issue)?.status !== 'complete' && patrolRounds < maxPatrols) {
    patrolRounds++;
    // Past the lock and lease expiry of whatever a killed job held.
    await new Promise((r) => setTimeout(r, 2_100));
    await runJob({ eventName: 'schedule', payload: {}, inputs: { mode: 'patrol' }, noCheckout: true });
    await drain();
  }

  for (const key of Object.keys(gh.faults)) delete (gh.faults as Record<string, unknown>)[key];
  const mol = molOn(gh, issue);
  const executions = (await readFile(log, 'utf8').catch(() => ''))
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [step, at] = line.split(' ');
      return { step: step as string, at: BigInt(at as string) };
    });
  const checkRuns: Record<string, number> = {};
  for (const run of gh.state.checkRuns) checkRuns[run.name] = (checkRuns[run.name] ?? 0) + 1;
  const shipBranch = mol ? `molecular/${mol.id}/ship` : undefined;
  const shipped = shipBranch
    ? await git
        .git([`--git-dir=${git.remote}`, 'show', `${shipBranch}:ship.log`], git.root)
        .catch(() => undefined)
    : undefined;
  return {
    ...(mol ? { mol } : {}),
    writes: proxy.requests.filter((r) => r.isWrite),
    jobs: runner.jobs,
    executions,
    completedAt,
    stateComments: [...gh.state.comments.values()].filter(
      (c) => c.issue_number === issue && c.body.includes('molecular:state'),
    ).length,
    checkRuns,
    ...(shipped !== undefined ? { shipped } : {}),
    ...(crashedRunId !== undefined
      ? { crashedJob: runner.jobs.find((j) => j.runId === crashedRunId) as JobResult }
      : {}),
    patrolRounds,
    requests: proxy.requests.length,
  };
}

function molOn(gh: FakeGitHub, issue: number): Molecule | undefined {
  const comment = [...gh.state.comments.values()].find(
    (c) => c.issue_number === issue && c.body.includes('molecular:state'),
  );
  if (!comment) return undefined;
  const decoded = decodeState(comment.body);
  return decoded.ok ? decoded.value : undefined;
}

/** What must be the same after any crash and recovery: statuses, branches, gate verdicts. */
export function logicalState(mol: Molecule | undefined) {
  if (!mol) return undefined;
  return {
    status: mol.status,
    steps: mol.steps.map((s) => ({
      id: s.id,
      status: s.status,
      branch: s.branch?.replace(mol.id, '<id>'),
      leased: s.lease !== undefined,
      gates: s.gates?.map((g) => `${g.type}:${g.passed}`),
    })),
  };
}
