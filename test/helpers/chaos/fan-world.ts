/**
 * A shared GitHub world for the concurrency and fault tests: one fake GitHub with a distributed
 * formula of N parallel steps and a join, several App replicas on it, and a simulated runner
 * whose Action processes run in `event` mode. Helpers pour a molecule on a fresh issue, start its
 * steps, and describe a step completion as the step job reports it (`repository_dispatch`).
 */
import { execFileSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Molecule } from '../../../src/engine/molecule/molecule-schema.js';
import { parseLockRecord } from '../../../src/github/store/lock-record.js';
import { STEP_REPORT_EVENT } from '../../../src/webhooks/step-report.js';
import { actorFor, type FakeGitHub, type FakeGitHubOptions, startFakeGitHub } from '../fake-github/index.js';
import { issueEvent } from '../fake-github/webhook-payloads.js';
import { bareRemote, buildActionBundle, type JobResult, SimulatedRunner } from '../simulated-runner.js';
import { moleculeOn } from '../state-comments.js';
import { type AppInstance, repoPayload, startAppInstance } from './app-instance.js';

export { moleculeOn, stateComments } from '../state-comments.js';

export const ACTION_TOKEN = 'ghs_chaos_workflow_token';
export const FORMULA_PATH = '.github/formulas/fan.formula.toml';

/** N parallel steps and a join; `gated`: each part has a files gate, so completions report check runs. */
export function fanFormula(n: number, gated = false): { text: string; steps: string[] } {
  const steps = Array.from({ length: n }, (_, i) => `p${String(i + 1).padStart(2, '0')}`);
  const gate = gated ? 'gate = { type = "files", paths = ["out.txt"] }\n' : '';
  const body = steps.map((id) => `[[steps]]\nid = "${id}"\ntitle = "Part ${id}"\n${gate}`).join('\n');
  const needs = steps.map((id) => `"${id}"`).join(', ');
  return {
    text: `formula = "fan"\nexecution = "distributed"\n\n${body}\n[[steps]]\nid = "join"\ntitle = "Join"\nneeds = [${needs}]\n`,
    steps,
  };
}

export interface FanWorld {
  gh: FakeGitHub;
  apps: AppInstance[];
  runner: SimulatedRunner;
  steps: string[];
  close(): Promise<void>;
}

let bundle: { dir: string; path: string } | undefined;

/** The Action bundled from the current sources, once per test file. */
export async function actionBundle(): Promise<string> {
  if (!bundle) {
    const dir = await realpath(await mkdtemp(join(tmpdir(), 'mol-chaos-bundle-')));
    bundle = { dir, path: await buildActionBundle(dir) };
  }
  return bundle.path;
}

export async function dropActionBundle(): Promise<void> {
  if (bundle) await rm(bundle.dir, { recursive: true, force: true });
  bundle = undefined;
}

export async function startFanWorld(options: {
  steps: number;
  gated?: boolean;
  apps: number;
  config?: string;
  fake?: Partial<FakeGitHubOptions>;
  startApp?: (gh: FakeGitHub, name: string) => Promise<AppInstance>;
}): Promise<FanWorld> {
  const gh = await startFakeGitHub({
    owner: 'acme',
    repo: 'widgets',
    defaultBranch: 'main',
    appSlug: 'molecular',
    ...options.fake,
  });
  const formula = fanFormula(options.steps, options.gated);
  gh.state.files.set(FORMULA_PATH, formula.text);
  gh.state.files.set('.github/workflows/molecular-step.yml', 'name: molecular step\n');
  if (options.config !== undefined) gh.state.files.set('.github/molecular.yml', options.config);
  gh.state.collaborators.set('alice', 'write');
  gh.tokens.set(ACTION_TOKEN, actorFor('github-actions[bot]'));
  const apps: AppInstance[] = [];
  for (let i = 0; i < options.apps; i++) {
    const name = `app-${String.fromCharCode(97 + i)}`;
    apps.push(await (options.startApp ? options.startApp(gh, name) : startAppInstance(gh, { name })));
  }
  const root = await realpath(await mkdtemp(join(tmpdir(), 'mol-chaos-runner-')));
  const runner = new SimulatedRunner({
    gh,
    bundle: await actionBundle(),
    remote: await bareRemote(root),
    root,
    token: ACTION_TOKEN,
  });
  return {
    gh,
    apps,
    runner,
    steps: formula.steps,
    async close() {
      for (const job of runner.running.values()) job.child.kill('SIGKILL');
      await runner.idle();
      for (const app of apps) await app.close();
      await gh.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}

/** A `formula:fan` label on a fresh issue, delivered to `app`: the molecule is poured. */
export async function pourFan(world: FanWorld, app: AppInstance): Promise<{ issue: number; mol: Molecule }> {
  const { gh } = world;
  const issue = gh.state.addIssue({
    title: 'Fan out',
    user: actorFor('alice'),
    labels: ['formula:fan'],
  }).number;
  const delivered = await app.send('issues', issueEvent(gh, 'alice', 'labeled', issue, 'formula:fan'));
  if (delivered.status !== 200) throw new Error(`pour: ${delivered.status} ${delivered.body}`);
  return { issue, mol: moleculeOn(gh, issue) };
}

export function reportPayload(world: FanWorld, report: Record<string, unknown>): Record<string, unknown> {
  return repoPayload(world.gh, 'github-actions[bot]', {
    action: STEP_REPORT_EVENT,
    branch: 'main',
    client_payload: report,
  });
}

export function completion(
  molId: string,
  step: string,
  runId: string,
  gated = false,
): Record<string, unknown> {
  return {
    molecule: molId,
    step,
    event: 'complete',
    runId,
    branch: `molecular/${molId}/${step}`,
    ...(gated ? { gates: [{ type: 'files', passed: true, detail: 'out.txt exists' }] } : {}),
    checkpoint: {
      // A commit of its own, as every real step job makes (ids and caches must never meet an old one).
      commit: createHash('sha1').update(randomUUID()).digest('hex'),
      filesModified: [`${step}.txt`],
      testsPassed: true,
      notes: step,
      capturedAt: new Date().toISOString(),
    },
  };
}

/** The step report through an Action process in `event` mode (what a workflow on `repository_dispatch` runs). */
export function reportThroughAction(
  world: FanWorld,
  report: Record<string, unknown>,
  options: { inputs?: Record<string, string>; env?: Record<string, string> } = {},
): Promise<JobResult> {
  return world.runner.run({
    eventName: 'repository_dispatch',
    payload: reportPayload(world, report),
    inputs: { mode: 'event', ...options.inputs },
    noCheckout: true,
    ...(options.env ? { env: options.env } : {}),
  });
}

/**
 * Leases left held (a writer that did not give its lease back): a lock ref the API made and never
 * deleted, or a pushed record not marked released. While the fake serves git, `refs/molecular/*`
 * live in its remote for git and the API alike (lock-refs.ts), so they are read there.
 */
export function lockRefs(gh: FakeGitHub): string[] {
  const remote = gh.state.gitRemote;
  if (remote === undefined)
    return [...gh.state.allRefs().keys()].filter((ref) => ref.startsWith('refs/molecular/locks/'));
  const listed = execFileSync(
    'git',
    [`--git-dir=${remote}`, 'for-each-ref', '--format=%(refname)%00%(contents)%00', 'refs/molecular/locks/'],
    { encoding: 'utf8' },
  );
  const fields = listed.split('\0');
  const held: string[] = [];
  for (let i = 0; i + 1 < fields.length; i += 2) {
    const ref = (fields[i] as string).trim();
    if (parseLockRecord(fields[i + 1] as string)?.released !== true) held.push(ref);
  }
  return held;
}
