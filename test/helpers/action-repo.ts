/**
 * The setup the Action e2e files share, as `useCliRepo` is the CLI's: the Action bundled once per
 * file ({@link useActionBundle}), and per test a repository as a workflow sees it
 * (`bundle.start(...)`): a fake GitHub that accepts the job's token, a git working repository with
 * its bare remote (whose pushed branches the fake sees, as the API sees GitHub's), formulas on the default branch of both, one issue, and a
 * {@link SimulatedRunner} for the bundle. What a test starts is closed after it.
 */
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Molecule } from '../../src/engine/molecule/molecule-schema.js';
import {
  actorFor,
  type CommentRecord,
  type FakeGitHub,
  type Role,
  startFakeGitHub,
} from './fake-github/index.js';
import { commentEvent, issueEvent } from './fake-github/webhook-payloads.js';
import { makeTempRepo, type TempRepo } from './git.js';
import { mirrorPushes } from './mirror-pushes.js';
import {
  buildActionBundle,
  type JobRequest,
  type JobResult,
  SimulatedRunner,
  type SimulatedRunnerOptions,
} from './simulated-runner.js';
import { moleculeOn, stateComments } from './state-comments.js';

export interface ActionRepoOptions {
  /**
   * Formula texts by name, at `.github/formulas/<name>.formula.toml` on the default branch in the
   * API and in git alike: a pour pins the blob sha, and step jobs read that blob from their clone.
   */
  formulas?: Record<string, string>;
  /** Collaborators and their permission. */
  people?: Record<string, Role>;
  /** The issue the test works on. */
  issue?: { title: string; author: string; labels?: string[] };
  /** The job's token (`github-token`), accepted as github-actions[bot]'s. */
  token?: string;
  /** The runner's Node binary and per-dispatch environment. */
  runner?: Pick<SimulatedRunnerOptions, 'node' | 'envFor'>;
  /** Run every step-workflow dispatch as a `step` job, until the repository is closed. */
  listen?: boolean;
}

/** A dispatch of the step workflow, as the jobs of its run see it. */
export interface StepDispatch {
  inputs: Record<string, string>;
  /** The `workflow_dispatch` event payload of its jobs. */
  payload: Record<string, unknown>;
  /** The `molecule` and `step` inputs its jobs pass on. */
  step: { molecule: string; step: string };
}

export interface ActionRepo {
  gh: FakeGitHub;
  git: TempRepo;
  runner: SimulatedRunner;
  token: string;
  /** The issue's number (0 when none was asked for). */
  issue: number;
  /** The state comments on `issue` (default: the repository's issue). */
  stateComments(issue?: number): CommentRecord[];
  /** The molecule on `issue` (default: the repository's issue), decoded from its state comment. */
  molecule(issue?: number): Molecule;
  /** The `event` job GitHub starts when the issue's author adds `label` to it. */
  label(label: string, request?: Partial<JobRequest>): Promise<JobResult>;
  /** The `event` job GitHub starts when `login` (default: the issue's author) comments `body`. */
  comment(body: string, login?: string): Promise<JobResult>;
  /**
   * Plays every step-workflow dispatch with `run` (the jobs of a workflow of several, such as the
   * agent workflow), in place of {@link ActionRepoOptions.listen}'s one `step` job.
   */
  onDispatch(run: (dispatch: StepDispatch) => Promise<void>): void;
  /** Waits until every dispatch played so far, and any it led to, has ended and no job runs. */
  settle(): Promise<void>;
  /** Stops listening, kills running jobs, closes the fake and removes the repositories. */
  close(): Promise<void>;
}

export const DEFAULT_TOKEN = 'ghs_workflow_token';

export async function startActionRepo(bundle: string, options: ActionRepoOptions = {}): Promise<ActionRepo> {
  const token = options.token ?? DEFAULT_TOKEN;
  const gh = await startFakeGitHub({ owner: 'acme', repo: 'widgets', defaultBranch: 'main' });
  const git = await makeTempRepo().catch(async (error: unknown) => {
    await gh.close();
    throw error;
  });
  const runner = new SimulatedRunner({
    gh,
    bundle,
    remote: git.remote,
    root: git.root,
    token,
    ...options.runner,
  });
  let stop: (() => void) | undefined;
  let stopMirror: (() => Promise<void>) | undefined;
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    stop?.();
    for (const job of runner.running.values()) job.child.kill('SIGKILL');
    await runner.idle();
    await stopMirror?.();
    await gh.close();
    await git.cleanup();
  };
  try {
    gh.tokens.set(token, actorFor('github-actions[bot]'));
    for (const [login, role] of Object.entries(options.people ?? {})) gh.state.collaborators.set(login, role);
    const formulas = Object.entries(options.formulas ?? {});
    if (formulas.length > 0) {
      gh.state.files.set('.github/workflows/molecular-step.yml', 'name: molecular step\n');
      for (const [name, text] of formulas) {
        const path = `.github/formulas/${name}.formula.toml`;
        gh.state.files.set(path, text);
        await git.write(path, text);
      }
      await git.commitAll('add the formulas');
      await git.git(['push', '-q', 'origin', 'main']);
    }
    // What jobs push is on "GitHub" at once, as a branch the API sees.
    stopMirror = await mirrorPushes(gh, git.remote);
    const author = options.issue?.author ?? 'alice';
    let issue = 0;
    if (options.issue) {
      const { title, labels } = options.issue;
      issue = gh.state.addIssue({ title, user: actorFor(author), ...(labels ? { labels } : {}) }).number;
    }
    if (options.listen) stop = runner.listen();
    const played: Promise<void>[] = [];
    return {
      gh,
      git,
      runner,
      token,
      issue,
      stateComments: (given = issue) => stateComments(gh, given),
      molecule: (given = issue) => moleculeOn(gh, given),
      label: (label, request = {}) =>
        runner.run({
          eventName: 'issues',
          payload: issueEvent(gh, author, 'labeled', issue, label),
          inputs: { mode: 'event' },
          ...request,
        }),
      comment(body, login = author) {
        const record = gh.state.addComment(issue, body, actorFor(login));
        return runner.run({
          eventName: 'issue_comment',
          payload: commentEvent(gh, record.id),
          inputs: { mode: 'event' },
        });
      },
      onDispatch(run) {
        gh.on('workflow_dispatch', (dispatch) => {
          const inputs = dispatch.inputs as Record<string, string>;
          const payload = { inputs, ref: 'refs/heads/main', workflow: dispatch.workflow_id };
          played.push(
            run({ inputs, payload, step: { molecule: inputs.molecule ?? '', step: inputs.step ?? '' } }),
          );
        });
      },
      async settle() {
        for (let seen = 0; seen < played.length; seen++) await played[seen];
        await runner.idle();
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

export interface ActionBundle {
  /** The bundled `index.js` (inside a test or hook). */
  readonly path: string;
  /** The temp folder holding the bundle, removed after the file: room for a test's own files. */
  readonly dir: string;
  /** {@link startActionRepo} with this bundle; closed after the current test. */
  start(options?: ActionRepoOptions): Promise<ActionRepo>;
}

/**
 * Call at the top level of a test file: the Action is bundled from the current sources before the
 * file's tests (or `prebuilt` is used as it is), and its folder removed after them.
 */
export function useActionBundle(options: { prebuilt?: string } = {}): ActionBundle {
  let dir: string | undefined;
  let path: string | undefined;
  const open: ActionRepo[] = [];
  beforeAll(async () => {
    dir = await realpath(await mkdtemp(join(tmpdir(), 'mol-action-bundle-')));
    path = options.prebuilt ?? (await buildActionBundle(dir));
  }, 60_000);
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });
  afterEach(async () => {
    for (const repo of open.splice(0)) await repo.close();
  });
  const bundle: ActionBundle = {
    get path() {
      if (path === undefined) throw new Error('useActionBundle: the bundle is only there inside a test');
      return path;
    },
    get dir() {
      if (dir === undefined) throw new Error('useActionBundle: the bundle is only there inside a test');
      return dir;
    },
    async start(repoOptions) {
      const repo = await startActionRepo(bundle.path, repoOptions);
      open.push(repo);
      return repo;
    },
  };
  return bundle;
}
