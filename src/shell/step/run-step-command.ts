/**
 * The step's `run` command (and, with the same environment, its gate commands), in the step's
 * checkout: the face's environment, `MOL_BRANCH`, and the step's own `MOL_*` variables, nothing
 * else. The step's `timeout` stops it.
 *
 * `MOL_ATTEMPT` is the attempt running (1 the first time); on a retry `MOL_PREVIOUS_FAILURE` holds
 * why the attempt before failed, with the end of a failing gate's output (a ralph check's stdout
 * and stderr), so the command can react to it.
 */
import { err, parseDuration, type Result } from '../../engine/index.js';
import { type CommandOutcome, runCommand } from '../../runner/run-command.js';
import { stepEnv } from '../../runner/step-env.js';
import type { StepCheckout } from './step-checkout.js';
import { stepInputs } from './step-inputs.js';
import type { StepJob } from './step-job.js';

export function commandEnv(job: StepJob, checkout: StepCheckout): Result<Record<string, string>> {
  const extra: Record<string, string> = {};
  for (const [key, value] of Object.entries(job.host.env)) if (value !== undefined) extra[key] = value;
  if (checkout.branch !== undefined) extra.MOL_BRANCH = checkout.branch;
  extra.MOL_ATTEMPT = String(job.state.attempts);
  delete extra.MOL_PREVIOUS_FAILURE;
  if (job.state.attempts > 1 && job.state.error !== undefined) extra.MOL_PREVIOUS_FAILURE = job.state.error;
  return stepEnv({
    vars: job.mol.vars,
    molId: job.mol.id,
    stepId: job.def.id,
    inputs: stepInputs(job.proto, job.def).map((i) => i.path),
    workspace: checkout.cwd,
    extra,
  });
}

export async function runStepCommand(job: StepJob, checkout: StepCheckout): Promise<Result<CommandOutcome>> {
  const run = job.def.run;
  if (run === undefined) return err('no-run', `step "${job.def.id}" has no run command`);
  const env = commandEnv(job, checkout);
  if (!env.ok) return env;
  const timeoutMs = job.def.timeout === undefined ? undefined : parseDuration(job.def.timeout);
  const { output, enclose, log } = job.host;
  const command = () => {
    log(`running step "${job.def.id}": ${run.split('\n')[0]}${run.includes('\n') ? ' …' : ''}`);
    return runCommand({
      cwd: checkout.cwd,
      run,
      env: env.value,
      inheritEnv: false,
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
      ...(output === undefined ? {} : { onOutput: (chunk: string) => output(chunk) }),
    });
  };
  return enclose ? enclose(command) : command();
}
