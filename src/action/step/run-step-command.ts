/**
 * Step 2 in `step` mode: the step's `run` command, in the checkout, with the step's environment.
 * Its output goes to the log inside a `::stop-commands::` fence: a command that prints
 * `::set-output` or `::add-mask` (or a test that echoes issue text) must not talk to the runner.
 */
import { parseDuration } from '../../engine/duration.js';
import { err, type Result } from '../../engine/errors.js';
import { type CommandOutcome, runCommand } from '../../runner/run-command.js';
import { fenced } from '../print-data.js';
import { commandEnv } from './command-env.js';
import type { StepInput } from './step-inputs.js';
import type { StepJob } from './step-job.js';

export async function runStepCommand(
  job: StepJob,
  branch: string,
  inputs: StepInput[],
): Promise<Result<CommandOutcome>> {
  const run = job.def.run;
  if (run === undefined) return err('no-run', `step "${job.def.id}" has no run command`);
  const env = commandEnv(job, branch, inputs);
  if (!env.ok) return env;
  const timeoutMs = job.def.timeout === undefined ? undefined : parseDuration(job.def.timeout);
  return fenced(job.io, () => {
    job.io.write(`running step "${job.def.id}": ${run.split('\n')[0]}${run.includes('\n') ? ' …' : ''}\n`);
    return runCommand({
      cwd: job.workspace,
      run,
      env: env.value,
      inheritEnv: false,
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
      onOutput: (chunk) => job.io.write(chunk),
    });
  });
}
