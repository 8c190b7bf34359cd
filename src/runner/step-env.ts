/**
 * The environment a step's command sees. Variables (which may come from issue text) reach the
 * command only here, as `MOL_VAR_<NAME>`, never spliced into the command: `$(...)`, `;` and quotes in
 * a value stay inert characters unless the script itself `eval`s them.
 *
 * `MOL_INPUTS` lists the `output` paths of the steps this one needs, one per line, so a script can
 * `while IFS= read -r f; do ...; done <<< "$MOL_INPUTS"` or `for f in $MOL_INPUTS`; `MOL_INPUTS_JSON`
 * holds the same list as a JSON array for paths with newlines, which no line format can carry.
 */
import { err, ok, type Result } from '../engine/index.js';
import { scrubEnv } from './scrub-env.js';

export interface StepEnvOptions {
  vars: Record<string, string>;
  molId: string;
  stepId: string;
  /** `output` paths of the needs chain, nearest first. */
  inputs: string[];
  /** The directory the command runs in. */
  workspace: string;
  /**
   * The face's environment (the job's, the shell's) under the step's variables; what may hold a
   * credential is dropped (scrub-env.ts), so no command, gate or agent of a step ever sees it.
   */
  base: NodeJS.ProcessEnv;
  /** More variables Molecular sets (`MOL_BRANCH`); the `MOL_*` ones above take precedence. */
  extra?: Record<string, string>;
}

/** `feature-name` -> `FEATURE_NAME`. */
export function envVarName(name: string): string {
  return `MOL_VAR_${name.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;
}

export function stepEnv(options: StepEnvOptions): Result<Record<string, string>> {
  const env: Record<string, string> = { ...scrubEnv(options.base), ...options.extra };
  const origin = new Map<string, string>();
  for (const [name, value] of Object.entries(options.vars)) {
    const key = envVarName(name);
    const earlier = origin.get(key);
    if (earlier !== undefined) {
      return err(
        'var-collision',
        `the variables "${earlier}" and "${name}" would both be ${key}; rename one of them.`,
      );
    }
    if (value.includes('\0'))
      return err(
        'var-invalid',
        `the variable "${name}" contains a NUL character, which no environment can hold.`,
      );
    origin.set(key, name);
    env[key] = value;
  }
  env.MOL_MOLECULE = options.molId;
  env.MOL_STEP = options.stepId;
  env.MOL_INPUTS = options.inputs.join('\n');
  env.MOL_INPUTS_JSON = JSON.stringify(options.inputs);
  env.MOL_WORKSPACE = options.workspace;
  return ok(env);
}
