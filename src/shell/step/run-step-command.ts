/**
 * The step's `run` command (and, with the same environment, its gate commands), in the step's
 * checkout: the face's environment, `MOL_BRANCH`, and the step's own `MOL_*` variables, nothing
 * else. The step's `timeout` stops it.
 */
import { err, parseDuration, type Result } from '../../engine/index.js';
import type { GroupIdentity } from '../../runner/process-group.js';
import { type CommandOutcome, runCommand } from '../../runner/run-command.js';
import { stepEnv } from '../../runner/step-env.js';
import type { StepCheckout } from './step-checkout.js';
import { stepInputs } from './step-inputs.js';
import type { StepJob } from './step-job.js';

export function commandEnv(job: StepJob, checkout: StepCheckout): Result<Record<string, string>> {
  const extra: Record<string, string> = {};
  for (const [key, value] of Object.entries(job.host.env)) if (value !== undefined) extra[key] = value;
  if (checkout.branch !== undefined) extra.MOL_BRANCH = checkout.branch;
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
  const { output, enclose, log, commandSpawned, commandEnded } = job.host;
  const stepId = job.def.id;
  let group: GroupIdentity | undefined;
  const command = async () => {
    log(`running step "${stepId}": ${run.split('\n')[0]}${run.includes('\n') ? ' …' : ''}`);
    const ran = await runCommand({
      cwd: checkout.cwd,
      run,
      env: env.value,
      inheritEnv: false,
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
      ...(output === undefined ? {} : { onOutput: (chunk: string) => output(chunk) }),
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
    return ran;
  };
  return enclose ? enclose(command) : command();
}
