/**
 * The step's `run` command (and, with the same environment, its gate commands), in the step's
 * checkout: the face's environment without what may hold a credential, `MOL_BRANCH`, and the
 * step's own `MOL_*` variables, nothing else. The step's `timeout` stops it.
 *
 * An agent step runs its agent's command line the same way, as a fresh process with the step's
 * prompt on stdin and in the file `$MOL_PROMPT_FILE` (outside the checkout, so it is never
 * committed); its `idle_timeout` stops it when it neither prints nor changes a file for that long,
 * and its budget when a reading of what it spends reaches a limit (agent-watch.ts). What it used
 * comes back in the outcome's `usage`.
 *
 * `MOL_ATTEMPT` is the attempt running (1 the first time); on a retry `MOL_PREVIOUS_FAILURE` holds
 * why the attempt before failed, with the end of a failing gate's output (a ralph check's stdout
 * and stderr), so the command can react to it. After a review requested changes, `$MOL_REVIEW_FILE`
 * holds the review's body and inline comments (`path:line` and text).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { err, ok, parseDuration, type Result } from '../../engine/index.js';
import type { GroupIdentity } from '../../runner/process-group.js';
import { type CommandOutcome, runCommand } from '../../runner/run-process.js';
import { stepEnv } from '../../runner/step-env.js';
import { workspaceFingerprint } from '../../runner/workspace-fingerprint.js';
import { agentCommandLine } from './agent-command.js';
import { type AgentWatch, watchAgent } from './agent-watch.js';
import { attemptFiles, ENDED_COMMAND, keepAttemptRecord } from './ended-attempt.js';
import type { StepCheckout } from './step-checkout.js';
import { stepInputs } from './step-inputs.js';
import type { StepJob } from './step-job.js';

export function commandEnv(job: StepJob, checkout: StepCheckout): Result<Record<string, string>> {
  const extra: Record<string, string> = {};
  if (checkout.branch !== undefined) extra.MOL_BRANCH = checkout.branch;
  extra.MOL_ATTEMPT = String(job.state.attempts);
  if (job.state.attempts > 1 && job.state.error !== undefined) extra.MOL_PREVIOUS_FAILURE = job.state.error;
  return stepEnv({
    base: job.host.env,
    vars: job.def.vars === undefined ? job.mol.vars : { ...job.mol.vars, ...job.def.vars },
    molId: job.mol.id,
    stepId: job.def.id,
    inputs: stepInputs(job.proto, job.def).map((i) => i.path),
    workspace: checkout.cwd,
    extra,
  });
}

/** `prompt`: the step's prompt, which an agent step's agent reads. */
export async function runStepCommand(
  job: StepJob,
  checkout: StepCheckout,
  prompt?: string,
): Promise<Result<CommandOutcome>> {
  const { def } = job;
  // Its command succeeded in the attempt before, whose runner died before recording it.
  if (checkout.ended) return ok(ENDED_COMMAND);
  const agent = def.run === undefined ? def.agent : undefined;
  const run = def.run ?? (agent === undefined ? undefined : agentCommandLine(agent));
  if (run === undefined) return err('no-run', `step "${def.id}" has no run command and no agent`);
  const env = commandEnv(job, checkout);
  if (!env.ok) return env;
  const timeoutMs = def.timeout === undefined ? undefined : parseDuration(def.timeout);
  const idleMs =
    agent === undefined || def.idleTimeout === undefined ? undefined : parseDuration(def.idleTimeout);
  const { output, enclose, log, commandSpawned, commandEnded } = job.host;
  const what = agent === undefined ? 'step' : 'agent of step';
  let group: GroupIdentity | undefined;
  const { place } = job.host;
  const files =
    place.kind === 'worktree' && place.attemptsDir !== undefined && commandSpawned !== undefined
      ? attemptFiles(place.attemptsDir, job.mol.id, def.id)
      : undefined;
  if (files !== undefined) {
    const kept = await keepAttemptRecord(files, job.state.attempts, checkout);
    if (!kept.ok) return kept;
  }
  const command = async (extra: Record<string, string>, input?: string, watch?: AgentWatch) => {
    log(`running ${what} "${def.id}": ${run.split('\n')[0]}${run.includes('\n') ? ' …' : ''}`);
    const ran = await runCommand({
      ...(watch?.stdoutLine === undefined ? {} : { stdoutLine: watch.stdoutLine }),
      ...(watch === undefined ? {} : { stop: watch.stop }),
      cwd: checkout.cwd,
      run,
      env: { ...env.value, ...extra },
      inheritEnv: false,
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
      ...(input === undefined ? {} : { input }),
      ...(idleMs === undefined
        ? {}
        : { idle: { ms: idleMs, probe: () => workspaceFingerprint(checkout.cwd) } }),
      ...(output === undefined ? {} : { onOutput: (chunk: string) => output(chunk) }),
      ...(files === undefined ? {} : { exitFile: files.exit }),
      ...(commandSpawned === undefined
        ? {}
        : {
            onSpawn: (spawned: GroupIdentity) => {
              group = spawned;
              return commandSpawned(job, spawned);
            },
          }),
    });
    if (group !== undefined) commandEnded?.(job, group);
    if (watch === undefined) return ran;
    // Always: the watch polls the usage file until it is told the agent ended.
    const usage = await watch.finish(ran.ok ? ran.value.durationMs : 0);
    if (!ran.ok) return ran;
    return ok({ ...ran.value, usage });
  };
  const review = job.state.review;
  const go = async () => {
    if (agent === undefined && review === undefined) return command({});
    const text = prompt ?? '';
    const dir = await mkdtemp(join(tmpdir(), 'mol-prompt-'));
    try {
      // The review that sent the molecule back here, outside the checkout like the prompt.
      const reviewEnv: Record<string, string> = {};
      if (review !== undefined) {
        reviewEnv.MOL_REVIEW_FILE = join(dir, 'review.md');
        await writeFile(reviewEnv.MOL_REVIEW_FILE, review);
      }
      if (agent === undefined) return await command(reviewEnv);
      const file = join(dir, 'prompt.md');
      const usageFile = join(dir, 'usage.jsonl');
      await writeFile(file, text);
      const watch = watchAgent(job, agent, usageFile);
      if (watch.refused !== undefined) {
        log(watch.refused);
        return ok(refusedOutcome(watch.refused));
      }
      return await command({ ...reviewEnv, MOL_PROMPT_FILE: file, MOL_USAGE_FILE: usageFile }, text, watch);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };
  return enclose ? enclose(go) : go();
}

/** An agent refused before it started: nothing ran, and the budget says why. */
function refusedOutcome(why: string): CommandOutcome {
  return {
    exitCode: null,
    signal: null,
    timedOut: false,
    durationMs: 0,
    outputTail: '',
    pid: 0,
    stoppedFor: why,
  };
}
