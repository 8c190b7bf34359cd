/**
 * A simulated GitHub Actions runner for end-to-end tests of the bundled Action. Each job is what
 * a hosted runner does for a JavaScript action: a fresh `git clone` of the repository (here a
 * local bare remote) at the requested ref, then `node <bundle>/index.js` as its own process with
 * the Actions environment — GITHUB_API_URL pointing at the fake GitHub, the event payload in a
 * file, `INPUT_*` variables (hyphens kept, defaults filled in as action.yml declares them),
 * GITHUB_OUTPUT and GITHUB_STEP_SUMMARY files. Every `workflow_dispatch` the fake receives
 * becomes such a job once `listen()` is on, which is how distributed steps chain.
 *
 * The runner also plays GitHub's part for runs: a job is a workflow run in the fake
 * (`in_progress` while it runs, `completed` after), so patrol can ask whether a lease holder
 * is still alive.
 */

import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { eventPayload } from './event-payload.js';
import type { FakeGitHub, WorkflowDispatchRecord } from './fake-github/index.js';

const run = promisify(execFile);
const REPO_ROOT = resolve(import.meta.dirname, '../..');

/**
 * Bundles src/action/index.ts from the current sources the way scripts/bundle.mjs does, into
 * `<dir>/dist/index.js`, with the built-in formulas beside it as in the published Action.
 */
export async function buildActionBundle(dir: string): Promise<string> {
  const outfile = join(dir, 'dist', 'index.js');
  await build({
    entryPoints: [join(REPO_ROOT, 'src/action/index.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    minifySyntax: true,
    legalComments: 'none',
    logLevel: 'warning',
    banner: {
      js: "import { createRequire as __molCreateRequire } from 'node:module'; const require = __molCreateRequire(import.meta.url);",
    },
  });
  await symlink(join(REPO_ROOT, 'formulas'), join(dir, 'formulas'));
  return outfile;
}

/** Input defaults as action.yml declares them; the runner fills these in when a workflow omits them. */
const INPUT_DEFAULTS: Record<string, string> = {
  mode: 'event',
  'formulas-path': '.github/formulas',
  'config-path': '.github/molecular.yml',
};

export interface JobRequest {
  eventName: string;
  payload: Record<string, unknown>;
  /** Action inputs by their action.yml names (`github-token` and `workflow-token` are added). */
  inputs: Record<string, string>;
  /** The branch or commit the clone checks out (default: the default branch). */
  ref?: string;
  /** More environment for this job only. */
  env?: Record<string, string>;
  /** Skip the clone (a job without actions/checkout, such as patrol). */
  noCheckout?: boolean;
  /** Why the event payload may be one GitHub's schema refuses; otherwise such a payload throws. */
  unchecked?: string;
  /** The workflow run this job belongs to, when it is one of several jobs of one run. */
  runId?: number;
}

export interface JobResult {
  runId: number;
  request: JobRequest;
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
  summary: string;
  workspace: string;
}

export interface RunningJob {
  runId: number;
  request: JobRequest;
  child: ChildProcess;
  done: Promise<JobResult>;
}

export interface SimulatedRunnerOptions {
  gh: FakeGitHub;
  /** `dist/index.js` of the Action under test. */
  bundle: string;
  /** The bare repository every job clones. */
  remote: string;
  /** Where job folders go. */
  root: string;
  token: string;
  /** The Node binary that runs the bundle (default: the one running the tests). */
  node?: string;
  /** Extra environment for the job of a dispatch (the test's hook: make one attempt slow...). */
  envFor?: (dispatch: WorkflowDispatchRecord) => Record<string, string> | undefined;
}

/**
 * An empty bare repository for a world whose jobs check nothing out: GitHub still serves the
 * repository's git beside its API, and the Action's lease pushes go there.
 */
export async function bareRemote(root: string): Promise<string> {
  const remote = join(root, 'remote.git');
  await run('git', ['init', '-q', '--bare', remote]);
  return remote;
}

export class SimulatedRunner {
  readonly jobs: JobResult[] = [];
  readonly running = new Map<number, RunningJob>();
  /** Errors of the runner itself (a clone that failed): a test expects none. */
  readonly errors: unknown[] = [];
  private nextRunId = 7_000_001;
  private jobFolders = 0;
  private pending = 0;
  private idleWaiters: Array<() => void> = [];

  constructor(private readonly options: SimulatedRunnerOptions) {
    // GitHub serves the repository's git beside its API: a job's lease pushes go there. (A world
    // whose jobs never touch git names no remote that exists.)
    if (existsSync(join(options.remote, 'HEAD'))) options.gh.serveGit(options.remote);
  }

  /** Runs every workflow_dispatch of the step workflow as a `step` job. Returns the unsubscribe. */
  listen(): () => void {
    return this.options.gh.on('workflow_dispatch', (dispatch) => {
      const inputs = dispatch.inputs as Record<string, string>;
      const request: JobRequest = {
        eventName: 'workflow_dispatch',
        payload: {
          inputs,
          ref: `refs/heads/${dispatch.ref.replace(/^refs\/heads\//, '')}`,
          workflow: dispatch.workflow_id,
        },
        inputs: { mode: 'step', molecule: inputs.molecule ?? '', step: inputs.step ?? '' },
        ref: dispatch.ref,
        ...(this.options.envFor ? { env: this.options.envFor(dispatch) ?? {} } : {}),
      };
      // The fake answers the dispatch first; the job starts after, as on GitHub.
      this.start(request).done.catch((error: unknown) => this.errors.push(error));
    });
  }

  /** Starts a job now; `done` settles when its process exits. */
  start(request: JobRequest): RunningJob {
    const runId = request.runId ?? this.nextRunId++;
    this.pending++;
    let child: ChildProcess | undefined;
    const ready = this.prepare(runId, request).then((env) => {
      child = spawn(this.options.node ?? process.execPath, [this.options.bundle], {
        cwd: env.GITHUB_WORKSPACE,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      return { env, child };
    });
    const job: RunningJob = {
      runId,
      request,
      get child() {
        if (!child) throw new Error(`job ${runId} has not started its process yet`);
        return child;
      },
      done: ready.then(({ env, child: proc }) => this.finish(runId, request, env, proc)),
    };
    this.running.set(runId, job);
    job.done.finally(() => {
      this.running.delete(runId);
      this.pending--;
      if (this.pending === 0) for (const wake of this.idleWaiters.splice(0)) wake();
    });
    return job;
  }

  /** A job run to its end. */
  run(request: JobRequest): Promise<JobResult> {
    return this.start(request).done;
  }

  /** Resolves once no job runs and none is starting (jobs that dispatch others keep it busy). */
  idle(): Promise<void> {
    if (this.pending === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** A run id for the jobs of one multi-job workflow run. */
  newRunId(): number {
    return this.nextRunId++;
  }

  private async prepare(runId: number, request: JobRequest): Promise<NodeJS.ProcessEnv> {
    const { gh } = this.options;
    // Several jobs of one run each get their own folder (a fresh runner each).
    const dir = join(
      this.options.root,
      request.runId === undefined ? `run-${runId}` : `run-${runId}-${this.jobFolders++}`,
    );
    const workspace = join(dir, 'workspace');
    const temp = join(dir, 'temp');
    await mkdir(temp, { recursive: true });
    const ref = (request.ref ?? gh.state.defaultBranch).replace(/^refs\/heads\//, '');
    if (request.noCheckout) {
      await mkdir(workspace, { recursive: true });
    } else {
      // actions/checkout with fetch-depth 0: every branch as origin/*, the requested ref checked out.
      await run('git', ['clone', '-q', '--no-hardlinks', this.options.remote, workspace]);
      await run('git', ['checkout', '-q', ref], { cwd: workspace });
    }
    const eventPath = join(dir, 'event.json');
    const output = join(dir, 'output.txt');
    const summary = join(dir, 'summary.md');
    const event = eventPayload(gh, request.eventName, request.payload, request.unchecked);
    await writeFile(eventPath, JSON.stringify(event));
    await writeFile(output, '');
    await writeFile(summary, '');
    gh.state.workflowRuns.set(runId, {
      id: runId,
      status: 'in_progress',
      conclusion: null,
      event: request.eventName,
      head_branch: ref,
      path: '.github/workflows/molecular-step.yml',
    });
    const inputs: Record<string, string> = {};
    for (const [name, value] of Object.entries({
      ...INPUT_DEFAULTS,
      'github-token': this.options.token,
      // action.yml's default (`github.token`): this job's own token.
      'workflow-token': this.options.token,
      ...request.inputs,
    })) {
      inputs[`INPUT_${name.toUpperCase()}`] = value;
    }
    return {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      CI: 'true',
      GITHUB_ACTIONS: 'true',
      GITHUB_API_URL: gh.url,
      GITHUB_SERVER_URL: gh.origin,
      GITHUB_GRAPHQL_URL: `${gh.url}/graphql`,
      GITHUB_REPOSITORY: `${gh.state.owner}/${gh.state.repo}`,
      GITHUB_REPOSITORY_OWNER: gh.state.owner,
      GITHUB_EVENT_NAME: request.eventName,
      GITHUB_EVENT_PATH: eventPath,
      GITHUB_RUN_ID: String(runId),
      GITHUB_RUN_ATTEMPT: '1',
      GITHUB_REF: `refs/heads/${ref}`,
      GITHUB_WORKSPACE: workspace,
      GITHUB_OUTPUT: output,
      GITHUB_STEP_SUMMARY: summary,
      RUNNER_TEMP: temp,
      ...inputs,
      ...request.env,
    };
  }

  private async finish(
    runId: number,
    request: JobRequest,
    env: NodeJS.ProcessEnv,
    child: ChildProcess,
  ): Promise<JobResult> {
    let stdout = '';
    let stderr = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    const [exitCode, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((done) =>
      child.on('close', (code, sig) => done([code, sig])),
    );
    const runRecord = this.options.gh.state.workflowRuns.get(runId);
    if (runRecord) {
      runRecord.status = 'completed';
      runRecord.conclusion = exitCode === 0 ? 'success' : 'failure';
    }
    const result: JobResult = {
      runId,
      request,
      exitCode,
      signal,
      stdout,
      stderr,
      outputs: parseOutputs(await readFile(env.GITHUB_OUTPUT as string, 'utf8')),
      summary: await readFile(env.GITHUB_STEP_SUMMARY as string, 'utf8'),
      workspace: env.GITHUB_WORKSPACE as string,
    };
    this.jobs.push(result);
    return result;
  }
}

/** GITHUB_OUTPUT as @actions/core writes it: `name<<delimiter`, the value's lines, `delimiter`. */
export function parseOutputs(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const match = /^([^<=]+)<<(.+)$/.exec(lines[i] as string);
    if (!match) continue;
    const [, name, delimiter] = match as unknown as [string, string, string];
    const value: string[] = [];
    for (i++; i < lines.length && lines[i] !== delimiter; i++) value.push(lines[i] as string);
    outputs[name] = value.join('\n');
  }
  return outputs;
}
