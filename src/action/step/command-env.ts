/**
 * The environment of a step's command (and its gate commands) in a job: the runner's environment
 * without what belongs to the action alone — its inputs (`INPUT_GITHUB-TOKEN` among them) and the
 * runner's internal tokens (`ACTIONS_*`) — plus the step's own `MOL_*` variables. A step that
 * needs a token gets one from the workflow's `env:`, where a reviewer sees it.
 */
import type { Result } from '../../engine/errors.js';
import { stepEnv } from '../../runner/step-env.js';
import type { StepInput } from './step-inputs.js';
import type { StepJob } from './step-job.js';

const ACTION_ONLY = /^(INPUT_|ACTIONS_)/;

export function commandEnv(
  job: StepJob,
  branch: string,
  inputs: StepInput[],
  base: NodeJS.ProcessEnv = process.env,
): Result<Record<string, string>> {
  const extra: Record<string, string> = {};
  for (const [key, value] of Object.entries(base)) {
    if (value !== undefined && !ACTION_ONLY.test(key)) extra[key] = value;
  }
  extra.MOL_BRANCH = branch;
  return stepEnv({
    vars: job.mol.vars,
    molId: job.mol.id,
    stepId: job.def.id,
    inputs: inputs.map((i) => i.path),
    workspace: job.workspace,
    extra,
  });
}
