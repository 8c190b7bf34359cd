/**
 * From inputs and the runner's environment to a mode: everything `run()` does except talking to
 * @actions/core, so tests drive it in process with their own IO and Octokit.
 */
import { join } from 'node:path';
import { ok, type Result } from '../engine/index.js';
import { defaultBranchOf } from '../github/branch-formulas.js';
import type { GitHubClient } from '../github/client.js';
import { DEFAULT_CONFIG } from '../github/config.js';
import { readJobSnapshot } from '../github/job-snapshot.js';
import { parseMoleculeId } from '../github/molecule-id.js';
import { type PatrolSnapshot, readPatrolSnapshot } from '../github/patrol-snapshot.js';
import { remoteAuthEnv } from '../runner/remote-auth.js';
import { blobsFirst } from '../shell/formulas/blobs-first.js';
import { checkoutFirst } from '../shell/formulas/checkout-first.js';
import { actionLeaseKeeper } from '../shell/github/action-leases.js';
import type { GitHubContext } from '../shell/github/github-context.js';
import { leaseHolder, openStore } from '../shell/github/molecule-store.js';
import { formulaSource } from '../shell/github/repo-proto.js';
import { configFromText, loadActionConfig } from './action-config.js';
import type { ActionIO, ModeResult } from './action-io.js';
import { type ActionsEnv, readActionsEnv, readEventPayload } from './actions-env.js';
import { ACTIONS_LOGIN, actionHandlerContext, actionTrustedWriters } from './build-github-context.js';
import { watchDeliveryNotes } from './delivery-notes.js';
import type { ActionInputs } from './inputs.js';
import { agentMode } from './modes/agent.js';
import { eventMode } from './modes/event.js';
import { lintMode } from './modes/lint.js';
import { patrolMode } from './modes/patrol.js';
import { stepMode } from './modes/step.js';
import { stepFinishMode } from './modes/step-finish.js';
import { stepStartMode } from './modes/step-start.js';
import { type UntrustedApps, watchUntrustedApps } from './untrusted-apps.js';

export interface RunDeps {
  env: NodeJS.ProcessEnv;
  io: ActionIO;
  now: () => Date;
  octokitFor: (token: string) => GitHubClient;
}

export async function runMode(inputs: ActionInputs, deps: RunDeps): Promise<ModeResult> {
  const actions = readActionsEnv(deps.env);
  if (!actions.ok) return { outputs: {}, failure: actions.error.message };
  if (inputs.mode === 'lint') {
    return lintMode({ io: deps.io, workspace: actions.value.workspace, formulasPath: inputs.formulasPath });
  }
  if (inputs.mode === 'agent') {
    return agentMode({
      io: deps.io,
      workspace: actions.value.workspace,
      agent: inputs.agent,
      budget: inputs.budget,
      prompt: inputs.prompt,
      usageOut: inputs.usage ?? join(actions.value.runnerTemp, 'molecular-usage.json'),
      env: deps.env,
    });
  }
  // Without a run id (a local try-out) the process stands in: leases and idempotency keys need a name.
  const runId = actions.value.runId ?? `local-${process.pid}`;
  const opened = await openHandlerContext(inputs, actions.value, runId, deps);
  if (!opened.ok) return { outputs: {}, failure: opened.error.message };
  const { ctx, untrustedApps, snapshot } = opened.value;
  // State an untrusted app wrote was refused: fail, naming the input to set, rather than exit 0.
  return untrustedApps.verdict(await apiMode(inputs, ctx, actions.value, runId, deps, snapshot));
}

function apiMode(
  inputs: ActionInputs,
  ctx: GitHubContext,
  actions: ActionsEnv,
  runId: string,
  deps: RunDeps,
  snapshot: PatrolSnapshot | undefined,
): Promise<ModeResult> {
  switch (inputs.mode) {
    case 'event':
      return eventMode(ctx, deps.io, actions.eventName, runId);
    case 'patrol':
      return patrolMode(
        snapshot ? { ...ctx, formulas: blobsFirst(formulaSource(ctx), snapshot.blobs) } : ctx,
        deps.io,
        runId,
        snapshot ? { firstPage: snapshot.firstPage } : {},
      );
    default:
      return runStepMode(inputs, ctx, actions, runId, deps);
  }
}

/** Event payload, token, default branch and config (from the default branch): what every API mode shares. */
async function openHandlerContext(
  inputs: ActionInputs,
  actions: ActionsEnv,
  runId: string,
  deps: RunDeps,
): Promise<Result<{ ctx: GitHubContext; untrustedApps: UntrustedApps; snapshot?: PatrolSnapshot }>> {
  const payload = readEventPayload(actions.eventPath);
  if (!payload.ok) return payload;
  const octokit = deps.octokitFor(inputs.token);
  const repo = actions.repo;
  const named = (payload.value.repository as { default_branch?: unknown } | undefined)?.default_branch;
  const defaultBranch = typeof named === 'string' ? named : await defaultBranchOf(octokit, repo);
  // Patrol reads its config with the formulas and the survey's first page: one request (issue 27).
  const snapshot =
    inputs.mode === 'patrol'
      ? await readPatrolSnapshot(octokit, repo, {
          ref: defaultBranch,
          configPath: inputs.configPath,
          formulasPath: DEFAULT_CONFIG.formulas_path,
        })
      : undefined;
  // A step job, or a command or a label on an issue, reads its config with the issue's comments:
  // one request, not two. The event's also reads the default formulas folder of the default branch:
  // what a label pours and the pins `/mol status` renders, without a call each (issue 27).
  const onIssue = inputs.mode === 'event' && ISSUE_EVENTS.has(actions.eventName ?? '');
  const issue = STEP_MODES.has(inputs.mode)
    ? moleculeIssue(inputs, payload.value)
    : onIssue
      ? eventIssue(payload.value)
      : undefined;
  const job =
    issue === undefined
      ? undefined
      : await readJobSnapshot(
          octokit,
          repo,
          {
            ref: defaultBranch,
            configPath: inputs.configPath,
            issue,
            ...(onIssue ? { formulasPath: DEFAULT_CONFIG.formulas_path } : {}),
          },
          deps.now,
        );
  const configText = (snapshot ?? job)?.configText;
  const config =
    configText !== undefined
      ? configFromText(configText ?? undefined, inputs.configPath)
      : await loadActionConfig(octokit, repo, inputs.configPath, defaultBranch);
  if (!config.ok) return config;
  const stateKey = deps.env.MOLECULAR_STATE_KEY;
  const configNamesWriters = config.value.trusted_writers !== undefined;
  if (inputs.appSlug && configNamesWriters) {
    deps.io.warning(
      `app-slug "${inputs.appSlug}" is not used: trusted_writers in ${inputs.configPath} says whose state comments are believed`,
    );
  }
  const untrustedApps = watchUntrustedApps({
    trusted: actionTrustedWriters(config.value, inputs.appSlug),
    configPath: inputs.configPath,
    configNamesWriters,
  });
  const ctx = actionHandlerContext({
    octokit,
    repo,
    config: config.value,
    io: deps.io,
    payload: payload.value,
    runId,
    defaultBranch,
    now: deps.now,
    ...(stateKey ? { stateKey } : {}),
    ...(inputs.appSlug ? { appSlug: inputs.appSlug } : {}),
    onRejectedState: untrustedApps.note,
    workflowToken: inputs.workflowToken,
    // Leases by git push: none of the token's API requests (issue 27).
    leases: actionLeaseKeeper({
      octokit,
      repo,
      serverUrl: actions.serverUrl,
      token: inputs.token,
      holder: leaseHolder(ACTIONS_LOGIN),
      lockTtl: config.value.lock_ttl,
      now: deps.now,
      warn: (message) => deps.io.warning(message),
    }),
  });
  if (job) ctx.alreadyListed = job.alreadyListed;
  if (job && job.formulaFiles.size > 0) ctx.formulaFiles = job.formulaFiles;
  return ok({ ctx, untrustedApps, ...(snapshot ? { snapshot } : {}) });
}

async function runStepMode(
  inputs: ActionInputs,
  ctx: GitHubContext,
  actions: ActionsEnv,
  runId: string,
  deps: RunDeps,
): Promise<ModeResult> {
  // The step workflow passes its workflow_dispatch inputs; without them, the event's own inputs.
  const dispatched = ((ctx.payload as { inputs?: unknown }).inputs ?? {}) as Record<string, unknown>;
  const molecule = inputs.molecule ?? stringOr(dispatched.molecule);
  const step = inputs.step ?? stringOr(dispatched.step);
  if (molecule === undefined || step === undefined) {
    return {
      outputs: {},
      failure: `mode "${inputs.mode}" needs the molecule and step inputs (the step workflow passes its workflow_dispatch inputs)`,
    };
  }
  // A step whose completion delivers with the workflow token: the summary says CI will not run.
  const notes = watchDeliveryNotes(ctx);
  // Pinned formulas are read from the checkout first; the handlers share what is cooked here.
  const stepCtx = { ...notes.ctx, formulas: checkoutFirst(formulaSource(ctx), actions.workspace) };
  const jobDeps = {
    ctx: stepCtx,
    io: deps.io,
    store: openStore(stepCtx),
    runId,
    workspace: actions.workspace,
    runnerTemp: actions.runnerTemp,
    remote: 'origin',
    remoteEnv: remoteAuthEnv(actions.serverUrl, inputs.token),
    ...(inputs.work === undefined ? {} : { work: inputs.work }),
    ...(inputs.usage === undefined ? {} : { usage: inputs.usage }),
    ...(inputs.output === undefined ? {} : { output: inputs.output }),
  };
  const result =
    inputs.mode === 'step-start'
      ? await stepStartMode(jobDeps, molecule, step)
      : inputs.mode === 'step-finish'
        ? await stepFinishMode(jobDeps, molecule, step)
        : await stepMode(jobDeps, molecule, step);
  const delivered = notes.markdown();
  if (delivered !== '') await deps.io.summary(`### Molecular\n\n\`${molecule}\` / \`${step}\`\n${delivered}`);
  return result;
}

const STEP_MODES = new Set(['step', 'step-start', 'step-finish']);
/** Events about one issue whose handlers read its molecules (a label pours, a comment commands). */
const ISSUE_EVENTS = new Set(['issue_comment', 'issues']);

/** The issue of the molecule a step job names (its id carries it), as runStepMode finds the molecule. */
function moleculeIssue(inputs: ActionInputs, payload: Record<string, unknown>): number | undefined {
  const dispatched = ((payload as { inputs?: unknown }).inputs ?? {}) as Record<string, unknown>;
  const molecule = inputs.molecule ?? stringOr(dispatched.molecule);
  return molecule === undefined ? undefined : parseMoleculeId(molecule)?.issue;
}

function eventIssue(payload: Record<string, unknown>): number | undefined {
  const number = (payload.issue as { number?: unknown } | undefined)?.number;
  return typeof number === 'number' && Number.isSafeInteger(number) && number > 0 ? number : undefined;
}

function stringOr(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}
