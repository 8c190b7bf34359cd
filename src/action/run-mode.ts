/**
 * From inputs and the runner's environment to a mode: everything `run()` does except talking to
 * @actions/core, so tests drive it in process with their own IO and Octokit.
 */
import { join } from 'node:path';
import { ok, type Result } from '../engine/index.js';
import type { GitHubClient } from '../github/client.js';
import { defaultBranchOf } from '../github/formula-source.js';
import { remoteAuthEnv } from '../runner/remote-auth.js';
import { checkoutFirst } from '../shell/formulas/checkout-first.js';
import type { HandlerContext } from '../webhooks/handler-context.js';
import { formulaSource } from '../webhooks/load-proto.js';
import { openStore } from '../webhooks/molecule-store.js';
import { loadActionConfig } from './action-config.js';
import type { ActionIO, ModeResult } from './action-io.js';
import { type ActionsEnv, readActionsEnv, readEventPayload } from './actions-env.js';
import { actionHandlerContext, actionTrustedWriters } from './build-handler-context.js';
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
  const { ctx, untrustedApps } = opened.value;
  // State an untrusted app wrote was refused: fail, naming the input to set, rather than exit 0.
  return untrustedApps.verdict(await apiMode(inputs, ctx, actions.value, runId, deps));
}

function apiMode(
  inputs: ActionInputs,
  ctx: HandlerContext,
  actions: ActionsEnv,
  runId: string,
  deps: RunDeps,
): Promise<ModeResult> {
  switch (inputs.mode) {
    case 'event':
      return eventMode(ctx, deps.io, actions.eventName, runId);
    case 'patrol':
      return patrolMode(ctx, deps.io, runId);
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
): Promise<Result<{ ctx: HandlerContext; untrustedApps: UntrustedApps }>> {
  const payload = readEventPayload(actions.eventPath);
  if (!payload.ok) return payload;
  const octokit = deps.octokitFor(inputs.token);
  const repo = actions.repo;
  const named = (payload.value.repository as { default_branch?: unknown } | undefined)?.default_branch;
  const defaultBranch = typeof named === 'string' ? named : await defaultBranchOf(octokit, repo);
  const config = await loadActionConfig(octokit, repo, inputs.configPath, defaultBranch);
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
  });
  return ok({ ctx, untrustedApps });
}

function runStepMode(
  inputs: ActionInputs,
  ctx: HandlerContext,
  actions: ActionsEnv,
  runId: string,
  deps: RunDeps,
): Promise<ModeResult> {
  // The step workflow passes its workflow_dispatch inputs; without them, the event's own inputs.
  const dispatched = ((ctx.payload as { inputs?: unknown }).inputs ?? {}) as Record<string, unknown>;
  const molecule = inputs.molecule ?? stringOr(dispatched.molecule);
  const step = inputs.step ?? stringOr(dispatched.step);
  if (molecule === undefined || step === undefined) {
    return Promise.resolve({
      outputs: {},
      failure: `mode "${inputs.mode}" needs the molecule and step inputs (the step workflow passes its workflow_dispatch inputs)`,
    });
  }
  // Pinned formulas are read from the checkout first; the handlers share what is cooked here.
  const stepCtx = { ...ctx, formulas: checkoutFirst(formulaSource(ctx), actions.workspace) };
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
  };
  if (inputs.mode === 'step-start') return stepStartMode(jobDeps, molecule, step);
  if (inputs.mode === 'step-finish') return stepFinishMode(jobDeps, molecule, step);
  return stepMode(jobDeps, molecule, step);
}

function stringOr(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}
